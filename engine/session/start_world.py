"""The world as a session started, kept beside its files for the end-of-session merge.

Ending a session merges its world changes into campaign.json against the world it started from. That
world can always be worked out by reverting every history entry's patch from the current state, but
for a loaded 10,000-entry session that means validating every entry. It is written once, when the
session starts, to a derived file; the end reads it instead. Like every derived file it is checked, not
trusted: it carries the checksum of its world bytes and the session id, and when it is missing, damaged
or foreign the end reverts the patches as before, so losing it costs time, never correctness.
"""

from __future__ import annotations

import json
import re
import zlib

from pydantic import ValidationError

from engine.models.world import Campaign
from engine.persistence.atomic import write_derived
from engine.persistence.paths import START_WORLD
from engine.persistence.session_store import SessionStore

_CRC = re.compile(rb'(\d+),"world":')


def _prefix(session_id: str) -> bytes:
    return b'{"session_id":' + json.dumps(session_id).encode() + b',"crc32":'


def save(store: SessionStore, session_id: str, world: Campaign) -> None:
    body = world.model_dump_json().encode()
    data = _prefix(session_id) + b'%d,"world":' % zlib.crc32(body) + body + b"}"
    write_derived(store.session_dir(session_id) / START_WORLD, data)


def load(store: SessionStore, session_id: str) -> Campaign | None:
    """The saved start world of `session_id`, or None when there is none that can be trusted."""
    try:
        data = (store.session_dir(session_id) / START_WORLD).read_bytes()
    except OSError:
        return None
    prefix = _prefix(session_id)
    head = _CRC.match(data, len(prefix)) if data.startswith(prefix) else None
    if head is None or not data.endswith(b"}"):
        return None
    body = data[head.end():-1]
    if zlib.crc32(body) != int(head.group(1)):
        return None
    try:
        return Campaign.model_validate_json(body)
    except ValidationError:
        return None
