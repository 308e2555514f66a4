"""Importing does work proportional to what it reads: element text split into a great many pieces is joined
once, a declared encoding the parser cannot read is refused in words, and numbers beyond what the rules and a crew
file allow (an officer's level, a count of soldiers) are refused before any work is done with them.
(Times are measured by tests/benchmarks/bench_bounded.py, never asserted here.)"""

import importlib
import json

import pytest

from model.importers import ImportRefused, import_bytes, levels

from tests.model.import_fixtures import labernator_campaign, labernator_old, roster_tree, to_rosz, to_xml

build_module = importlib.import_module("model.importers.build")   # (the package exports a function named build)
ROSTER_LIMIT = 4 * 1024 * 1024 - 65536    # just inside the unpacked roster limit (model/importers/bounded.py)


def _with_element(xml_text: str) -> bytes:
    xml = to_xml(roster_tree()).decode("utf-8")
    return xml.replace("</roster>", f"{xml_text}\n</roster>").encode("utf-8")


def test_roster_text_in_many_pieces_is_joined_whole():
    """Newlines, character references and plain text alternate (expat hands each over on its own): the notes
    get the whole text, in order."""
    pieces = "".join(f"line {i}&#10;&#65;&amp;\n" for i in range(2000))
    doc = import_bytes(_with_element(f"<customNotes>{pieces}</customNotes>"), "r.ros").data
    want = "".join(f"line {i}\nA&\n" for i in range(2000)).strip()
    assert want in doc["notes"]


@pytest.mark.parametrize("piece", ["a\n", "&#65;", "\n"])
def test_a_small_rosz_holding_4_mb_of_text_in_pieces_imports(piece):
    """A .rosz of a few KB unpacks to ~4 MB of element text split by newlines or character references. Joining
    the pieces one by one copied the text so far each time (quadratic: it did not finish in minutes)."""
    filler = piece * (ROSTER_LIMIT // len(piece))
    raw = to_rosz(_with_element(f"<comment>{filler}</comment>"))
    assert len(raw) < 12 * 1024
    result = import_bytes(raw, "hostile.rosz")
    assert result.data["name"] == "Night Heron" and len(result.data["soldiers"]) == 5


@pytest.mark.parametrize("encoding", ["UTF-7", "Shift_JIS", "GBK"])
def test_xml_declaring_an_encoding_the_parser_cannot_read_is_refused_in_words(encoding):
    raw = f'<?xml version="1.0" encoding="{encoding}"?>\n<roster name="x"/>\n'.encode("ascii")
    with pytest.raises(ImportRefused) as e:
        import_bytes(raw, "r.ros")
    assert e.value.message == (f"the XML says its text is in the {encoding} encoding, which Starwright cannot read; "
                               "BattleScribe writes rosters in UTF-8, so save or export the roster again as UTF-8")
    assert e.value.where == "line 1"


def _labernator_level(role: str, level: int) -> bytes:
    d = labernator_campaign()
    d[role]["level"] = level
    return json.dumps(d).encode("utf-8")


@pytest.mark.parametrize("level", [10 ** 7, 10 ** 9, 6016])
def test_SG_CAMP_11_a_captain_level_beyond_any_recordable_campaign_is_refused_before_any_work(level, monkeypatch):
    """Levels are bought with 100 XP after games of at most 300 XP (SG-CAMP-08, SG-CAMP-11) and a crew file records
    at most 2,000 games: a Captain (founded at 15) reaches 6,015 at most. Beyond that the file is refused before a
    single level is laid out (each level was listed first: 10^7 took half a minute and 870 MB, 10^9 ran out of
    memory)."""
    looked = []
    monkeypatch.setattr(levels, "upgrades_between", lambda *a: looked.append(a) or [])
    monkeypatch.setattr(build_module, "build_officer", lambda *a, **k: looked.append(a))
    with pytest.raises(ImportRefused) as e:
        import_bytes(_labernator_level("Captain", level), "crew.sg")
    assert looked == []
    assert e.value.where == "Captain"
    assert e.value.message == (
        f"level {level} in the source is beyond what a Captain can reach: levels are bought with 100 XP each after "
        "games of at most 300 XP (SG-CAMP-08, SG-CAMP-11), and a crew file records at most 2,000 games, so a Captain "
        "founded at level 15 reaches level 6,015 at most; the file was refused")


def test_SG_CAMP_11_the_highest_recordable_levels_still_import():
    for role, top in (("Captain", 6015), ("FirstMate", 6000)):
        result = import_bytes(_labernator_level(role, top), "crew.sg")
        assert result.data["campaign"]["games"]
    with pytest.raises(ImportRefused, match="a First Mate founded at level 0 reaches level 6,000 at most"):
        import_bytes(_labernator_level("FirstMate", 6001), "crew.sg")


def test_a_soldier_count_beyond_what_a_crew_file_holds_is_refused_as_it_is_read(monkeypatch):
    """Labernator's "amount" (at most 20 each) over thousands of entries made 200,000 soldiers to map and check
    (43 s) before the crew was refused; now the 101st is refused as it is read."""
    d = labernator_old()
    d["Soldiers"] = [dict(d["Soldiers"][1], amount=20) for _ in range(10000)]
    mapped = []
    monkeypatch.setattr(build_module, "_soldiers", lambda *a: mapped.append(a))
    with pytest.raises(ImportRefused) as e:
        import_bytes(json.dumps(d).encode("utf-8"), "crew.sg")
    assert mapped == [] and e.value.where == "Soldiers"
    assert e.value.message == "the source lists more than 100 soldiers; a crew file holds at most 100, so the file was refused"
    d["Soldiers"] = [dict(d["Soldiers"][1], amount=20) for _ in range(5)]
    monkeypatch.undo()
    assert len(import_bytes(json.dumps(d).encode("utf-8"), "crew.sg").data["soldiers"]) == 100
