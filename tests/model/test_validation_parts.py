"""A document is checked against its schema part by part (model/validation.py `_by_parts`): the issues are
exactly those of checking it whole, in the same order, and a change re-checks only the part it is in."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings, strategies as st

from model import storage, validation
from model.kinds import KINDS
from tests.conftest import EXAMPLES
from tests.model.mutations import mutate

DOCUMENT_KINDS = sorted({k.schema: k for k in KINDS.values()}.values(), key=lambda k: k.schema)
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.starwright"))
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.text(max_size=5),
                   st.lists(st.integers(0, 3), max_size=2), st.dictionaries(st.sampled_from(["name", "x"]),
                                                                          st.integers(0, 3), max_size=2))


def checked(keys) -> list[str]:
    """The parts checked against their schema (not the wholes remembered, "...!")."""
    return sorted(key for key, _content in keys if not key.endswith("!"))


def _whole(schema: str, data) -> list:
    return validation.errors_to_issues(validation.validator(schema).iter_errors(data))


def _examples():
    out = []
    for path in EXAMPLE_FILES:
        try:
            loaded = storage.load(path)
        except storage.DocumentError:
            continue
        out.append((loaded.kind.schema, loaded.data))
    return out


EXAMPLE_DOCS = _examples()


def test_every_document_schema_is_checked_by_parts():
    for kind in DOCUMENT_KINDS:
        assert validation._parts(kind.schema).props, kind.schema


def test_the_examples_give_the_issues_of_the_whole_check():
    assert len(EXAMPLE_DOCS) >= 10
    for schema, data in EXAMPLE_DOCS:
        assert validation._by_parts(schema, data) == _whole(schema, data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_broken_document_gives_the_issues_of_the_whole_check_in_the_same_order(draw):
    schema, data = draw.draw(st.sampled_from(EXAMPLE_DOCS))
    broken = mutate(draw.draw, data, VALUES)
    assert validation._by_parts(schema, broken) == _whole(schema, broken)


def test_a_change_checks_again_only_the_part_it_is_in():
    schema, data = next((s, d) for s, d in EXAMPLE_DOCS if s.startswith("stargrave-crew"))
    validation._by_parts(schema, data)
    before = set(validation._RECORDS)
    changed = copy.deepcopy(data)
    changed["captain"]["name"] += "x"
    assert validation._by_parts(schema, changed) == _whole(schema, changed)
    assert checked(set(validation._RECORDS) - before) == [f"{schema}#/captain"]


def test_an_officers_item_checks_again_only_its_item_list():
    """An officer's parts are cut again: a new item checks the list of items (and the new name), not the officer's
    powers, the officer or the crew."""
    schema, data = next((s, d) for s, d in EXAMPLE_DOCS if s.startswith("stargrave-crew"))
    validation._by_parts(schema, data)
    before = set(validation._RECORDS)
    changed = copy.deepcopy(data)
    changed["captain"]["items"].append("A name never seen before")
    assert validation._by_parts(schema, changed) == _whole(schema, changed)
    assert checked(set(validation._RECORDS) - before) == [f"{schema}#/captain/items", f"{schema}#/captain/items/*"]
