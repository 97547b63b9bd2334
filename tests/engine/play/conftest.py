"""Fixtures shared by the intent tests."""

from __future__ import annotations

import pytest

from engine.play import second_opinion


@pytest.fixture
def rules_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules decide alone, as when no second-opinion weights are shipped."""
    monkeypatch.setattr(second_opinion, "_model", lambda: None)
