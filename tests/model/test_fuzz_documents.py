"""The fuzz suite: hypothesis mutations of every example of every kind, through load, check, save and
export (tests/model/pipeline.py). No input may crash or hang; a bad one is refused with a message.

The normal suite runs a few hundred documents. For the long run (>= 10,000 documents):

    pytest tests/model/test_fuzz_documents.py --fuzz=10000      (or STARWRIGHT_FUZZ=10000)

The count is split between the value-level and the text-level mutation tests.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from model import pointer as jp
from tests.model.pipeline import pointers as _pointers
from tests.conftest import EXAMPLES
from tests.model.schema_strategy import vocabulary
from tests.model.pipeline import LIMIT_S, through_everything

FUZZ = int(os.environ.get("STARWRIGHT_FUZZ") or 0)
VALUE_RUNS = max(FUZZ * 3 // 4, 200)
TEXT_RUNS = max(FUZZ - VALUE_RUNS, 100) if FUZZ else 100

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.starwright"))
BASES = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLE_FILES]
KINDS = {b["format"] for b in BASES}

# Values that broke earlier versions, and the ordinary kind
EDGE_NUMBERS = st.sampled_from([0, -1, 1, 2, 3.0, 0.5, -0.0, 1e15, -1e15, 10 ** 15, 2 ** 31, 2 ** 53 + 1,
                                1e308, 10 ** 15 + 1, 999999, -999999, 7, 100])
EDGE_TEXT = st.sampled_from([
    "", " ", "1" * 1200, "1" * 4400, "W" * 3000, "<img src='/etc/hostname'/>", "<b>", "</para>", "&amp;", "&",
    "<a href='http://x'>x</a>", "\u202e\u05d0\u05d1", "שלום", "Ⅻ", "🚀", "\t\n", "a" * 100001, "../../etc/passwd",
    "/dev/zero", "/", ".", "Human", "Yazirian", "pilot", "gunner", "Knife", "Carbine", "Veteran", "Laser Pistol",
    "FF", "LB", "HP", "d10", "2d6"])
leaf = st.one_of(st.none(), st.booleans(), st.integers(-10, 1000), EDGE_NUMBERS,
                 st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6),
                 st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12),
                 EDGE_TEXT)
value = st.recursive(leaf, lambda kids: st.one_of(
    st.lists(kids, max_size=4), st.dictionaries(st.one_of(st.text(max_size=6), EDGE_TEXT), kids, max_size=3)),
    max_leaves=8)




@st.composite
def mutated_values(draw):
    data = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 5))):
        # "format" and "version" are the text mutations' (and the reproducers'): here the kind stays known
        pointers = [p for p in _pointers(data) if p not in ("", "/format", "/version")]
        if not pointers:
            break
        ptr = draw(st.sampled_from(pointers))
        container, key = jp.container_and_key(data, ptr)
        action = draw(st.sampled_from(["same", "same", "same", "same", "replace", "number", "text", "delete", "dup",
                                       "grow"]))
        old = container[key]
        if action == "same":  # a value of the same type: the document often stays schema-valid, so the
            # rules, the save and the sheet get it
            if isinstance(old, bool) or old is None:
                container[key] = draw(st.one_of(st.booleans(), st.none()))
            elif isinstance(old, int):
                container[key] = draw(st.one_of(st.integers(-5, 30), SANE_INTS))
            elif isinstance(old, float):
                container[key] = draw(st.floats(-1e6, 1e6, allow_nan=False))
            elif isinstance(old, str):
                container[key] = draw(st.one_of(SHORT_TEXT, st.sampled_from(vocabulary())))
            elif isinstance(old, list) and old:
                del old[draw(st.integers(0, len(old) - 1))]
        elif action == "replace":
            container[key] = draw(value)
        elif action == "number":
            container[key] = draw(EDGE_NUMBERS)
        elif action == "text":
            container[key] = draw(EDGE_TEXT)
        elif action == "delete":
            del container[key]
        elif isinstance(container, list):
            for _ in range(1 if action == "dup" else draw(st.integers(2, 60))):
                container.append(copy.deepcopy(container[key]))
    return json.dumps(data, ensure_ascii=draw(st.booleans())).encode("utf-8")


SANE_INTS = st.sampled_from([0, -1, 1, 2, 3, 6, 10, 12, 99, 100, 999, 10 ** 6, -10 ** 6])
SHORT_TEXT = st.sampled_from([t for t in EDGE_TEXT.elements if len(t) <= 40] + ["1" * 90, "<img src='x'/>" * 3])
RAW_PIECES = st.sampled_from([b"\x00", b"\\u0000", b"\\ud800", b"\\udfff", b"NaN", b"Infinity", b"-Infinity",
                              b"1e400", b"9" * 5000, b"3.0", b"[" * 990, b"{", b"}", b"]", b",", b":", b'"',
                              b'"name": 1, "name": 2, ', b"\xff\xfe", b"\xef\xbb\xbf", b"\xc3", b"\r\n", b"true",
                              b"null", b"-", b"0x10", b"01", b"1.5e3", b"\\", b"\t"])


@st.composite
def mutated_text(draw):
    raw = bytearray(json.dumps(draw(st.sampled_from(BASES)), indent=draw(st.sampled_from([None, 2]))).encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(raw)))
        action = draw(st.sampled_from(["insert", "delete", "truncate", "byte"]))
        if action == "insert":
            raw[at:at] = draw(RAW_PIECES)
        elif action == "delete":
            del raw[at:at + draw(st.integers(1, 40))]
        elif action == "truncate":
            del raw[at:]
        else:
            raw[at:at + 1] = bytes([draw(st.integers(0, 255))])
    return bytes(raw)


OUTCOMES: Counter = Counter()


@pytest.fixture(scope="module", autouse=True)
def _tally():
    yield
    total = sum(OUTCOMES.values())
    print(f"\nfuzz: {total} documents, {OUTCOMES['ok']} loaded, checked, saved and exported, "
          f"{OUTCOMES['refused']} refused with a message, 0 crashes, 0 hangs (limit {LIMIT_S} s each)")


def _run(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        OUTCOMES[through_everything(raw, Path(folder))] += 1


def test_every_kind_has_examples_to_mutate():
    assert len(KINDS) == 5 and len(BASES) >= 20


@settings(max_examples=VALUE_RUNS, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(mutated_values())
def test_fuzz_mutated_values_never_crash_or_hang(raw):
    _run(raw)


@settings(max_examples=TEXT_RUNS, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(mutated_text())
def test_fuzz_mutated_text_never_crashes_or_hangs(raw):
    _run(raw)
