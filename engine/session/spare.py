"""The spare working copy: the state a commit replaced, brought level with the new one, becomes the next
change's working copy instead of a copy validated from the whole document.

Validating the cached document (tens of kilobytes, hundreds of models) was the largest fixed cost of a
change. One action changes a handful of values, and the commit's patch names them, so once the patch is
durable the old state's objects are updated where the patch points (each field re-validated from the new
document: fresh objects, shared with nothing) and kept for the next `working_state`.

Safe because nothing keeps the old state after a commit: readers of the session state build their own view
models or deep copies, and every change runs under the session's lock on its own working copy. A spare is
only ever handed out once, and only while its top-level fields still match the document (a field set on the
live state between commits, as a resumed session's narrator is, sends the next change back to validation).
With ENGINE_VERIFY_STATE=1 (the test suite sets it) every spare handed out is also checked, in full,
against the document.
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

from pydantic import BaseModel

from engine.models.actions import PatchOp
from engine.models.session import SessionState

VERIFY = os.environ.get("ENGINE_VERIFY_STATE") == "1"
# The state's own top-level values, compared with the document before a spare is handed out.
_TOP = tuple(name for name, f in SessionState.model_fields.items()
             if f.annotation in (int, str, str | None, int | None))


@cache
def _fields_by_key(cls: type[BaseModel]) -> dict[str, str]:
    """Document key -> field name (a key that is no field, such as a computed one, is absent)."""
    out = {}
    for name, f in cls.model_fields.items():
        out[name] = name
        for key in (f.alias, f.serialization_alias):
            if key:
                out[key] = name
    return out


def bring_level(spare: SessionState, doc: dict, ops: list[PatchOp]) -> bool:
    """Update `spare` (the old state) to the new document `doc` where `ops` changed it. False if an op
    could not be followed: the spare is then unfit and must be dropped."""
    done: set[tuple[int, str]] = set()
    try:
        for op in ops:
            if not _follow(spare, doc, op, done):
                return False
    except Exception:  # noqa: BLE001 - the change is durable already: an unfit spare is dropped, never raised
        return False
    return True


def _follow(spare: SessionState, doc: dict, op: PatchOp, done: set[tuple[int, str]]) -> bool:
    # An element added to or removed from a list or dict changes its container: the walk stops above it.
    path = op.path if op.op == "set" else op.path[:-1]
    node: Any = spare
    here: Any = doc
    owner: tuple[BaseModel, str, Any] | None = None
    for key in path:
        if isinstance(node, BaseModel):
            name = _fields_by_key(type(node)).get(key)  # type: ignore[arg-type]
            if name is None:
                # A computed value: it follows from the fields whose own ops are in the patch.
                return key in type(node).model_computed_fields
            if (id(node), name) in done:
                return True  # already re-validated whole from the new document
            owner = (node, name, here[key])
            node = node.__dict__[name]
        else:
            node = node[key]
        here = here[key]
    if owner is None:
        return False  # the whole document replaced: nothing to update in place
    model, name, value = owner
    type(model).__pydantic_validator__.validate_assignment(model, name, value)
    done.add((id(model), name))
    return True


def fit(spare: SessionState, doc: dict) -> bool:
    """Whether the spare may stand in for a copy validated from `doc`."""
    if any(getattr(spare, name) != doc[name] for name in _TOP):
        return False
    if VERIFY and spare.model_dump(mode="json") != doc:
        raise AssertionError("the spare working copy differs from the state document")
    return True
