"""Campaign files for the `gm-console campaign ...` commands: scaffold, check, list."""

from __future__ import annotations

from pathlib import Path

from engine.content.authoring import scaffold_campaign as _scaffold
from engine.content.campaign_check import CampaignProblem, check_campaign
from engine.persistence.campaign_store import CampaignStore, ensure_bundled_campaigns
from engine.persistence.paths import DataLayout, default_data_dir

__all__ = ["CampaignProblem", "check_campaign", "list_campaign_names", "scaffold_campaign"]


def _layout(data_dir: Path | str | None) -> DataLayout:
    return DataLayout(Path(data_dir) if data_dir else default_data_dir())


def scaffold_campaign(name: str, data_dir: Path | str | None = None) -> Path:
    """A starter campaign.json for `name` in the data dir; returns its path."""
    layout = _layout(data_dir)
    layout.campaigns_dir.mkdir(parents=True, exist_ok=True)
    return _scaffold(name, layout.campaigns_dir)


def list_campaign_names(data_dir: Path | str | None = None) -> list[tuple[str, str]]:
    """(slug, name) of every campaign in the data dir, the bundled sample copied in first."""
    layout = _layout(data_dir)
    ensure_bundled_campaigns(layout)
    store = CampaignStore(layout)
    return [(slug, store.load(slug).name) for slug in store.slugs()]
