"""Exact, invertible patches over JSON-like documents (dicts, lists, scalars).

Used for undo/redo and for merging agents' worlds: `diff` gives the ops that turn `before` into
`after`, `apply` replays them, `revert` undoes them. Documents are what `model_dump(mode="json")`
returns, so every value is a dict, list, str, int, float, bool or None.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.models.actions import PatchOp


def diff(before: Any, after: Any, path: tuple[str | int, ...] = ()) -> list[PatchOp]:
    """Ops that turn `before` into `after`.

    Dicts recurse key by key (a key present on one side only is a "set" from/to absent, recorded as
    op "add"/"remove"); lists are compared element-wise over the common length, then the tail is
    added or removed one element at a time. Anything else that differs is a whole-value "set".
    """
    if isinstance(before, dict) and isinstance(after, dict):
        # C-speed equality first: most of a world is unchanged by one action, so only the
        # branches that differ are walked. (Documents come from one schema, so a field never
        # flips between bool and int, which == would not see.)
        return [] if before == after else _diff_dict(before, after, path)
    if isinstance(before, list) and isinstance(after, list):
        return [] if before == after else _diff_list(before, after, path)
    if _same(before, after):
        return []
    return [PatchOp(path=list(path), op="set", before=copy.deepcopy(before), after=copy.deepcopy(after))]


def _same(a: Any, b: Any) -> bool:
    # True == 1 in Python, but a bool replacing an int is still a change worth recording.
    return type(a) is type(b) and a == b


def _diff_dict(before: dict, after: dict, path: tuple[str | int, ...]) -> list[PatchOp]:
    ops: list[PatchOp] = []
    for key, old in before.items():
        if key in after:
            new = after[key]
            # The same test diff() makes, without a call per unchanged field.
            if type(old) is not type(new) or old != new:
                ops.extend(diff(old, new, (*path, key)))
        else:
            ops.append(PatchOp(path=[*path, key], op="remove", before=copy.deepcopy(old)))
    for key, new in after.items():
        if key not in before:
            ops.append(PatchOp(path=[*path, key], op="add", after=copy.deepcopy(new)))
    return ops


def _diff_list(before: list, after: list, path: tuple[str | int, ...]) -> list[PatchOp]:
    ops: list[PatchOp] = []
    common = min(len(before), len(after))
    for i in range(common):
        old, new = before[i], after[i]
        if type(old) is not type(new) or old != new:
            ops.extend(diff(old, new, (*path, i)))
    for i in range(common, len(after)):
        ops.append(PatchOp(path=[*path, i], op="add", after=copy.deepcopy(after[i])))
    # Remove from the end so every recorded index is valid at the moment it is applied.
    for i in range(len(before) - 1, common - 1, -1):
        ops.append(PatchOp(path=[*path, i], op="remove", before=copy.deepcopy(before[i])))
    return ops


def _parent(doc: Any, path: list[str | int]) -> tuple[Any, str | int]:
    node = doc
    for key in path[:-1]:
        node = node[key]
    return node, path[-1]


def _put(doc: Any, path: list[str | int], op: str, value: Any) -> Any:
    """Performs one forward step; returns the new root (only changes when the path is empty)."""
    if not path:
        if op != "set":
            raise ValueError(f"cannot {op} the document root")
        return copy.deepcopy(value)
    parent, key = _parent(doc, path)
    if op == "set":
        parent[key] = copy.deepcopy(value)
    elif op == "add":
        if isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        else:
            parent[key] = copy.deepcopy(value)
    elif op == "remove":
        if isinstance(parent, list):
            parent.pop(key)
        else:
            del parent[key]
    else:
        raise ValueError(f"unknown patch op {op!r}")
    return doc


_INVERSE = {"set": "set", "add": "remove", "remove": "add"}


def apply(doc: Any, ops: list[PatchOp]) -> None:
    """Applies `ops` to `doc` in place, in order. A root-level "set" needs a dict or list root."""
    for op in ops:
        value = op.after if op.op in ("set", "add") else None
        _in_place(doc, op.path, op.op, value)


def revert(doc: Any, ops: list[PatchOp]) -> None:
    """Exactly undoes `apply(doc, ops)`, in place, walking the ops backwards."""
    for op in reversed(ops):
        inverse = _INVERSE[op.op]
        value = op.before if inverse in ("set", "add") else None
        _in_place(doc, op.path, inverse, value)


def _in_place(doc: Any, path: list[str | int], op: str, value: Any) -> None:
    if path:
        _put(doc, path, op, value)
        return
    # A whole-document replacement must keep the caller's object identity.
    if isinstance(doc, dict) and isinstance(value, dict):
        doc.clear()
        doc.update(copy.deepcopy(value))
    elif isinstance(doc, list) and isinstance(value, list):
        doc[:] = copy.deepcopy(value)
    else:
        raise ValueError("cannot replace a scalar document in place; wrap it in a dict or list")
