"""SG-SOLD-10 and SG-SOLD-14 on import: a knife a soldier's type never carries is left out with the rule's reason
(kept in the notes); an assault-armoured soldier listed with a carbine and no pistol comes across with the trade."""

import json

from model.importers import import_bytes
from tests.model.import_fixtures import _stats, labernator_old


def _import(data):
    return import_bytes(json.dumps(data).encode("utf-8"), "crew.sg")


def _lines(report, group):
    return [f"{line.source}: {line.message}" for line in report.group(group)]


def test_SG_SOLD_10_an_imported_knife_on_a_soldier_whose_type_has_none_is_left_out_with_the_rule():
    src = labernator_old()
    pathfinder = next(s for s in src["Soldiers"] if s["type"] == "Pathfinder")    # hand weapon, no knife
    pathfinder["gear"].append("Knife")
    r = _import(src)
    left = " | ".join(_lines(r.report, "no_place"))
    assert "Pathfinder has no knife in its standard gear, so it can never have or gain one" in left
    assert "also carried Knife" in r.data["notes"]
    assert all(not s.get("item") for s in r.data["soldiers"])
    # a Trooper's knife is its standard gear: nothing to report
    assert "Trooper has no knife" not in left


def test_SG_SOLD_14_an_armoured_trooper_with_a_carbine_for_its_armour_pistol_imports_with_the_trade():
    src = labernator_old()
    src["Soldiers"].append({"type": "Armoured Trooper", "cost": 150, "stats": _stats(6, 4, 4, 13, 3, 14),
                            "gear": ["Carbine", "Carbine", "Assault Armour"], "group": "Specialist", "amount": 1,
                            "gearSlots": 1})
    src["Soldiers"].append({"type": "Armoured Trooper", "cost": 150, "stats": _stats(6, 4, 4, 13, 3, 14),
                            "gear": ["Carbine", "Assault Armour"], "group": "Specialist", "amount": 1,
                            "gearSlots": 1})
    r = _import(src)
    traded, plain = [s for s in r.data["soldiers"] if s["type"] == "Armoured Trooper"]
    assert traded.get("armour_trade") is True and "armour_trade" not in plain
    assert any("trades the assault armour's pistol for a carbine" in line for line in _lines(r.report, "as_is"))
