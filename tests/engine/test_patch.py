"""engine.patch: diff/apply/revert are exact inverses over JSON-like documents."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.models.actions import PatchOp
from engine.patch import apply, diff, revert

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=3),
                    st.floats(allow_nan=False, allow_infinity=False, width=32))
json_values = st.recursive(
    scalars,
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(st.sampled_from("abcde"), children, max_size=4)),
    max_leaves=20,
)
documents = st.one_of(st.dictionaries(st.sampled_from("abcdef"), json_values, max_size=5),
                      st.lists(json_values, max_size=5))


@settings(max_examples=300, deadline=None)
@given(documents, documents)
def test_apply_diff_reaches_after_and_revert_restores_before(a, b):
    if type(a) is not type(b):
        b = {"wrapped": b} if isinstance(a, dict) else [b]
    ops = diff(a, b)
    doc = copy.deepcopy(a)
    apply(doc, ops)
    assert doc == b
    revert(doc, ops)
    assert doc == a


@settings(max_examples=100, deadline=None)
@given(documents)
def test_identical_documents_have_no_ops(a):
    assert diff(a, copy.deepcopy(a)) == []


def test_list_growth_and_shrink_use_tail_add_remove():
    ops = diff({"xs": [1, 2, 3]}, {"xs": [1, 9]})
    assert [(o.op, o.path) for o in ops] == [("set", ["xs", 1]), ("remove", ["xs", 2])]
    ops = diff([1], [1, 2, 3])
    assert [(o.op, o.path, o.after) for o in ops] == [("add", [1], 2), ("add", [2], 3)]


def test_bool_replacing_int_is_a_change():
    # Scalars compare strictly by type. Containers are first compared with ==, which treats 1 and
    # True alike; documents come from one schema, where a field never changes type.
    assert diff(1, True) != []
    assert diff({"x": 1, "y": 2}, {"x": True, "y": 3}) != []


def test_ops_round_trip_through_json():
    a = {"party": [{"hp": 10, "conditions": []}], "loc": "Gate"}
    b = {"party": [{"hp": 3, "conditions": ["prone"]}], "loc": "Mill", "new": {"k": 1}}
    ops = [PatchOp.model_validate_json(o.model_dump_json()) for o in diff(a, b)]
    doc = copy.deepcopy(a)
    apply(doc, ops)
    assert doc == b
    revert(doc, ops)
    assert doc == a


def test_apply_does_not_alias_patch_values():
    ops = diff({"x": None}, {"x": {"inner": [1]}})
    doc = {"x": None}
    apply(doc, ops)
    doc["x"]["inner"].append(2)
    assert ops[0].after == {"inner": [1]}


def test_unknown_op_is_rejected():
    with pytest.raises(ValueError):
        apply({"x": 1}, [PatchOp(path=["x"], op="frobnicate")])
