"""Campaigns in the data folder, and the bundled ones copied there on first run."""

from __future__ import annotations

import importlib.resources
import os
import shutil
import uuid
from importlib.resources.abc import Traversable
from pathlib import Path

from pydantic import ValidationError

from engine.errors import CampaignNotFoundError, CorruptFileError, InvalidNameError
from engine.models.world import Campaign
from engine.persistence.atomic import describe_problem, fsync_dir, read_model, write_bytes_atomic
from engine.persistence.paths import CAMPAIGN_FILE, SESSIONS_DIR, DataLayout, slugify, validate_name

BUNDLED_PACKAGE = "gm_campaigns"
# Files in the bundled package that are packaging, not content.
_SKIP = {"__init__.py", "__pycache__"}


def _bundled_root() -> Traversable:
    try:
        return importlib.resources.files(BUNDLED_PACKAGE)
    except ModuleNotFoundError:
        # Running from a checkout that was never installed: the folder sits at the repo's top.
        return Path(__file__).resolve().parents[2] / "campaigns"


def bundled_campaign_dirs() -> list[Traversable]:
    """Every bundled campaign folder (one holding campaign.json), sorted by folder name."""
    root = _bundled_root()
    if not root.is_dir():
        return []
    found = [d for d in root.iterdir()
             if d.is_dir() and d.name not in _SKIP and not d.name.startswith(".")
             and d.joinpath(CAMPAIGN_FILE).is_file()]
    return sorted(found, key=lambda d: d.name)


def _copy_tree(src: Traversable, dest: Path) -> None:
    dest.mkdir()
    for item in src.iterdir():
        if item.name in _SKIP or item.name.startswith("."):
            continue
        if item.is_dir():
            _copy_tree(item, dest / item.name)
        else:
            with open(dest / item.name, "wb") as fh:
                fh.write(item.read_bytes())
                fh.flush()
                os.fsync(fh.fileno())
    fsync_dir(dest)


def ensure_bundled_campaigns(layout: DataLayout) -> list[str]:
    """Copy each bundled campaign whose slug (folder name) is absent from the data folder.

    A campaign already there is never touched, so the DM's changes survive upgrades. Each copy is
    built under a hidden name and renamed into place, so a crash never leaves half a campaign.
    """
    copied: list[str] = []
    for src in bundled_campaign_dirs():
        slug = validate_name(src.name, "bundled campaign folder")
        if layout.campaign_dir(slug).exists():
            continue
        data = src.joinpath(CAMPAIGN_FILE).read_bytes()
        try:
            Campaign.model_validate_json(data)
        except ValidationError as exc:
            raise CorruptFileError(
                f"The bundled campaign {src.name}/{CAMPAIGN_FILE} is invalid: {describe_problem(exc)}. "
                "Reinstall GM Console.", path=f"{src.name}/{CAMPAIGN_FILE}") from None
        layout.campaigns_dir.mkdir(parents=True, exist_ok=True)
        staging = layout.campaigns_dir / f".installing-{slug}-{uuid.uuid4().hex[:8]}"
        try:
            _copy_tree(src, staging)
            os.rename(staging, layout.campaign_dir(slug))
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        fsync_dir(layout.campaigns_dir)
        copied.append(slug)
    return copied


class CampaignStore:
    """The campaigns under one data root, each `campaigns/<slug>/campaign.json`."""

    def __init__(self, layout: DataLayout) -> None:
        self.layout = layout
        # Messages for campaigns the last list() could not read.
        self.errors: list[str] = []

    def slugs(self) -> list[str]:
        """Folder names holding a campaign.json (or its backup, or sessions: a campaign whose file was lost
        is still listed, so its sessions stay reachable and the missing file is named), sorted."""
        try:
            entries = sorted(os.scandir(self.layout.campaigns_dir), key=lambda e: e.name)
        except FileNotFoundError:
            return []
        return [e.name for e in entries
                if e.is_dir() and not e.name.startswith(".")
                and any((Path(e.path) / n).exists() for n in (CAMPAIGN_FILE, CAMPAIGN_FILE + ".backup", SESSIONS_DIR))]

    def list(self) -> list[tuple[str, Campaign]]:
        """(slug, Campaign) for every readable campaign, by slug. Unreadable ones go to self.errors."""
        found: list[tuple[str, Campaign]] = []
        self.errors = []
        for slug in self.slugs():
            try:
                found.append((slug, self.load(slug)))
            except (CorruptFileError, CampaignNotFoundError) as exc:
                self.errors.append(f"Campaign {slug}: {exc}")
        return found

    def resolve(self, name_or_slug: str) -> str:
        """The slug of the campaign whose slug or name matches, ignoring case (and spacing/punctuation)."""
        wanted = name_or_slug.strip().casefold()
        campaigns = self.list()
        for slug, campaign in campaigns:
            if wanted in (slug.casefold(), campaign.name.strip().casefold()):
                return slug
        loose = _slug_or_none(name_or_slug)
        if loose:
            for slug, campaign in campaigns:
                if loose == slug or loose == _slug_or_none(campaign.name):
                    return slug
        available = ", ".join(f"{c.name} ({s})" for s, c in campaigns) or "none"
        raise CampaignNotFoundError(
            f"No campaign named {name_or_slug!r}. Available campaigns: {available}.")

    def load(self, slug: str) -> Campaign:
        path = self.layout.campaign_file(slug)
        if not path.parent.is_dir():
            raise CampaignNotFoundError(
                f"No campaign {slug!r} in {self.layout.campaigns_dir}. "
                f"Available: {', '.join(self.slugs()) or 'none'}.")
        campaign, _ = read_model(path, Campaign)
        return campaign

    def save(self, slug: str, campaign: Campaign) -> None:
        """Write campaign.json atomically (the previous version becomes campaign.json.backup)."""
        path = self.layout.campaign_file(slug)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, campaign.model_dump_json(indent=2).encode())


def _slug_or_none(name: str) -> str | None:
    try:
        return slugify(name)
    except InvalidNameError:
        return None
