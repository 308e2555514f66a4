"""Whatever a Labernator file or a roster holds, import never raises anything but ImportRefused, and what it
returns is a Starwright crew that loads and checks (hypothesis mutates the fixtures)."""

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from model.evaluate import evaluate
from model.importers import ImportRefused, import_bytes
from model.kinds import KINDS
from model.storage import from_data

from tests.model.import_fixtures import labernator_current, roster_tree, to_new_recruit, to_rosz, to_xml

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
                 st.text(max_size=20), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3))


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _mutate(doc, data):
    paths = [p for p in _paths(doc) if p]
    for _ in range(data.draw(st.integers(1, 4))):
        path = data.draw(st.sampled_from(paths))
        parent = doc
        try:
            for step in path[:-1]:
                parent = parent[step]
            if data.draw(st.booleans()) and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = data.draw(JUNK)
        except (KeyError, IndexError, TypeError):
            continue
    return doc


def _imports_cleanly(raw: bytes) -> None:
    try:
        result = import_bytes(raw, "fuzz")
    except ImportRefused as e:
        assert e.message
        return
    loaded = from_data(json.loads(json.dumps(result.data)))
    assert evaluate(loaded.data, KINDS["stargrave-crew"]).schema_valid
    assert result.report.to_text()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_labernator_files_import_or_are_refused(data):
    _imports_cleanly(json.dumps(_mutate(labernator_current(), data)).encode("utf-8"))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["xml", "rosz", "json"]))
def test_mutated_rosters_import_or_are_refused(data, wrapping):
    tree = _mutate(roster_tree(), data)
    try:
        raw = {"xml": lambda: to_xml(tree), "rosz": lambda: to_rosz(to_xml(tree)), "json": lambda: to_new_recruit(tree)}[wrapping]()
    except (AttributeError, TypeError, KeyError, ValueError):
        return   # the fixture writer cannot write this mutation as XML; the JSON wrapping covers it
    _imports_cleanly(raw)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_are_refused_not_raised(raw):
    _imports_cleanly(raw)
