"""Seed 001's learnings in a session: merging a stored summary, adding decisions and patterns with dedup,
and the campaign's view across its sessions.

Everything here works on a working copy of a session's state; the caller commits it as one history entry,
so a store is undone (or recovered after a crash) as one unit.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from engine import patch
from engine.errors import InvalidInputError
from engine.facts.dedup import Comparable, classify, comparable
from engine.models.actions import PatchOp
from engine.models.facts import DedupOutcome
from engine.models.learnings import (
    DecisionSchema,
    ItemResult,
    Learning,
    LearningKind,
    LearningList,
    LearningView,
    PatternSchema,
    SaveScope,
)
from engine.models.session import SessionState, SessionSummary
from engine.persistence.atomic import read_model
from engine.persistence.journal import Journal
from engine.persistence.paths import STATE_SNAPSHOT, DataLayout
from engine.session.runtime import OpenSession

SUMMARY_LISTS = ("actions_taken", "decisions_made", "open_items", "next_actions")
ITEM_CHARS = 2000


def merge_summary(old: SessionSummary | None, new: SessionSummary) -> SessionSummary:
    """`new` folded into `old`: lists unioned with seed 001's dedup (a near-identical line replaces the
    older wording in place), the objective and notes replaced only by non-empty text. Never blanks."""
    if old is None:
        old = SessionSummary()
    merged = old.model_copy(deep=True)
    if new.objective.strip():
        merged.objective = new.objective.strip()
    if new.notes and new.notes.strip():
        merged.notes = new.notes.strip()
    if "save_scope" in new.model_fields_set:
        merged.save_scope = new.save_scope
    for name in SUMMARY_LISTS:
        setattr(merged, name, merge_lines(getattr(merged, name), getattr(new, name)))
    return merged


def merge_lines(existing: list[str], incoming: list[str]) -> list[str]:
    lines = list(existing)
    for text in incoming:
        item = comparable(str(len(lines)), text)
        if item is None:
            continue  # nothing but punctuation: nothing to keep
        pool = [c for i, line in enumerate(lines) if (c := comparable(str(i), line)) is not None]
        outcome, match = classify(item, pool)
        if outcome == DedupOutcome.NEW:
            lines.append(text.strip())
        elif outcome == DedupOutcome.SUPERSEDE and match is not None:
            lines[int(match)] = text.strip()
    return lines


@dataclass
class LearningBatch:
    """Adds one store's decisions or patterns to a working state, deduplicated against `pool` (what the
    campaign already holds) and against the batch's own earlier items."""

    state: SessionState
    pool: list[tuple[Learning, Comparable]]
    session_id: str
    turn: int
    now: datetime
    scope: SaveScope
    added: int = 0
    _counter: int = field(default=0)

    def add(self, kind: LearningKind, raw: str | DecisionSchema | PatternSchema) -> ItemResult:
        try:
            text, kind_type, rationale = _fields(raw)
            item = comparable("", text)
            if item is None:
                raise InvalidInputError("The text has no words once punctuation is removed; write a sentence.")
        except InvalidInputError as exc:
            return ItemResult(status="failed", error=str(exc))
        same_kind = [c for learning, c in self.pool if learning.kind == kind]
        outcome, match = classify(item, same_kind)
        if outcome == DedupOutcome.DUPLICATE_SKIP:
            return ItemResult(artifact_id=match, dedup_outcome=outcome)
        self._counter += 1
        learning = Learning(
            id=f"{kind.value[:3]}-{self.turn}.{self._counter}@{self.session_id}", kind=kind, text=text,
            text_hash=item.digest, scope=self.scope, type=kind_type, rationale=rationale, turn=self.turn,
            created_at=self.now, supersedes=match if outcome == DedupOutcome.SUPERSEDE else None)
        self.state.learnings.append(learning)
        self.added += 1
        if match is not None:
            # The replaced one leaves the pool: a later item in the batch dedups against the new wording.
            self.pool = [(x, c) for x, c in self.pool if x.id != match]
        self.pool.append((learning, Comparable(learning.id, item.digest, item.words)))
        return ItemResult(artifact_id=learning.id, dedup_outcome=outcome, superseded_id=learning.supersedes)


def _fields(raw: object) -> tuple[str, str | None, str | None]:
    if isinstance(raw, str):
        text, kind_type, rationale = raw, None, None
    elif isinstance(raw, DecisionSchema):
        text, kind_type, rationale = raw.text, raw.type.value if raw.type else None, raw.rationale
    elif isinstance(raw, PatternSchema):
        text, kind_type, rationale = raw.text, raw.type.value if raw.type else None, None
    else:
        raise InvalidInputError(f"An item must be text or an object with 'text', not {type(raw).__name__}.")
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        raise InvalidInputError("The item's text is empty.")
    for value, what in ((text, "The item's text"), (rationale, "The rationale")):
        if value is not None and "\x00" in value:
            raise InvalidInputError(f"{what} contains a NUL character; remove it and try again.")
        if value is not None and len(value) > ITEM_CHARS:
            raise InvalidInputError(f"{what} is {len(value):,} characters long; the limit is {ITEM_CHARS:,}.")
    return text, kind_type, rationale.strip() if rationale and rationale.strip() else None


@dataclass(frozen=True)
class Source:
    """One session's learnings, as read for the campaign view."""

    campaign: str
    session_id: str
    session_name: str
    learnings: list[Learning]


def views(sources: Iterable[Source], *, include_superseded: bool = False) -> LearningList:
    """Every learning with where it came from; one replaced by a later (still present) one is inactive."""
    sources = list(sources)
    replaced = {x.supersedes: x.id for src in sources for x in src.learnings if x.supersedes}
    out = LearningList()
    # Oldest first; within a session its own order (the order the items were given in).
    rows = sorted(((src, i, x) for src in sources for i, x in enumerate(src.learnings)),
                  key=lambda r: (r[2].created_at, r[2].turn, r[1]))
    for src, _, x in rows:
        view = LearningView(**x.model_dump(), session_id=src.session_id, session_name=src.session_name,
                            campaign=src.campaign, active=x.id not in replaced, superseded_by=replaced.get(x.id))
        if view.active or include_superseded:
            (out.decisions if x.kind == LearningKind.DECISION else out.patterns).append(view)
    return out


def dedup_pool(sources: Iterable[Source], campaign: str) -> list[tuple[Learning, Comparable]]:
    """The active learnings a new one is compared with: what this campaign reads, i.e. its own (any scope)
    and the global ones of every campaign, so one learning is never stored twice where it is read."""
    listed = views(sources)
    pool = []
    for view in [*listed.decisions, *listed.patterns]:
        if view.campaign == campaign or view.scope == SaveScope.GLOBAL:
            words = (comparable("", view.text) or _NONE).words
            pool.append((Learning(**view.model_dump(include=set(Learning.model_fields))),
                         Comparable(view.id, view.text_hash, words)))
    return pool


_NONE = Comparable("", "", frozenset())


def session_learnings(s: OpenSession) -> LearningList:
    """What one session stored, as its end-of-session summary shows it."""
    return views([Source(s.slug, s.session_id, s.meta.name, s.state.learnings)])


def read_learnings(layout: DataLayout, slug: str, session_id: str) -> list[Learning] | None:
    """A session's learnings from its files without reading its history or facts: the snapshot's, then
    the journal's later changes to them. None when the snapshot came back from its backup: the caller
    then reads the session whole (that needs the journal's retained segment too)."""
    state, restored = read_model(layout.session_dir(slug, session_id) / STATE_SNAPSHOT, SessionState)
    if restored:
        return None
    doc = {"learnings": [x.model_dump(mode="json") for x in state.learnings]}
    for line in Journal(layout.journal_file(slug, session_id)).read():
        record = json.loads(line)
        if record["seq"] <= state.journal_seq:
            continue
        ops = [PatchOp.model_validate(op) for op in record["entry"].get("patch", ()) if op["path"][:1] == ["learnings"]]
        if ops:
            (patch.apply if record["op"] == "entry" else patch.revert)(doc, ops)
    return [Learning.model_validate(x) for x in doc["learnings"]]
