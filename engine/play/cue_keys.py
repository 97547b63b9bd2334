"""The cue lexicon as stems: every cue phrase keyed by the stems of its words, with its action type and
weight, the key sets the scorers ask about (movement, speech, social skills, spells, people), and what a
named spell does at the table."""

from __future__ import annotations

from pydantic import BaseModel

from engine.models.actions import ActionType
from engine.play import lexicon as lx
from engine.text import stem

T = ActionType

# Words the stemmer folds onto another word: past participles ("done" is no "don") and "here" (no "her").
_IRREGULAR = {"done": "do", "gone": "go", "here": "here"}


def cue_stem(word: str) -> str:
    """The stem a word is matched by, in a sentence and in the cue lexicon alike."""
    return _IRREGULAR.get(word) or stem(word)


_GENERIC_SPELL = {"spell", "spells", "something", "it", "cantrip", "magic", "one"}


class _Cue(BaseModel):
    action_type: ActionType
    weight: float
    label: str
    verb_only: bool = False


def _parse_lexicon() -> dict[tuple[str, ...], list[_Cue]]:
    lexicon: dict[tuple[str, ...], list[_Cue]] = {}
    for action_type, spec in lx.LEXICON_SPEC.items():
        for item in spec.split():
            cue, weight = item.rsplit(":", 1)
            verb_only = cue.endswith("!")
            cue = cue.rstrip("!")
            key = tuple(cue_stem(w) for w in cue.split("_"))
            lexicon.setdefault(key, []).append(
                _Cue(action_type=action_type, weight=float(weight), label=cue.replace("_", " "), verb_only=verb_only))
    return lexicon


LEXICON = _parse_lexicon()
MAX_PHRASE = max(len(k) for k in LEXICON)
MOVEMENT_KEYS = {tuple(cue_stem(w) for w in m.split("_")) for m in lx.MOVEMENT}
QUIET_KEYS = {(cue_stem(w),) for w in lx.QUIET_GOING}
ONWARD_KEYS = {tuple(cue_stem(w) for w in m.split("_")) for m in lx.ONWARD}
SOCIAL_KEYS = {(cue_stem(w),) for w in lx.SOCIAL_SKILL}
SPEECH_KEYS = {(cue_stem(w),) for w in lx.SPEECH}
SPELL_KEYS = {tuple(cue_stem(w) for w in s.split("_")) for s in lx.SPELL_CUES}
# People nouns (the light roleplay cues): someone to talk round even without a named NPC.
PEOPLE = {k for k, cues in LEXICON.items()
          if any(c.action_type == T.ROLEPLAY and c.weight <= lx.PERSON_WEIGHT for c in cues)}
# Every word the cues are made of, for typo correction (stems would correct "sneek" to "sneak"'s stem).
CUE_WORDS = frozenset(w for spec in lx.LEXICON_SPEC.values() for item in spec.split()
                      for w in item.rsplit(":", 1)[0].rstrip("!").split("_") if len(w) > 3)


def is_verb(word: str) -> bool:
    return word in lx.VERBS or any(not c.verb_only and c.weight >= 1.5 for c in LEXICON.get((cue_stem(word),), ())) \
        or any(c.verb_only for c in LEXICON.get((cue_stem(word),), ()))


def spell_kind(spell: str) -> ActionType | None:
    """What casting a spell does at the table: attack spells fight, detection explores, others are checks;
    None for a spell not named ("I cast a spell at it")."""
    if not set(spell.split()) - _GENERIC_SPELL:
        return None
    if any(spell.startswith(s) or s in spell for s in lx.ATTACK_SPELLS):
        return T.COMBAT
    if set(spell.split()) & lx.DETECTION_SPELLS:
        return T.EXPLORATION
    return T.SKILL_CHECK
