"""The places this version added (optional rules, the play state) are named in words, with names the document
or the rules pack gives them (labels' `keyed`, `"in": "document"`)."""

from __future__ import annotations

import json

import pytest

from model.labels import describe_pointer
from tests.conftest import EXAMPLES


def doc(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.starwright").read_text(encoding="utf-8"))


@pytest.mark.parametrize("pointer, words", [
    ("/play/figures/s3/loot", "Play › Figures › Vell › Loot"),                 # a soldier by its name
    ("/play/figures/s2/health_lost", "Play › Figures › Recruit › Health lost"),  # unnamed: by its type
    ("/play/figures/captain/health_lost", "Play › Figures › Captain › Health lost"),
    ("/play/figures/s99/loot", "Play › Figures › S99 › Loot"),                   # no such soldier: the key's words
    ("/optional_rules/encumbrance", 'Optional rules › "encumbrance"'),           # not a rule of this pack
])
def test_a_crews_play_state_is_named_by_its_figures(pointer, words):
    assert describe_pointer(doc("ashen-comet-veteran"), pointer) == words


def test_an_optional_rule_is_named_as_the_pack_names_it():
    data = doc("norel-kho-dralasite")
    assert describe_pointer(data, "/optional_rules/encumbrance") == "Optional rules › Encumbrance"
    assert describe_pointer(data, "/optional_rules/gravity") == 'Optional rules › "gravity"'
    assert describe_pointer(data, "/portrait") == "Portrait"
