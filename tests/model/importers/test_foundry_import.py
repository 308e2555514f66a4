"""Importing a Foundry VTT actor of the Star Frontiers system (finderski/star-frontiers, 0.2.x) as a Star
Frontiers character: the round trip over every example and generated characters (export, then import, gives
back the same document wherever both formats hold it, and the report names every difference), an actor made
in Foundry itself, the CLI through the installed command, and hostile or broken actors."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from model.evaluate import evaluate
from model.exporters.foundry_starfrontiers import foundry_actor
from model.importers import ImportRefused, import_bytes, import_file
from model.importers.report import ALIAS, AMBIGUOUS, AS_IS, DEFAULTED, DIFFERS, INFERRED, NO_PLACE
from model.kinds import KINDS
from model.storage import from_data, load
from tests.conftest import EXAMPLES
from tests.model.cli.test_cli import sw
from tests.model.exporters.test_foundry_ammunition import characters
from tests.model.exporters.test_foundry_starfrontiers import sf_examples
from tests.model.importers.foundry_fixtures import (an_item_document, broken_items, deep_actor, native_actor,
                                                    npc_actor, other_system_actor, wrong_types_actor)

SF = KINDS["starfrontiers-character"]


def exported(data) -> dict:
    actor, _ = foundry_actor(data, evaluate(data, SF))
    return json.loads(json.dumps(actor))


def imported(actor, name="actor.json"):
    return import_bytes(json.dumps(actor).encode("utf-8"), name)


def differences(a, b, path=""):
    """JSON Pointers where two documents differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [p for k in sorted(set(a) | set(b)) for p in differences(a.get(k, ...), b.get(k, ...), f"{path}/{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [p for i, (x, y) in enumerate(zip(a, b, strict=True)) for p in differences(x, y, f"{path}/{i}")]
    return [] if a == b else [path]


def unnamed(diffs, report) -> list[str]:
    """The differences no report line points at (a line's pointer names the difference or a part holding it);
    lines that say something came across as is or renamed do not count."""
    pointers = [line.pointer for line in report.lines if line.pointer and line.group not in (AS_IS, ALIAS)]
    return [d for d in diffs if not any(d == p or d.startswith(p + "/") for p in pointers)]


def round_trip(data):
    result = imported(exported(data))
    assert result.kind == "starfrontiers-character"
    from_data(json.loads(json.dumps(result.data)))          # a character file Starwright can save and load
    return result, differences(data, result.data)


@pytest.mark.parametrize("name", sf_examples())
def test_round_trip_of_every_example_gives_back_the_document_and_names_every_difference(name):
    data = load(EXAMPLES / f"{name}.starwright").data
    result, diffs = round_trip(data)
    assert unnamed(diffs, result.report) == []
    if not name.startswith("broken-"):
        assert diffs == []


def test_round_trip_of_the_broken_example_names_the_roll_that_does_not_give_its_base():
    data = load(EXAMPLES / "broken-starfrontiers.starwright").data
    result, diffs = round_trip(data)
    assert diffs == ["/rolls/dex_rs"]
    line = next(x for x in result.report.group(NO_PLACE) if x.pointer == "/rolls/dex_rs")
    assert "does not give its base" in line.message


def test_round_trip_keeps_a_game_in_progress():
    """SF-PLAY-16, SF-PLAY-18: Stamina lost, shots fired (charges / charges a shot) and grenades thrown."""
    data = copy.deepcopy(load(EXAMPLES / "kara-venn-human.starwright").data)
    data["play"] = {"stamina_lost": 12, "shots": {"Laser Pistol": 3, "Automatic Rifle": 25},
                    "grenades": {"Fragmentation Grenade": 1}}
    result, diffs = round_trip(data)
    assert diffs == []
    assert result.data["play"] == data["play"]


def test_SF_VEH_13_round_trip_keeps_the_vehicles_and_their_speeds_in_play():
    """The system's vehicle items cannot hold the rules' vehicles: they travel in the actor's Starwright flags, the
    export's report says so, and an actor's flags that are not a character's vehicles are left out."""
    data = copy.deepcopy(load(EXAMPLES / "kara-venn-human.starwright").data)
    data["vehicles"] = [{"name": "Ground Car"}, {"name": "Hover Cycle", "rent_days": 3, "street": True}]
    data["play"] = {"vehicles": {"0": {"speed": 20, "turn": 1}}}
    _, report = foundry_actor(data, evaluate(data, SF))
    assert [line.target for line in report.group("no_place") if line.source.startswith("Vehicles")] == [
        "flags.starwright.vehicles.0", "flags.starwright.vehicles.1"]
    result, diffs = round_trip(data)
    assert diffs == [] and result.data["vehicles"] == data["vehicles"]
    actor = exported(data)
    actor["flags"]["starwright"]["vehicles"] += [{"name": "Starship"}, {"name": "Ground Car", "rent_days": -1},
                                                 "Hover Cycle", {"name": "Ground Car", "colour": "red"}]
    actor["flags"]["starwright"]["play_vehicles"]["7"] = {"speed": 5}
    again = imported(actor)
    assert again.data["vehicles"] == data["vehicles"] and again.data["play"]["vehicles"] == {"0": {"speed": 20,
                                                                                                   "turn": 1}}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(characters())
def test_round_trip_of_generated_characters_names_every_difference(data):
    result, diffs = round_trip(data)
    assert unnamed(diffs, result.report) == []


def test_a_character_made_in_foundry_comes_across_with_what_was_worked_out():
    result = imported(native_actor(), "riss.json")
    doc, rep = result.data, result.report
    assert "Foundry VTT actor, Star Frontiers system 0.1.2" in result.source_format
    assert doc["race"] == "Yazirian" and doc["psa"] == "Military"
    assert doc["base"] == {"str_sta": 45, "dex_rs": 55, "int_log": 50, "per_ldr": 40}
    assert doc["shifts"] == {"str_sta": 0, "dex_rs": 0, "int_log": 0, "per_ldr": 0} and doc["rolls"] == {}
    assert doc["adventures"] == 2                          # SF-CHAR-11: the fewest adventures for PSA level 2
    names = [(e["name"], e["count"]) for e in doc["equipment"]]
    assert names == [("Gyrojet Pistol", 1), ("Gyrojet Clip", 3), ("Laser Pistol", 1), ("Powerpack", 1),
                     ("Vibroblade", 1)]
    aliases = [f"{x.source}: {x.message}" for x in rep.group(ALIAS)]
    assert "ammo › Gyrojet Pistol Jetclip: loaded in a weapon that takes the Gyrojet Clip: counted as Gyrojet Clip" \
        in aliases and any(x.startswith("powerSource › Powerclip") for x in aliases)
    sword = doc["equipment"][4]
    assert sword == {"name": "Vibroblade", "count": 1, "custom": True, "price": 80, "mass": 2}
    assert doc["play"] == {"stamina_lost": 12, "shots": {"Gyrojet Pistol": 4, "Laser Pistol": 3}}
    assert doc["notes"] == "Scout & tracker.\n\nOwes Grell."
    checked = evaluate(doc, SF)
    assert doc["credits"] == 250 + checked.derived["credits_spent"]
    assert checked.derived["credits_left"] == 250
    said = {g: " ".join(f"{x.source}: {x.message}" for x in rep.group(g)) for g in (INFERRED, DEFAULTED, NO_PLACE)}
    assert "the fewest for that level" in said[INFERRED] and "Cr spent on the equipment" in said[INFERRED]
    assert "no d100 rolls" in said[DEFAULTED]
    for what in ("Player", "Handedness", "Experience earned", "Credit ledger"):
        assert what in said[NO_PLACE]


def test_foundry_numbers_that_differ_from_the_rules_are_reported():
    actor = native_actor()
    actor["system"]["abilities"]["per"]["value"] = 47          # raised by hand on the sheet
    actor["system"]["derived"]["initiativeMod"] = 9
    actor["items"][5]["system"]["level"] = 4
    rep = imported(actor).report
    differs = [f"{x.source}: {x.message}" for x in rep.group(DIFFERS)]
    assert "Abilities › PER: 47 in Foundry; the rules give 40" in differs
    assert any(x.startswith("Initiative modifier: 9 in Foundry") for x in differs)
    assert not any("PSA level" in x for x in differs)         # level 4 -> 9 adventures, the fewest
    # SF-PLAY-11: a Military PSA at level 4 adds +20 to hit; the sheet's combat profile has none
    assert "Ranged bonus: +0 to hit in Foundry; the rules give +20 (the Military PSA's bonus)" in differs
    assert imported(actor).data["adventures"] == 9


def test_a_pair_with_two_bases_or_an_exchange_shown_only_by_the_values():
    actor = native_actor()
    actor["system"]["abilities"]["int"]["value"], actor["system"]["abilities"]["log"]["value"] = 60, 50
    actor["system"]["abilities"]["str"]["base"] = 50
    result = imported(actor)
    assert result.data["shifts"]["int_log"] == 5
    assert any(x.pointer == "/shifts/int_log" for x in result.report.group(INFERRED))
    assert any(x.pointer == "/base/str_sta" for x in result.report.group(AMBIGUOUS))


# ---- refused --------------------------------------------------------------------------------------

@pytest.mark.parametrize("make, words, where", [
    (other_system_actor, 'belongs to the "dnd5e" system, not Star Frontiers', "/_stats/systemId"),
    (npc_actor, "this is a Foundry VTT npc actor", "/type"),
    (an_item_document, 'is not an actor (its type is "weapon")', "/type"),
    (lambda: broken_items("not a list"), "the actor's items are not a list", "/items"),
    (lambda: broken_items("not objects"), "an item is not an object", "/items/2"),
    (lambda: broken_items("too many"), "1001 items", "/items"),
    (lambda: broken_items("long name"), "longer than 200 characters", "/items/0/name"),
])
def test_hostile_or_broken_actors_are_refused_with_a_clear_message(make, words, where):
    with pytest.raises(ImportRefused) as e:
        imported(make())
    assert words in e.value.message and e.value.where == where
    assert "Traceback" not in str(e.value) and "{" not in e.value.message


def test_values_of_the_wrong_type_are_left_out_and_said():
    result = imported(wrong_types_actor())
    assert result.data["base"]["per_ldr"] is None
    bad = [x.source for x in result.report.group(NO_PLACE) if "wrong type" in x.message]
    assert "/system/abilities/per/base" in bad and "/system/credits" in bad


def test_too_deep_too_large_and_not_json_are_refused(tmp_path):
    with pytest.raises(ImportRefused, match="nested"):
        import_bytes(deep_actor().encode("utf-8"), "deep.json")
    big = tmp_path / "big.json"
    big.write_bytes(b'{"type": "character", "system": {}, "items": [' + b'"x",' * 700_000 + b'"x"]}')
    with pytest.raises(ImportRefused, match="MB"):
        import_file(big)
    with pytest.raises(ImportRefused):
        import_bytes(b"\xff\xfe not json", "x.json")
    with pytest.raises(ImportRefused, match="already a Starwright document"):
        import_bytes((EXAMPLES / "kara-venn-human.starwright").read_bytes(), "kara.json")


# ---- the installed command -------------------------------------------------------------------------

def test_cli_imports_an_actor_and_prints_the_report(tmp_path):
    src, out = tmp_path / "kara-actor.json", tmp_path / "kara.starwright"
    r = sw("export", EXAMPLES / "kara-venn-human.starwright", "--foundry", "-o", src)
    assert r.returncode == 0, r.stderr
    r = sw("import", src, "-o", out)
    assert r.returncode == 0, r.stderr
    assert "Foundry VTT actor, Star Frontiers system" in r.stdout and "Imported as is" in r.stdout
    assert f"wrote {out} (Star Frontiers character Kara Venn)" in r.stdout
    assert load(out).data == load(EXAMPLES / "kara-venn-human.starwright").data
    r = sw("import", src, "-o", out)
    assert r.returncode == 2 and "already exists" in r.stderr
    native = tmp_path / "riss.json"
    native.write_text(json.dumps(native_actor()), "utf-8")
    r = sw("import", native, "-o", tmp_path / "riss.starwright", "--json")
    assert r.returncode == 0, r.stderr
    out_json = json.loads(r.stdout)
    assert out_json["imported"] and out_json["report"]["counts"]["inferred"] >= 2


def test_cli_refuses_another_systems_actor_with_exit_2(tmp_path):
    src = tmp_path / "dnd.json"
    src.write_text(json.dumps(other_system_actor()), "utf-8")
    r = sw("import", src, "-o", tmp_path / "x.starwright")
    assert r.returncode == 2 and "not Star Frontiers" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "x.starwright").exists()


# ---- any value anywhere ----------------------------------------------------------------------------

JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=30)
                           | st.floats(allow_nan=False, allow_infinity=False, width=32),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=3), max_leaves=6)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _kara_actor():
    return exported(load(EXAMPLES / "kara-venn-human.starwright").data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([native_actor, _kara_actor]), st.data())
def test_any_value_anywhere_is_imported_or_refused_plainly(make, draw):
    actor = make()
    paths = [p for p in _paths(actor) if p]
    for _ in range(draw.draw(st.integers(1, 4))):
        path = draw.draw(st.sampled_from(paths))
        node = actor
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = draw.draw(JSON_VALUES)
        except (KeyError, IndexError, TypeError):
            continue
    try:
        result = imported(actor)
    except ImportRefused as e:
        assert e.message and "Traceback" not in e.message
        return
    from_data(json.loads(json.dumps(result.data)))
    text = result.report.to_text()
    assert "Traceback" not in text and "{'" not in text
