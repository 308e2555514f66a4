"""The key the content memos use (schema checks, campaign replay, walk-through trials): equal exactly when the
content is, whatever else refers to it."""

import copy
import json
from decimal import Decimal

from hypothesis import given, strategies as st

from model.content_key import content_key

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                    max_leaves=20)


@given(JSON)
def test_the_same_content_gives_the_same_key_whoever_shares_its_parts(value):
    twin = json.loads(json.dumps(value))               # equal content, no object in common
    assert content_key(twin) == content_key(value)
    shared = [value, value]                            # one object twice, and referred to from elsewhere
    assert content_key(shared) == content_key([copy.deepcopy(value), copy.deepcopy(value)])


@given(JSON, JSON)
def test_different_content_gives_different_keys(a, b):
    if json.dumps(a) != json.dumps(b):
        assert content_key(a) != content_key(b)


def test_values_that_compare_equal_in_python_still_differ_when_json_tells_them_apart():
    assert content_key(True) != content_key(1)
    assert content_key(1) != content_key(1.0)
    assert content_key("1") != content_key(1)
    assert content_key({"a": 1, "b": 2}) != content_key({"b": 2, "a": 1})   # another order: only a miss


def test_a_value_marshal_cannot_write_is_keyed_by_its_repr():
    assert content_key({"n": Decimal("1.5")}) == repr({"n": Decimal("1.5")})
    assert content_key({"n": Decimal("1.5")}) != content_key({"n": Decimal("2.5")})
