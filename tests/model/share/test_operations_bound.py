"""A phone's change goes through the same refusal as the Play view's: one the saved file could not hold (a count
at the play schema's maximum) is refused with its sentence and leaves the document as it was (issue 37.5)."""

from __future__ import annotations

import copy

import pytest

from model.evaluate import evaluate
from model.kinds import KINDS
from model.share.operations import build
from model.share.protocol import Refused
from model.storage import load
from tests.conftest import EXAMPLES


def test_a_phones_step_past_what_the_saved_file_holds_is_refused_and_changes_nothing():
    data = copy.deepcopy(load(EXAMPLES / "z-gata-frigate.starwright").data)
    data["play"] = {"speed": 100000}            # the play schema's maximum for a count
    kind = KINDS["knighthawks-ship"]
    groups = evaluate(data, kind).play
    before = copy.deepcopy(data)
    with pytest.raises(Refused) as refused:
        build(kind.kind, data, groups, {"op": "step", "id": "a1", "pointer": "/play/speed", "delta": 1})
    assert "not changed" in str(refused.value) and "the most a saved file holds" in str(refused.value)
    assert data == before
    edit = build(kind.kind, data, groups, {"op": "step", "id": "a2", "pointer": "/play/speed", "delta": -1})
    assert edit is not None                      # the other way is fine
