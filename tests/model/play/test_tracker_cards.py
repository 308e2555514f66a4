"""Play tracker cards (`export --tracker`, File > Export PDF > Play tracker cards): one card per figure or
ship with a row of boxes per track, read back from the PDF; the numbers are the Play view's maxima."""

from __future__ import annotations

import pytest

from model.evaluate import evaluate
from model.sheets.cards import tracker_pdf
from model.storage import load
from tests.conftest import EXAMPLES
from tests.model.cards.test_cards import raw_text, squash
from tests.model.sheets.test_sheets_cli import page_size, sw

EXAMPLE = {
    "stargrave-crew": "ashen-comet-campaign",
    "starfrontiers-character": "kara-venn-human",
    "knighthawks-ship": "z-gata-frigate",
    "starchasers-ship": "kestrel-light-freighter",
    "starchasers-character": "dash-korrin-ace",
}


@pytest.mark.parametrize("kind", list(EXAMPLE))
def test_the_cli_writes_a_tracker_card_per_figure_or_ship_with_each_tracks_boxes(kind, tmp_path):
    src = EXAMPLES / f"{EXAMPLE[kind]}.starwright"
    out = tmp_path / "t.pdf"
    r = sw("export", src, "--tracker", "-o", out, "--paper", "a4")
    assert r.returncode == 0, r.stderr
    assert "tracker cards" in r.stdout and page_size(out).startswith("595.276 x 841.89")
    loaded = load(src)
    result = evaluate(loaded.data, loaded.kind)
    text = squash(raw_text(out))
    for g in result.play:
        assert g.title.upper()[:12] in text.upper()
        for t in g.tracks:
            label = t.label.upper()
            assert (f"{label} {t.maximum}" if t.maximum is not None else label) in text.upper(), (g.title, label)
        for p in g.powers:
            assert f"{p.name} (F{p.fatigue})".upper() in text.upper()
        assert "Rules:" in text and g.tracks[0].rule in text


def test_KH_WPN_09_the_tracker_card_counts_the_ships_limited_supplies(tmp_path):
    loaded = load(EXAMPLES / "z-gata-frigate.starwright")
    result = evaluate(loaded.data, loaded.kind)
    text = squash(raw_text_of(tracker_pdf(loaded.data, result), tmp_path)).upper()
    for s in result.derived["supplies"]:
        assert f"{s['name'].upper()} {s['count']}" in text
    assert "KH-WPN-09" in text and "SPEED" in text and "ADF" in text


def raw_text_of(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    return raw_text(path)


def test_a_document_with_nothing_to_track_says_so(tmp_path):
    r = sw("new", "starfrontiers-character", "-o", tmp_path / "ship.starwright")
    assert r.returncode == 0, r.stderr
    r = sw("export", tmp_path / "ship.starwright", "--tracker", "-o", tmp_path / "t.pdf")
    assert r.returncode == 2 and "nothing to track yet" in r.stderr
    r = sw("export", tmp_path / "ship.starwright", "--tracker", "--markdown")
    assert r.returncode == 2 and "--tracker" in r.stderr


def test_SC_REP_the_tracker_card_of_a_damaged_ship_prints_the_damage_carried_over(tmp_path):
    loaded = load(EXAMPLES / "kestrel-light-freighter.starwright")
    data = loaded.data
    # damage carried over between sessions, and a game's stress and shields (not carried over: not printed)
    data["play"] = {"hull_damage": 3, "structure_damage": 1, "system_damage": 2, "stress_taken": 4,
                    "shields_down": 1}
    result = evaluate(data, loaded.kind)
    text = squash(raw_text_of(tracker_pdf(data, result), tmp_path)).upper()
    assert "CARRIED OVER" in text
    assert "3 HULL POINTS LOST, 1 STRUCTURE POINTS LOST, 2 SYSTEM DAMAGE" in text
    assert "4 STRESS" not in text and "SHIELDS LOST" not in text
    data["play"] = {"stress_taken": 4}
    text = squash(raw_text_of(tracker_pdf(data, evaluate(data, loaded.kind)), tmp_path)).upper()
    assert "CARRIED OVER" not in text           # an undamaged ship: nothing carried over
