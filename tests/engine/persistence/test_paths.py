"""Names that become paths are validated; every path comes from DataLayout."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from engine.errors import InvalidNameError
from engine.persistence.paths import (
    JOURNAL,
    LOCK,
    SESSION_FILES,
    DataLayout,
    default_data_dir,
    slugify,
    validate_name,
)

BAD_NAMES = {
    "empty": ("", "empty"),
    "blank": ("   ", "empty"),
    "slash": ("a/b", "slash"),
    "backslash": ("a\\b", "slash"),
    "dotdot": ("..", "'..'"),
    "dotdot-inside": ("a..b", "'..'"),
    "parent-escape": ("../etc", "slash"),
    "nul": ("evil\x00name", "NUL"),
    "absolute": ("/etc/passwd", "absolute"),
    "windows-absolute": ("C:\\Windows", "absolute"),
    "too-long": ("x" * 101, "101 characters"),
    "leading-dot": (".hidden", "starts with '.'"),
    "newline": ("two\nlines", "control character"),
    "tab": ("tab\there", "control character"),
    "escape": ("bell\x07", "control character"),
    "delete": ("del\x7f", "control character"),
}


@pytest.mark.parametrize("name,problem", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_bad_names_are_rejected_with_the_problem_named(name: str, problem: str) -> None:
    with pytest.raises(InvalidNameError) as info:
        validate_name(name, "session id")
    assert problem in str(info.value)
    assert "session id" in str(info.value)


@pytest.mark.parametrize("name", [
    "the-salt-road", "Session 1", "x" * 100, "0b6c1f7e-4f0a-4b7c-9a51-2f3d5c8e9a10",
    "Ünïcode Quest", "O'Brien's last stand", "v1.2", "a",
])
def test_good_names_pass_unchanged(name: str) -> None:
    assert validate_name(name) == name


def test_non_text_is_rejected() -> None:
    with pytest.raises(InvalidNameError, match="must be text"):
        validate_name(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("name,slug", [
    ("The Salt Road", "the-salt-road"),
    ("  Dark   Lantern!! ", "dark-lantern"),
    ("Ünder the Mountain", "under-the-mountain"),
    ("../../etc/passwd", "etc-passwd"),
    ("Wait... what", "wait-what"),
])
def test_slugify(name: str, slug: str) -> None:
    assert slugify(name) == slug


def test_slugify_keeps_slugs_within_the_length_limit() -> None:
    slug = slugify("word " * 60)
    assert len(slug) <= 100
    assert not slug.endswith("-")


@pytest.mark.parametrize("name", ["", "!!!", "日本語"])
def test_slugify_refuses_names_without_letters_or_digits(name: str) -> None:
    with pytest.raises(InvalidNameError, match="no letters or digits"):
        slugify(name)


def test_data_dir_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GM_CONSOLE_DATA_DIR", str(tmp_path / "data"))
    assert default_data_dir() == tmp_path / "data"


def test_data_dir_defaults_to_the_platform_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GM_CONSOLE_DATA_DIR", raising=False)
    assert default_data_dir() == platformdirs.user_data_path("gm-console")


def test_layout_matches_the_design(tmp_path: Path) -> None:
    layout = DataLayout(tmp_path)
    camp = tmp_path / "campaigns" / "salt-road"
    assert layout.campaigns_dir == tmp_path / "campaigns"
    assert layout.campaign_dir("salt-road") == camp
    assert layout.campaign_file("salt-road") == camp / "campaign.json"
    assert layout.sessions_index("salt-road") == camp / "sessions.json"
    assert layout.sessions_dir("salt-road") == camp / "claudmaster_sessions"
    assert layout.session_dir("salt-road", "s1") == camp / "claudmaster_sessions" / "s1"
    assert layout.journal_file("salt-road", "s1").name == JOURNAL == "journal.jsonl"
    assert layout.lock_file("salt-road", "s1").name == LOCK == "session.lock"
    assert SESSION_FILES == ("session_meta.json", "state_snapshot.json", "fact_database.json",
                             "action_history.json", "context_state.json")
    assert layout.session_file("salt-road", "s1", "fact_database.json").parent == layout.session_dir(
        "salt-road", "s1")


@pytest.mark.parametrize("slug,session_id", [("../x", "s1"), ("ok", "../../x"), ("ok", "/abs"), ("", "s1")])
def test_layout_refuses_unsafe_slugs_and_ids(tmp_path: Path, slug: str, session_id: str) -> None:
    with pytest.raises(InvalidNameError):
        DataLayout(tmp_path).session_dir(slug, session_id)


def test_layout_refuses_unknown_session_files(tmp_path: Path) -> None:
    with pytest.raises(InvalidNameError, match="not a session file"):
        DataLayout(tmp_path).session_file("ok", "s1", "../../campaign.json")
