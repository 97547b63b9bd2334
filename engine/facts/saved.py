"""A fact tracker's indexes saved beside fact_database.json, so a load reads them instead of rebuilding.

Building the indexes means reading every fact's words and names (most of a 10,000-fact load); the
saved form is what that reading produced. It is derived data, never the truth: the file names the
checksum of the fact file it was made from, its own checksum, the format version and the entity
names it was read against, and a load that finds any of them off rebuilds from the facts as before.
Facts made from it keep their saved bytes and are validated when first used (engine.facts.index).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Iterable

from pydantic_core import to_json

from engine.facts.index import FactEntry
from engine.facts.tracker import FactTracker
from engine.memory import gc_paused
from engine.persistence.session_store import LoadedSession

# Bump when what the tracker derives from a fact changes (words, names, subjects): old files are rebuilt.
FORMAT = 2
_HEAD = b'{"format":%d,"facts_crc":%d,"count":%d,"crc32":%d,"index":'



def dump(tracker: FactTracker, facts_crc: int) -> bytes:
    """The saved form of `tracker`'s indexes, for the fact file whose item checksum is `facts_crc`."""
    # Words are not saved: an entry reads them from its fact's text when first needed (few ever are).
    entries = [[fid, e.subject_key, e.active, e.turn] for fid, e in tracker._entries.items()]
    body = to_json({
        "names": list(tracker._names._display.items()),
        "entries": entries,
        "by_word": tracker._by_word,
        "by_entity": {k: list(v) for k, v in tracker._by_entity.items()},
        "by_category": {str(k): list(v) for k, v in tracker._by_category.items()},
        "hash_active": tracker._hash_active,
    })
    return _HEAD % (FORMAT, facts_crc, len(entries), zlib.crc32(body)) + body + b"}"


def load(data: bytes | None, raw: list[bytes | None], facts_crc: int | None,
         known_entities: Iterable[str]) -> FactTracker | None:
    """A tracker from a saved index, when it matches the fact file read (`raw`, `facts_crc`) and the
    names the tracker would be built with; None when it does not (the caller builds from the facts)."""
    if data is None or facts_crc is None:
        return None
    end = data.find(b',"index":')
    body = data[end + 9:-1]
    if end < 0 or data[:end + 9] != _HEAD % (FORMAT, facts_crc, len(raw), zlib.crc32(body)):
        return None
    tracker = FactTracker([], known_entities)
    try:
        with gc_paused():
            saved = json.loads(body)  # the standard library's parser is the faster one for this shape
            if [list(pair) for pair in tracker._names._display.items()] != saved["names"]:
                return None
            _install(tracker, saved, raw)
    except (ValueError, KeyError, TypeError, IndexError):
        return None  # a shape this version does not expect: rebuild
    return tracker


def _install(tracker: FactTracker, saved: dict, raw: list[bytes | None]) -> None:
    entries, by_subject = tracker._entries, tracker._by_subject
    subject_words: dict[str, frozenset[str]] = {}
    active_count = 0
    for seq, ((fid, subject_key, active, turn), payload) in enumerate(zip(saved["entries"], raw, strict=True), start=1):
        sw = subject_words.get(subject_key)
        if sw is None:
            sw = subject_words[subject_key] = frozenset(subject_key.split())
        entries[fid] = FactEntry(None, seq, subject_key, None, sw, bool(active), payload, turn)
        by_subject[subject_key].add(fid)
        active_count += bool(active)
    # Same dict objects: the contradiction index holds a reference to the word index.
    tracker._by_word.update(saved["by_word"])
    tracker._by_entity.update((k, set(v)) for k, v in saved["by_entity"].items())
    tracker._by_category.update((k, set(v)) for k, v in saved["by_category"].items())
    tracker._hash_active.update(saved["hash_active"])
    tracker._json = dict(zip(entries, raw, strict=True))  # type: ignore[arg-type]
    tracker._seq = len(entries)
    tracker._active_count = active_count


def open_tracker(loaded: LoadedSession, known_entities: list[str]) -> FactTracker:
    """The tracker of a loaded session: from its saved index when that is current, else built."""
    facts_json = loaded.facts_json
    if facts_json is not None:
        tracker = load(loaded.fact_index, facts_json, loaded.fact_file.crc, known_entities)  # type: ignore[arg-type]
        if tracker is not None:
            tracker.index_saved = True
            return tracker
    return FactTracker(loaded.facts, known_entities, facts_json=facts_json)


def index_writer(tracker: FactTracker) -> Callable[[int], bytes | None]:
    """For SessionStore.save_all: the index to save beside the facts, or None when the one on disk
    already describes them (nothing changed since it was read or written)."""
    def write(facts_crc: int) -> bytes | None:
        if tracker.index_saved:
            return None
        data = dump(tracker, facts_crc)
        tracker.index_saved = True
        return data
    return write
