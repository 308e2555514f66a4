"""A Starchasers ship's repair log is bounded by its schema at what a campaign can hold (500, SC-REP: each repair
restores at least a point and a destroyed ship is not repaired), a longer log from an earlier version is refused
on opening with a sentence saying what to do, a 501st repair is refused before it is recorded, and the sheet lays
each repair out once however many pages the log runs to. (Times: tests/benchmarks/bench_bounded.py.)"""

import copy
import json

import pytest

from model.bounded import DocumentError
from model.evaluate import evaluate
from model.sheets import SheetOptions, export_pdf
from model.sheets import rowtable
from model.storage import from_data
from model.systems.starchasers.ship import actions_repair as ar
from model.systems.starchasers.ship.actions import BadValue
from model.systems.starchasers.ship.repair import most_repairs
from tests.conftest import EXAMPLES
from tests.model.sheet_text import pdf_text

REPAIRS = [{"what": "hull", "points": 3, "by": "shop", "place": "spaceport", "reputability": "good",
            "damage_before": 5},
           {"what": "system", "points": 2, "by": "crew", "place": "space", "damage_before": 2},
           {"what": "structure", "points": 1, "by": "shop", "place": "drydock", "region": "mid_rim",
            "reputability": "good", "damage_before": 2}]


def ship(n: int, **play) -> dict:
    d = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text("utf-8"))
    d["play"] = {**play, "repairs": [copy.deepcopy(REPAIRS[i % 3]) for i in range(n)]}
    return d


def test_SC_REP_the_schema_holds_500_repairs():
    assert most_repairs() == 500
    assert len(from_data(ship(500)).data["play"]["repairs"]) == 500


@pytest.mark.parametrize("n", [501, 2000])
def test_SC_REP_an_older_file_with_more_repairs_is_refused_with_what_to_do(n):
    with pytest.raises(DocumentError) as e:
        from_data(ship(n), "old-ship.starwright")
    assert e.value.where == "/play/repairs"
    assert e.value.message == (f"this ship's repair log has {n:,} repairs, and a ship's log holds at most 500 "
                               "(earlier versions of Starwright allowed 2,000): open the file in a text editor and "
                               "remove the oldest entries of \"repairs\" under \"play\" (keep a copy of the file for "
                               "the record)")


def test_SC_REP_a_501st_repair_is_refused_before_it_is_recorded():
    from model.rules_pack import builtin_pack
    data = ship(500, hull_damage=4)
    proposal = ar.proposal("hull", 2, "shop", "spaceport", reputability="good")
    said = "The ship's repair log is full: it holds 500 repairs, the most a ship's log holds, so no more can be recorded."
    with pytest.raises(BadValue, match="^" + said.replace(".", r"\.") + "$"):
        ar.record_repair(data, proposal)
    q = ar.quote(data, builtin_pack("starchasers"), proposal)
    assert q["refused"] == said
    data["play"]["repairs"].pop()
    ar.record_repair(data, proposal)   # one fewer: recorded


def _measured_rows(n: int) -> tuple[int, str]:
    calls = [0]
    real = rowtable.RowTable._row_height

    def counting(self, *a):
        calls[0] += 1
        return real(self, *a)

    rowtable.RowTable._row_height = counting
    try:
        loaded = from_data(ship(n))
        pdf = export_pdf(loaded.data, evaluate(loaded.data, loaded.kind), SheetOptions(paper="a4"))
    finally:
        rowtable.RowTable._row_height = real
    return calls[0], pdf


def test_SC_REP_every_repair_is_printed_and_laid_out_once_however_many_pages_it_takes(tmp_path):
    """The repairs table split over many pages measured every row left on every page (rows x pages: 500 repairs
    took 8 s, 2,000 over 90 s). Now 200 more repairs measure 200 more rows, and all of them are printed."""
    few, _pdf = _measured_rows(100)
    many, pdf = _measured_rows(300)
    assert many - few == 200
    text = " ".join(pdf_text(pdf, tmp_path, layout=False).split())
    assert "Spent on repairs: " in text and "over 300 repairs" in text
    assert text.count("3 Hull Points") >= 100 and text.count("2 System Damage") >= 100
