"""The archivist's digests of a session's latest entries, saved beside action_history.json.

The load recap and every pause or end summary read the notes of the last thousand entries; working them
out means validating those entries first, which would be a large part of a load. A save writes the
digests it already holds (engine.play.agents.entry_notes) to this derived file; a load reads them back
instead. Like the fact index it is never the truth: it names the checksum of the history file it was
made from, its own checksum and a fingerprint of the code that makes digests, and a load that finds
any of them off (or cannot read it at all) simply works the digests out from the entries as before.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Callable

from engine.memory import gc_paused
from engine.persistence.history import History
from engine.play.agents.entry_notes import FINGERPRINT, Digest

# The longest stretch the archivist reads (recap and end summary).
WINDOW = 1000
FORMAT = 1
_HEAD = b'{"format":%d,"fingerprint":%d,"history_crc":%d,"history_len":%d,"start":%d,"crc32":%d,"digests":'
_HEAD_RE = re.compile(rb'^\{"format":(\d+),"fingerprint":(\d+),"history_crc":(\d+),"history_len":(\d+),'
                      rb'"start":(\d+),"crc32":(\d+),"digests":')


def dump(history: History, history_crc: int) -> bytes | None:
    """The file for a history whose saved entries have checksum `history_crc`; None when some of the
    latest entries have no digest yet (nothing is worked out just to be saved)."""
    tail = history.derived_tail(WINDOW)
    if tail is None or not FINGERPRINT:
        return None
    start, digests = tail
    # One digest a line, each line kept from when it was last read or written: a save joins them.
    body = b"[\n" + b",\n".join(d.encoded() for d in digests) + b"\n]"
    head = _HEAD % (FORMAT, FINGERPRINT, history_crc, len(history), start, zlib.crc32(body))
    return head + body + b"}"


def seed(history: History, data: bytes | None, history_crc: int | None) -> bool:
    """Give `history` (as just read, checksum `history_crc`) the digests saved in `data` when they were
    made from exactly these entries by this code; True when they were taken."""
    if data is None or history_crc is None or not FINGERPRINT:
        return False
    head = _HEAD_RE.match(data)
    if head is None or not data.endswith(b"}"):
        return False
    fmt, fingerprint, crc, length, start, own = (int(g) for g in head.groups())
    body = data[head.end():-1]
    if (fmt, fingerprint, crc, length) != (FORMAT, FINGERPRINT, history_crc, len(history)) or zlib.crc32(body) != own:
        return False
    if not (body.startswith(b"[\n") and body.endswith(b"\n]")):
        return False
    try:
        with gc_paused():
            # One parse of the whole array (a parse per line costs more); the lines are kept for the next save.
            lines = body[2:-2].split(b",\n") if length > start else []
            parsed = json.loads(body)
            if len(parsed) != len(lines):
                return False
            digests = [Digest.decode(line, item) for line, item in zip(lines, parsed, strict=True)]
    except (ValueError, TypeError):
        return False  # a shape this code does not expect: work them out again
    if start + len(digests) != length:
        return False
    history.seed_derived(start, digests)
    return True


def writer(history: History) -> Callable[[int], bytes | None]:
    """For SessionStore.save_all: the file to write once the history's checksum is known."""
    return lambda history_crc: dump(history, history_crc)
