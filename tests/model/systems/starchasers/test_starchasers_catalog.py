"""The player's own weapon/equipment catalogue: save from a ship, export, import, reuse in another ship."""

import json

import pytest

from model.edits import apply
from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import builtin_pack
from model.systems.starchasers import catalog, ship
from tests.conftest import EXAMPLES

PACK = builtin_pack("starchasers")
KESTREL = json.loads((EXAMPLES / "kestrel-light-freighter.starwright").read_text())


def test_catalog_round_trip_through_a_file_and_into_another_ship(tmp_path):
    cat = catalog.save_ship_entries(catalog.new_catalog("Kestrel kit"), KESTREL)
    assert [w["name"] for w in cat["weapons"]] == ["Twin Laser"]
    assert [e["name"] for e in cat["equipment"]] == ["Extra Shield Emitter"]
    path = tmp_path / "kit.json"
    catalog.export_catalog(path, cat)
    back = catalog.import_catalog(path)
    assert back == cat
    assert path.read_text() == json.dumps(cat, indent=2, ensure_ascii=False) + "\n"

    other = ship.new_from_preset(PACK, "Patrol ship", name="Warden")
    apply(other, catalog.use_entry(other, back, "weapons", "Twin Laser"))
    apply(other, catalog.use_entry(other, back, "equipment", "Extra Shield Emitter"))
    assert other["weapons"] == KESTREL["weapons"] and other["equipment"] == KESTREL["equipment"]
    r = evaluate(other, KINDS["starchasers-ship"])
    assert r.derived["hard_points_used"] == 3
    other["weapons"][0]["name"] = "changed"
    assert back["weapons"][0]["name"] == "Twin Laser"  # the ship holds a copy


def test_same_name_replaces_and_merge_reports_it():
    cat, replaced = catalog.add_weapon(catalog.new_catalog(), KESTREL["weapons"][0])
    assert not replaced
    cat2, replaced = catalog.add_weapon(cat, dict(KESTREL["weapons"][0], name="twin laser", damage=4))
    assert replaced and len(cat2["weapons"]) == 1 and cat2["weapons"][0]["damage"] == 4
    assert cat["weapons"][0]["damage"] == 3  # functions never change their input
    merged, names = catalog.merge(cat, cat2)
    assert names == ["twin laser"] and merged["weapons"][0]["damage"] == 4


def test_unnamed_entry_is_refused():
    with pytest.raises(ValueError, match="name"):
        catalog.add_equipment(catalog.new_catalog(), {"name": " ", "hard_points": 1})


def test_catalog_weapons_are_checked_like_ship_weapons():
    cat, _ = catalog.add_weapon(catalog.new_catalog(), dict(KESTREL["weapons"][0], arc="Sideways", hard_points=-1))
    rules = {(i.pointer, i.rule) for i in catalog.catalog_issues(cat, PACK)}
    assert ("/weapons/0/arc", "SC-SWPN-03") in rules and ("/weapons/0/hard_points", "SC-SHIP-09") in rules
    assert catalog.catalog_issues(catalog.save_ship_entries(catalog.new_catalog(), KESTREL), PACK) == []


@pytest.mark.parametrize("text,where,words", [
    ("{", "line 1, column 2", "not valid JSON"),
    ('{"format": "starwright/starchasers-ship", "version": 1}', "/format", "not a Starchasers weapon catalogue"),
    ('{"format": "starwright/starchasers-catalog", "version": 1, "name": "x", "weapons": {}, "equipment": []}',
     "/weapons", "expected a list"),
    ('{"format": "starwright/starchasers-catalog", "version": 7, "name": "x", "weapons": [], "equipment": []}',
     "/version", "newer Starwright"),
])
def test_bad_catalog_files_give_a_clear_message_and_stay_untouched(tmp_path, text, where, words):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(catalog.CatalogError) as e:
        catalog.import_catalog(path)
    assert e.value.where == where and words in e.value.message and str(path) in str(e.value)
    assert path.read_text() == text


def test_saving_an_invalid_catalog_writes_nothing(tmp_path):
    path = tmp_path / "kit.json"
    path.write_text("old")
    bad = catalog.new_catalog()
    bad["weapons"] = "Twin Laser"
    with pytest.raises(catalog.CatalogError):
        catalog.export_catalog(path, bad)
    assert path.read_text() == "old"
