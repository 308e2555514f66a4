"""The Foundry VTT actor of a Star Frontiers character, read back against the system's data model at 0.2.8
(tests/model/exporters/foundry_schema.py cites the files and commits), against the links the system
follows, and against the rules worked out from the document and the pack (foundry_checks.py)."""

import copy
import json

import pytest

from model.evaluate import evaluate
from model.exporters.foundry_starfrontiers import ExportError, foundry_actor
from model.exporters.report import CONVERTED, DEFAULTED, NO_PLACE
from model.kinds import KINDS
from model.storage import load
from tests.conftest import EXAMPLES
from tests.model.cli.test_cli import sw
from tests.model.exporters.foundry_checks import (link_problems, rule_problems,
                                                  schema_problems)

SF = KINDS["starfrontiers-character"]
CHARACTERS = ["norel-kho-dralasite", "kara-venn-human", "vish-takaar-yazirian", "broken-starfrontiers"]


def export(name_or_data):
    data = load(EXAMPLES / f"{name_or_data}.starwright").data if isinstance(name_or_data, str) else name_or_data
    result = evaluate(data, SF)
    actor, report = foundry_actor(data, result)
    return data, result, json.loads(json.dumps(actor)), report


def problems(actor):
    return schema_problems(actor) + link_problems(actor)


def sf_examples():
    return sorted(p.stem for p in EXAMPLES.glob("*.starwright")
                  if '"starwright/starfrontiers-character"' in p.read_text(encoding="utf-8"))


def test_the_examples_tested_are_every_star_frontiers_example():
    assert sorted(CHARACTERS) == sf_examples()


@pytest.mark.parametrize("name", sf_examples())
def test_every_example_is_accepted_by_the_system_data_model_and_follows_the_rules(name):
    """SF-CHAR-04, SF-CHAR-05, SF-CHAR-11, SF-EQ-12, SF-PLAY-18: the data model at 0.2.8, its links, and the
    final abilities, Stamina, PSA level, credits and ammunition the rules give."""
    data, result, actor, _ = export(name)
    assert problems(actor) == []
    assert rule_problems(data, result.pack.data, actor) == []


def test_the_schema_refuses_a_misspelt_missing_or_later_field():
    _, _, actor, _ = export("norel-kho-dralasite")
    bad = copy.deepcopy(actor)
    bad["system"]["abilities"]["str"]["vlaue"] = bad["system"]["abilities"]["str"].pop("value")
    assert problems(bad)
    bad = copy.deepcopy(actor)
    del bad["system"]["experience"]["earned"]
    assert problems(bad)
    bad = copy.deepcopy(actor)
    weapon = next(i for i in bad["items"] if i["type"] == "weapon")
    weapon["system"]["ammo"]["loadedSourceId"] = ""      # schema 0.2.9, not 0.2.8
    assert problems(bad)


def test_abilities_carry_the_table_base_the_exchange_and_the_final_value():
    """SF-CHAR-04, SF-CHAR-05: Norel-Kho's base 45 STR/STA +5 as a Dralasite; 5 points moved from LOG to INT.
    `base` is the pair's table score for both abilities (as the system's Generate Stats writes it), `swap`
    the points moved into that ability, `value` the final score."""
    data, result, actor, _ = export("norel-kho-dralasite")
    ab = actor["system"]["abilities"]
    race = next(r for r in result.pack.data["races"] if r["name"] == data["race"])
    for key, value in result.derived["abilities"].items():
        assert ab[key]["value"] == value and ab[key]["initialized"]
    for pair, (a, b) in {"str_sta": ("str", "sta"), "int_log": ("int", "log")}.items():
        assert ab[a]["base"] == ab[b]["base"] == data["base"][pair]
        assert ab[a]["swap"] == data["shifts"][pair] == -ab[b]["swap"]
    assert ab["str"]["value"] == data["base"]["str_sta"] + race["modifiers"]["str_sta"]
    assert ab["int"]["value"] == data["base"]["int_log"] + race["modifiers"]["int_log"] + data["shifts"]["int_log"]
    assert ab["log"]["value"] == data["base"]["int_log"] + race["modifiers"]["int_log"] - data["shifts"]["int_log"]
    assert actor["system"]["derived"]["paired"]["intLog"] == max(ab["int"]["value"], ab["log"]["value"])
    assert actor["system"]["stamina"] == {"value": ab["sta"]["value"], "max": ab["sta"]["value"], "temp": 0}
    assert actor["system"]["charGen"] == {"statsInitialized": True, "statsGenerated": True, "raceBonusSelections": []}


def test_SF_RACE_01_a_humans_bonus_is_in_its_ability_and_is_the_race_bonus_pick():
    """The system records a race's bonus picks in charGen.raceBonusSelections (0.2.8 character-data.mjs)."""
    data, result, actor, report = export("kara-venn-human")
    key = data["human_bonus"]
    assert key and actor["system"]["abilities"][key]["value"] == result.derived["abilities"][key]
    assert actor["system"]["charGen"]["raceBonusSelections"] == [
        {"sourceIndex": 0, "slot": 0, "amount": 5, "appliesTo": "any", "ability": key}]
    assert any(line.target == "system.charGen.raceBonusSelections" for line in report.group(CONVERTED))


@pytest.mark.parametrize("name", CHARACTERS[:3])
def test_race_psa_credits_and_movement_in_squares(name):
    """SF-RACE-08: the race's walking and running metres a turn, in the system's 5 m squares."""
    data, result, actor, report = export(name)
    d, system = result.derived, actor["system"]
    assert system["race"] == d["race"] == data["race"]
    assert system["psa"] == d["psa"].lower()
    assert system["credits"] == d["credits_left"]
    assert system["derived"]["walking"] == d["walk"] // 5 and system["derived"]["running"] == d["run"] // 5
    assert system["derived"]["initiativeMod"] == d["initiative_modifier"]
    moves = [line for line in report.group(CONVERTED) if line.source == "Movement"]
    assert [line.target for line in moves] == ["system.derived.walking", "system.derived.running"]
    assert f"{d['walk']} m a turn = {d['walk'] // 5} square" in moves[0].message


def test_dralasite_walks_one_square():
    _, result, actor, _ = export("norel-kho-dralasite")
    assert result.derived["walk"] == 5 and actor["system"]["derived"]["walking"] == 1


def test_skills_are_the_psa_at_its_level():
    """SF-CHAR-10, SF-CHAR-11: the PSA's level follows adventures completed."""
    _, result, actor, _ = export("vish-takaar-yazirian")
    skills = [i for i in actor["items"] if i["type"] == "skill"]
    assert len(skills) == 1
    s = skills[0]["system"]
    assert skills[0]["name"] == f"{result.derived['psa']} PSA"
    assert s["psa"] == "biosocial" and s["isPsaForOwner"] and s["level"] == result.derived["psa_level"] == 3
    for chance in result.derived["skill_chances"]:
        assert f"{chance['name']}: {chance['chance']}%" in s["description"]


def test_SF_PLAY_11_military_adds_its_bonus_to_hit():
    """The system's Basic rules add combatProfile's bonuses to every attack: the Military PSA's +5 a level."""
    _, result, actor, report = export("kara-venn-human")
    s = next(i for i in actor["items"] if i["type"] == "skill")["system"]
    assert s["psa"] == "military" and s["mechanics"] == {"applyMeleeBonus": True, "applyRangeBonus": True}
    bonus = result.derived["psa_bonus"]
    assert bonus == 10                                             # 3 adventures: level 2, +5 a level
    assert actor["system"]["combatProfile"] == {"meleeBonus": bonus, "rangedBonus": bonus, "special": ""}
    assert any(line.target == "system.combatProfile" for line in report.group(CONVERTED))
    _, _, actor, _ = export("norel-kho-dralasite")
    assert actor["system"]["combatProfile"]["rangedBonus"] == 0    # Technological: no bonus to hit


def test_equipment_rows_become_items_of_the_systems_types():
    _, result, actor, report = export("kara-venn-human")
    rows = result.derived["equipment"]
    gear = [i for i in actor["items"] if i["type"] not in ("skill", "ammo", "powerSource")]
    assert [(i["name"], i["system"]["quantity"]) for i in gear] == [
        (r["name"], r["count"]) for r in rows if r["category"] != "ammunition"]
    types = {i["name"]: i["type"] for i in actor["items"]}
    assert types["Laser Pistol"] == "weapon" and types["Bullet Clip"] == "ammo"
    assert types["Fragmentation Grenade"] == "weapon" and types["Standard Equipment Pack"] == "gear"
    laser = next(i for i in gear if i["name"] == "Laser Pistol")["system"]
    derived_laser = next(w for w in result.derived["weapons"] if w["name"] == "Laser Pistol")
    assert laser["weaponType"] == "beam" and laser["damageFormula"] == derived_laser["damage"]
    assert laser["ammo"]["uses"] == "seu" and laser["cost"] == derived_laser["cost"]
    kit = next(i for i in gear if i["name"] == "Standard Equipment Pack")["system"]
    assert kit["isKit"] and "Doze Grenade" in [c["name"] for c in kit["contents"]]
    rifle = next(i for i in gear if i["name"] == "Automatic Rifle")["system"]
    assert rifle["damageFormula"] == "3d10"
    assert any("3d10 each or 6d10 burst" in line.message for line in report.group(CONVERTED))
    assert len({i["_id"] for i in actor["items"]}) == len(actor["items"])


def test_worn_armour_is_the_characters_suit():
    data = copy.deepcopy(load(EXAMPLES / "norel-kho-dralasite.starwright").data)
    data["equipment"].append({"name": "Albedo Suit", "count": 1})
    data["equipment"].append({"name": "Inertia Screen", "count": 1})
    data["credits"] = 100000
    _, _, actor, _ = export(data)
    assert problems(actor) == []
    by_id = {i["_id"]: i for i in actor["items"]}
    assert by_id[actor["system"]["defenses"]["suit"]]["name"] == "Albedo Suit"
    screen = by_id[actor["system"]["defenses"]["screen"]]
    assert screen["type"] == "screen" and screen["system"]["screenType"] == "inertia"


def test_unspent_xp_goes_where_the_system_keeps_it_and_the_report_says_there_is_none():
    _, result, actor, report = export("norel-kho-dralasite")
    assert "xp_unspent" not in result.derived
    assert actor["system"]["experience"] == {"earned": 0, "spent": 0, "total": 0}
    line = next(x for x in report.group(DEFAULTED) if x.target == "system.experience.earned")
    assert "no experience points" in line.message


def test_the_report_lists_what_has_no_place():
    data = copy.deepcopy(load(EXAMPLES / "norel-kho-dralasite.starwright").data)
    data["portrait"] = {"media_type": "image/png", "width": 1, "height": 1, "data": "iVBORw0KGgo="}
    _, _, _, report = export(data)
    sources = [line.source for line in report.group(NO_PLACE)]
    assert "Portrait" in sources and "Equipment › Gyrojet Pistol" in sources
    text = report.text()
    assert "No place in the target" in text and "system.rangeBands" in text


def test_an_unfinished_character_is_written_with_the_systems_defaults_and_said_so():
    _, result, actor, report = export("broken-starfrontiers")
    assert result.derived["abilities"]["per"] is None
    assert actor["system"]["abilities"]["per"]["value"] == 30
    assert actor["system"]["abilities"]["per"]["initialized"] is False
    assert any(line.target == "system.abilities.per" for line in report.group(DEFAULTED))
    assert actor["system"]["credits"] == 0 and result.derived["credits_left"] < 0
    assert any(line.source == "Credits" for line in report.group(CONVERTED))


def test_other_kinds_are_refused():
    crew = load(EXAMPLES / "ashen-comet-veteran.starwright")
    with pytest.raises(ExportError, match="only for a Star Frontiers character"):
        foundry_actor(crew.data, evaluate(crew.data, crew.kind))


def test_cli_writes_the_actor_and_never_overwrites_without_force(tmp_path):
    out = tmp_path / "actor.json"
    r = sw("export", EXAMPLES / "norel-kho-dralasite.starwright", "--foundry", "-o", out)
    assert r.returncode == 0, r.stderr
    assert "No place in the target" in r.stdout and "system.rangeBands" in r.stdout
    actor = json.loads(out.read_text(encoding="utf-8"))
    assert problems(actor) == [] and actor["name"] == "Norel-Kho Speetrazer"
    out.write_text("mine", encoding="utf-8")
    r = sw("export", EXAMPLES / "norel-kho-dralasite.starwright", "--foundry", "-o", out)
    assert r.returncode == 2 and "already exists" in r.stderr and out.read_text(encoding="utf-8") == "mine"
    r = sw("export", EXAMPLES / "norel-kho-dralasite.starwright", "--foundry", "-o", out, "--force")
    assert r.returncode == 0 and json.loads(out.read_text(encoding="utf-8"))["type"] == "character"


def test_cli_refuses_other_kinds_with_exit_2(tmp_path):
    out = tmp_path / "actor.json"
    r = sw("export", EXAMPLES / "ashen-comet-veteran.starwright", "--foundry", "-o", out)
    assert r.returncode == 2 and "Star Frontiers characters only" in r.stderr and not out.exists()
    r = sw("export", EXAMPLES / "norel-kho-dralasite.starwright", "--foundry")
    assert r.returncode == 2 and "-o actor.json" in r.stderr


def test_a_house_pack_moves_the_exported_numbers():
    """SF-RACE-08 and SF-CHAR-04 from the pack: a house rules pack's Dralasite walks 15 m and gets +10 STR/STA;
    the actor follows (Result.derived), with no number of its own."""
    from model.rules_pack import Pack
    from tests.model.pack_variants import builtin_data
    pack = copy.deepcopy(builtin_data("starfrontiers"))
    pack["id"] = "starfrontiers-house-foundry"
    dral = next(r for r in pack["races"] if r["name"] == "Dralasite")
    dral["walk"], dral["modifiers"]["str_sta"] = 15, 10
    house = Pack(pack, "house.json", False)
    data = copy.deepcopy(load(EXAMPLES / "norel-kho-dralasite.starwright").data)
    data["rules"] = {"pack": house.id}
    result = evaluate(data, SF, [house])
    assert result.pack.id == house.id
    actor, _ = foundry_actor(data, result)
    assert actor["system"]["derived"]["walking"] == 3
    assert actor["system"]["abilities"]["str"]["value"] == data["base"]["str_sta"] + 10
    assert problems(json.loads(json.dumps(actor))) == []


def test_SF_PLAY_18_a_game_in_progress_is_written_as_the_actors_current_state():
    data = copy.deepcopy(load(EXAMPLES / "kara-venn-human.starwright").data)
    data["play"] = {"stamina_lost": 12, "shots": {"Automatic Rifle": 4}, "grenades": {"Fragmentation Grenade": 1}}
    _, result, actor, report = export(data)
    assert problems(actor) == []
    sta = actor["system"]["abilities"]["sta"]["value"]
    assert actor["system"]["stamina"] == {"value": sta - 12, "max": sta, "temp": 0}
    assert actor["system"]["unconscious"] is False
    items = {i["name"]: i["system"] for i in actor["items"]}
    assert items["Fragmentation Grenade"]["quantity"] == 1                  # 2 carried, 1 thrown
    assert items["Automatic Rifle"]["ammo"]["consumed"] == 4               # 3 clips of 20: one loaded, 2 spare
    assert items["Bullet Clip"]["quantity"] == 2
    said = " ".join(line.message for line in report.group(CONVERTED))
    assert "12 Stamina lost" in said and "4 shots fired" in said and "1 thrown" in said


def test_SF_PLAY_16_a_character_at_no_stamina_is_exported_unconscious():
    data = copy.deepcopy(load(EXAMPLES / "kara-venn-human.starwright").data)
    data["play"] = {"stamina_lost": 500}
    _, _, actor, _ = export(data)
    assert actor["system"]["stamina"]["value"] == 0 and actor["system"]["unconscious"] is True
