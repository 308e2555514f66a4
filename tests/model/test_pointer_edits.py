"""JSON Pointers and edit records: every edit returns the inverse that restores the document exactly."""

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from model import edits, pointer as jp
from model.edits import Batch, Insert, Move, Remove, Set


def test_pointer_escapes_round_trip():
    assert jp.join("a/b", "c~d", 0) == "/a~1b/c~0d/0"
    assert jp.split("/a~1b/c~0d/0") == ["a/b", "c~d", "0"]
    assert jp.split("") == []


def test_pointer_resolve_and_errors():
    data = {"a": [{"b": 1}], "x/y": 2}
    assert jp.resolve(data, "/a/0/b") == 1
    assert jp.resolve(data, "/x~1y") == 2
    for bad in ["/a/1", "/a/01", "/nope", "/a/0/b/c", "/a/-"]:
        with pytest.raises(jp.PointerError):
            jp.resolve(data, bad)
    with pytest.raises(jp.PointerError):
        jp.split("no-slash")


def _doc():
    return {"format": "f", "version": 1, "name": "A", "list": [1, 2, 3], "obj": {"k": "v", "m": [True]}}


@pytest.mark.parametrize("edit", [
    Set("/name", "B"),
    Set("/new", {"x": 1}),
    Set("/list/1", 20),
    Insert("/list/0", 0),
    Insert("/list/-", 4),
    Remove("/list/2"),
    Remove("/obj/k"),
    Move("/list/0", 2),
    Move("/list/2", 0),
    Batch((Set("/name", "C"), Insert("/list/-", 9), Remove("/obj")), "several"),
])
def test_edit_then_inverse_restores_exactly(edit):
    data = _doc()
    before = json.dumps(data)
    inverse = edits.apply(data, edit)
    assert json.dumps(data) != before
    redo = edits.apply(data, inverse)
    assert json.dumps(data) == before  # key order too
    edits.apply(data, redo)
    assert json.dumps(data) != before


def test_failed_batch_leaves_document_untouched():
    data = _doc()
    before = copy.deepcopy(data)
    with pytest.raises(jp.PointerError):
        edits.apply(data, Batch((Set("/name", "X"), Remove("/list/9"))))
    assert data == before


def test_edit_values_are_copied_not_shared():
    value = {"a": [1]}
    data = _doc()
    edits.apply(data, Set("/new", value))
    value["a"].append(2)
    assert data["new"] == {"a": [1]}


def test_touched_and_describe():
    assert edits.touched(Set("/captain/name", "x")) == ["/captain/name"]
    assert edits.touched(Insert("/soldiers/-", {})) == ["/soldiers"]
    assert edits.describe(Batch((), "quick start")) == "quick start"
    assert edits.describe(Set("/crew_name", "")) == "change crew name"


# --- property test: random edits on random documents ---------------------------------------

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.text(max_size=8))
json_value = st.recursive(json_leaf, lambda kids: st.one_of(
    st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=5), kids, max_size=4)), max_leaves=12)
documents = st.dictionaries(st.text(max_size=5), json_value, min_size=1, max_size=5)


def _containers(data, ptr=""):
    yield ptr, data
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for k, v in items:
        if isinstance(v, (dict, list)):
            yield from _containers(v, jp.child(ptr, k))


@st.composite
def doc_and_edit(draw):
    data = draw(documents)
    containers = list(_containers(data))
    ptr, node = draw(st.sampled_from(containers))
    value = draw(json_value)
    if isinstance(node, dict):
        keys = list(node)
        choice = draw(st.sampled_from(["set-new", "set", "remove"] if keys else ["set-new"]))
        if choice == "set-new":
            key = draw(st.text(max_size=5).filter(lambda k: k not in node))
            return data, Set(jp.child(ptr, key), value)
        key = draw(st.sampled_from(keys))
        return data, Set(jp.child(ptr, key), value) if choice == "set" else Remove(jp.child(ptr, key))
    n = len(node)
    options = ["insert"] + (["set", "remove", "move"] if n else [])
    choice = draw(st.sampled_from(options))
    if choice == "insert":
        return data, Insert(jp.child(ptr, draw(st.integers(0, n))), value)
    i = draw(st.integers(0, n - 1))
    if choice == "set":
        return data, Set(jp.child(ptr, i), value)
    if choice == "remove":
        return data, Remove(jp.child(ptr, i))
    return data, Move(jp.child(ptr, i), draw(st.integers(0, n - 1)))


@settings(max_examples=300, deadline=None)
@given(doc_and_edit())
def test_property_edit_then_inverse_restores_document(case):
    data, edit = case
    if edit.pointer == "":
        return
    before = json.dumps(data, sort_keys=False)
    inverse = edits.apply(data, edit)
    edits.apply(data, inverse)
    assert json.dumps(data, sort_keys=False) == before
