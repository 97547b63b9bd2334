"""The third blind set (intent_blind3.json, written by someone who had not seen the code) split once, by a
fixed seed, before any tuning: two thirds are tuned on, one third is held back and never looked at."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

BLIND3 = Path(__file__).resolve().parent / "intent_blind3.json"
SPLIT_SEED = 20261122


def blind3_split() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(tuned, held back): a random third held back, the rest tuned on."""
    cases = json.loads(BLIND3.read_text())
    held = set(random.Random(SPLIT_SEED).sample(range(len(cases)), len(cases) // 3))
    return [c for i, c in enumerate(cases) if i not in held], [c for i, c in enumerate(cases) if i in held]
