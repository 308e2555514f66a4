"""The fuzzer of the play, portrait and optional-rules parts (tests/model/parts_fuzz.py): a small fixed sample
of generated documents of every kind goes the whole way (load, check, save, every export, the Play view's
operations, the end-game record), each stage under a time bound, and none may crash, hang or give a wrong
output. The long run (>= 10,000 documents, with figures per stage and kind) is by hand:

    PYTHONPATH=. .venv/bin/python tests/benchmarks/bench_fuzz_parts.py --count 10000

Failures whose cause is owned elsewhere (parts_fuzz.cause: a damaged stored picture, a ship's repairs, a Play
step past the schema's bound) are printed with their cause and left to that work; every other one fails here.
"""

from __future__ import annotations

import base64
import json
from collections import Counter
from pathlib import Path

import pytest

from tests.model import parts_fuzz as pf

SEED = 20261205
SAMPLE = range(48)


def test_the_generated_documents_cover_every_kind_and_part():
    kinds, parts, pictures = Counter(), Counter(), Counter()
    by_part = {(media, w, h, base64.b64encode(raw).decode("ascii")): name
               for name, (media, w, h, raw) in pf.pictures().items()}
    for i in range(400):
        kind, raw = pf.document(SEED, i)
        data = json.loads(raw)
        kinds[kind] += 1
        parts.update(k for k in ("play", "portrait", "optional_rules") if k in data)
        if isinstance(data.get("portrait"), dict):
            p = data["portrait"]
            pictures[by_part.get((p.get("media_type"), p.get("width"), p.get("height"), p.get("data")), "other")] += 1
    assert set(kinds) == {"stargrave-crew", "starfrontiers-character", "starchasers-ship", "starchasers-character",
                          "knighthawks-ship"}
    assert min(parts.values()) > 200
    assert set(pf.pictures()) <= set(pictures), set(pf.pictures()) - set(pictures)


def test_a_document_is_the_same_from_its_seed_and_index():
    assert pf.document(SEED, 7) == pf.document(SEED, 7)
    assert pf.document(SEED, 7) != pf.document(SEED, 8)


@pytest.mark.parametrize("index", SAMPLE)
def test_a_generated_document_goes_the_whole_way(index, tmp_path):
    kind, raw = pf.document(SEED, index)
    case = pf.run(raw, tmp_path, kind)
    own = []
    (tmp_path / "again").mkdir()
    for stage, outcome, what in case.failures:
        why = pf.cause(raw, stage, outcome, what, tmp_path / "again")
        if why == "own":
            own.append((stage, outcome, what))
        else:
            print(f"document {index}: {stage} {outcome} ({why}): {what}")
    assert own == []
    if case.outcomes["load"] == "ok":
        assert set(case.outcomes) >= set(pf.STAGES) - {"record"}


# ---- the harness sees what it is for: each check can fail ---------------------------------------------------

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "kara-venn-human.starwright"


def _example_with_play() -> bytes:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["play"] = {"stamina_lost": 3}
    return json.dumps(data).encode("utf-8")


def test_the_whole_way_for_a_good_document_is_all_ok(tmp_path):
    case = pf.run(_example_with_play(), tmp_path)
    assert case.failures == []
    assert case.outcomes == {stage: "ok" for stage in pf.STAGES if stage != "record"}


def test_a_crash_a_hang_and_wrong_outputs_are_told_apart(tmp_path, monkeypatch):
    import time

    import model.listing
    import model.sheets
    import model.sheets.cards
    monkeypatch.setattr(pf, "STAGE_LIMIT_S", 1)
    monkeypatch.setattr(pf, "BLANK_DONE", set())
    monkeypatch.setattr(model.sheets, "export_pdf", lambda *a, **k: b"not a PDF")
    monkeypatch.setattr(model.sheets.cards, "tracker_pdf", lambda *a, **k: time.sleep(3))
    monkeypatch.setattr(model.listing, "listing", lambda data, result, markdown=False: "no name here\n")
    monkeypatch.setattr(model.sheets.cards, "cards_pdf", lambda *a, **k: 1 / 0)
    case = pf.run(_example_with_play(), tmp_path)
    got = {stage: outcome for stage, outcome, _ in case.failures}
    assert got == {"sheet": "wrong", "tracker": "hang", "text": "wrong", "markdown": "wrong", "cards": "crash",
                   "blank": "crash"}, case.failures


def test_an_export_that_refuses_what_check_accepts_is_a_wrong_output(tmp_path, monkeypatch):
    import model.sheets
    from model.sheets import SheetError

    def refuse(*a, **k):
        raise SheetError("no")
    monkeypatch.setattr(model.sheets, "export_pdf", refuse)
    case = pf.run(_example_with_play(), tmp_path)
    assert [(s, o) for s, o, _ in case.failures] == [("sheet", "wrong")]


def test_a_play_step_that_does_not_move_its_count_is_a_wrong_output(tmp_path, monkeypatch):
    from model import edits, play

    def nothing(data, track, delta, clamp=False):
        return edits.Batch((play.set_count(data, track.pointer, track.stored),), "nothing")
    monkeypatch.setattr(play, "step", nothing)
    case = pf.run(_example_with_play(), tmp_path)
    assert [(s, o) for s, o, _ in case.failures] == [("play", "wrong")]


def test_a_save_that_reloads_to_other_data_is_a_wrong_output(tmp_path, monkeypatch):
    from model import storage
    real = storage.save
    monkeypatch.setattr(storage, "save", lambda path, data: real(path, {**data, "notes": "changed"}))
    case = pf.run(_example_with_play(), tmp_path)
    assert [(s, o) for s, o, _ in case.failures] == [("save", "wrong")]


def test_causes_owned_elsewhere_are_named(tmp_path):
    data = json.loads(_example_with_play())
    media, w, h, raw = pf.pictures()["png-bad-zlib"]
    data["portrait"] = {"media_type": media, "width": w, "height": h,
                        "data": base64.b64encode(raw).decode("ascii")}
    doc = json.dumps(data).encode("utf-8")
    assert pf.cause(doc, "sheet", "crash", "OSError: cannot load", tmp_path) == "portrait"
    assert pf.cause(doc, "play", "wrong", "a step of 1 on /play/x made a document the schema refuses: 100001 is out of "
                                 "range: must be at most 100000", tmp_path) == "play-bound"
    assert pf.cause(_example_with_play(), "sheet", "crash", "OSError: cannot load", tmp_path) == "own"
