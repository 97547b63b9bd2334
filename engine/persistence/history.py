"""A session's history: every entry's JSON, and each entry validated only once something reads it.

A 10,000-entry session is read at load as 10,000 byte strings (engine.persistence.listfile): play
reads only the tail (context, recap, undo), so validating the whole history up front would be most
of a load. Saves join the bytes; nothing is serialized twice. The running totals that the end-of-
session stats need (dice, facts, combats) are kept as entries come and go and are saved in the
file's header, so the stats never walk the whole history either.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar, overload

from engine.errors import CorruptFileError
from engine.models.actions import HistoryEntry

TOTALS = ("dice", "facts", "combats")
# Validated entries kept in memory behind the newest, beyond the longest stretch play reads (recap and
# end summary: 1,000). Older ones keep only their bytes: a 10,000-entry session holds a fifth of the
# objects, which the collector never scans and a close never has to free.
KEEP_MODELS = 2000
D = TypeVar("D")


def entry_json(entry: HistoryEntry) -> bytes:
    # Defaults left out: they read back identically and the files are a quarter smaller.
    return entry.model_dump_json(exclude_defaults=True).encode()


def entry_counts(entry: HistoryEntry) -> tuple[int, int, int]:
    """What one entry adds to the totals: dice rolled, facts recorded, fights started."""
    combats = sum(1 for c in entry.state_changes if c.kind == "combat_start") if entry.state_changes else 0
    return len(entry.dice_rolls), len(entry.facts_added), combats


class History:
    """A list of HistoryEntry that keeps each entry's bytes and validates entries on first access."""

    __slots__ = ("_derived", "_models", "_raw", "_totals")

    def __init__(self, entries: Iterable[HistoryEntry] = ()) -> None:
        self._models: list[HistoryEntry | None] = list(entries)
        self._raw: list[bytes | None] = [None] * len(self._models)
        self._totals = [0, 0, 0]
        # Position -> a value worked out from that entry alone (see derived).
        self._derived: dict[int, Any] = {}
        for entry in self._models:
            self._count(entry, 1)  # type: ignore[arg-type]

    @classmethod
    def from_saved(cls, raw: list[bytes | None], items: list[HistoryEntry] | None,
                   totals: dict[str, int]) -> History:
        """From a read list file: the validated items if it was validated in full, else the bytes and
        the totals its header carries (recounted from the entries when the header has none)."""
        if items is not None:
            return cls(items)
        history = cls()
        history._raw = raw
        history._models = [None] * len(raw)
        if all(name in totals for name in TOTALS):
            history._totals = [totals[name] for name in TOTALS]
        else:
            for i in range(len(raw)):
                history._count(history[i], 1)
        return history

    def _count(self, entry: HistoryEntry, sign: int) -> None:
        for i, n in enumerate(entry_counts(entry)):
            self._totals[i] += sign * n

    def _model(self, i: int) -> HistoryEntry:
        entry = self._models[i]
        if entry is None:
            try:
                entry = HistoryEntry.model_validate_json(self._raw[i])  # type: ignore[arg-type]
            except ValueError as exc:
                # Only possible if the program's idea of an entry changed without a schema bump: the
                # checksum proved these are the bytes that were saved.
                raise CorruptFileError(f"History entry {i + 1} cannot be read ({exc}).") from None
            self._models[i] = entry
        return entry

    def __len__(self) -> int:
        return len(self._models)

    def __bool__(self) -> bool:
        return bool(self._models)

    @overload
    def __getitem__(self, i: int) -> HistoryEntry: ...
    @overload
    def __getitem__(self, i: slice) -> list[HistoryEntry]: ...

    def __getitem__(self, i: int | slice) -> HistoryEntry | list[HistoryEntry]:
        if isinstance(i, slice):
            return [self._model(j) for j in range(*i.indices(len(self._models)))]
        n = len(self._models)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("history index out of range")
        return self._model(i)

    def __iter__(self) -> Iterator[HistoryEntry]:
        for i in range(len(self._models)):
            yield self._model(i)

    def __reversed__(self) -> Iterator[HistoryEntry]:
        for i in range(len(self._models) - 1, -1, -1):
            yield self._model(i)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            other = list(other)
        return isinstance(other, list) and list(self) == other

    __hash__ = None  # type: ignore[assignment]

    def append(self, entry: HistoryEntry, payload: bytes | None = None) -> None:
        """Add an entry; `payload` is its JSON when the caller has it (the journal line's bytes)."""
        self._models.append(entry)
        self._raw.append(payload)
        self._count(entry, 1)
        old = len(self._models) - KEEP_MODELS - 1
        if old >= 0 and self._raw[old] is not None:
            self._models[old] = None

    def derived(self, i: int, make: Callable[[HistoryEntry], D]) -> D:
        """`make(self[i])`, worked out once: an entry never changes once committed, so what is derived from
        it alone holds until the entry is taken back. One kind of derived value per history (the archivist's
        digests)."""
        value = self._derived.get(i)
        if value is None:
            value = self._derived[i] = make(self._model(i))
        return value

    def seed_derived(self, start: int, values: list[Any]) -> None:
        """Derived values of entries start, start+1, ... worked out earlier (read from a derived file)."""
        for offset, value in enumerate(values):
            self._derived[start + offset] = value

    def derived_tail(self, last: int) -> tuple[int, list[Any]] | None:
        """(first position, values) of the last `last` entries when every one is known, else None."""
        start = max(len(self._models) - last, 0)
        values = [self._derived.get(i) for i in range(start, len(self._models))]
        return None if any(v is None for v in values) else (start, values)

    def pop(self) -> HistoryEntry:
        entry = self._model(len(self._models) - 1)
        self._derived.pop(len(self._models) - 1, None)
        self._models.pop()
        self._raw.pop()
        self._count(entry, -1)
        return entry

    def last_json(self) -> bytes:
        """The newest entry's JSON."""
        payload = self._raw[-1]
        return payload if payload is not None else entry_json(self._model(len(self._raw) - 1))

    def raw(self) -> list[bytes]:
        """Every entry's JSON, serializing only the entries whose bytes are not known yet."""
        raw = self._raw
        for i, payload in enumerate(raw):
            if payload is None:
                raw[i] = entry_json(self._model(i))
        return raw  # type: ignore[return-value]

    def totals(self) -> dict[str, int]:
        """Dice rolled, facts recorded and fights started over the whole history."""
        return dict(zip(TOTALS, self._totals, strict=True))
