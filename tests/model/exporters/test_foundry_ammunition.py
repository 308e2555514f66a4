"""Ammunition in the Foundry actor (DECISIONS.md, Foundry VTT export): clips carried x capacity less what was
fired, one clip loaded in its weapon and the rest spare, linked as the system links them (a weapon's
`ammo.clipItem`; a power source's `linkedWeaponRefs`); SEU weapons count charges, not shots; a weapon's kind
of ammunition comes from the weapon. Also: the actor carries every field of the 0.2.8 data model, over
the examples and over generated characters."""

import copy
import json

from hypothesis import HealthCheck, given, settings, strategies as st

from model.evaluate import evaluate
from model.exporters.foundry_ammo import allocate
from model.exporters.foundry_starfrontiers import foundry_actor
from model.kinds import KINDS
from model.rules_pack import builtin_pack
from model.storage import load
from model.systems.starfrontiers import new
from tests.conftest import EXAMPLES
from tests.model.exporters.foundry_checks import (foundry_ammunition, link_problems, rule_problems,
                                                  schema_problems)

SF = KINDS["starfrontiers-character"]
PACK = builtin_pack("starfrontiers")


def export(data):
    result = evaluate(data, SF)
    actor, report = foundry_actor(data, result)
    return json.loads(json.dumps(actor)), report, result


def example(name):
    return copy.deepcopy(load(EXAMPLES / f"{name}.starwright").data)


def by_name(actor, name, kind=None):
    return [i for i in actor["items"] if i["name"] == name and (kind is None or i["type"] == kind)]


def test_SF_WPN_05_two_gyrojet_clips_are_20_rounds_not_30():
    """The issue's Dralasite: 2 gyrojet clips of 10 are 20 rounds: 10 in the pistol and 1 spare clip."""
    actor, report, _ = export(example("norel-kho-dralasite"))
    pistol = by_name(actor, "Gyrojet Pistol")[0]["system"]["ammo"]
    [clip] = by_name(actor, "Gyrojet Clip")
    assert clip["type"] == "ammo" and clip["system"]["quantity"] == 1 and clip["system"]["shots"] == 10
    assert pistol["clipItem"] == clip["_id"] and pistol["capacity"] == 10 and pistol["consumed"] == 0
    assert foundry_ammunition(actor) == {"Gyrojet Clip": 20}
    assert any("2 carried x 10 rounds = 20" in line.message for line in report.lines)


def test_SF_PLAY_18_rounds_fired_come_out_of_the_loaded_clip_then_the_spares():
    data = example("norel-kho-dralasite")
    data["play"] = {"shots": {"Gyrojet Pistol": 13}}
    actor, _, result = export(data)
    pistol = by_name(actor, "Gyrojet Pistol")[0]["system"]["ammo"]
    clip = by_name(actor, "Gyrojet Clip")[0]["system"]
    assert (10 - pistol["consumed"], clip["quantity"]) == (7, 0)             # 20 - 13 = 7, all in the pistol
    assert foundry_ammunition(actor) == {"Gyrojet Clip": 7}
    assert rule_problems(data, result.pack.data, actor) == []


def test_SF_WPN_03_a_laser_pistol_counts_charges_not_shots():
    """3 shots at 2 SEU a shot are 6 SEU consumed; the loaded powerpack is a power source linked both ways."""
    data = example("kara-venn-human")
    data["play"] = {"shots": {"Laser Pistol": 3}}
    actor, report, result = export(data)
    laser = by_name(actor, "Laser Pistol")[0]
    ammo = laser["system"]["ammo"]
    [pack] = by_name(actor, "Powerpack", "powerSource")
    [spare] = by_name(actor, "Powerpack", "ammo")
    assert ammo["uses"] == "seu" and ammo["seuPerShot"] == 2 and ammo["consumed"] == 6 and ammo["capacity"] == 20
    assert ammo["clipItem"] == pack["_id"] and pack["system"]["linkedWeaponRefs"] == [laser["_id"]]
    assert pack["system"]["remaining"] == 14 and pack["system"]["sourceType"] == "powerclip"
    assert pack["system"]["ports"] == {"weapon": 1, "screen": 0, "vehicle": 0}
    assert spare["system"] == {**spare["system"], "ammoType": "seu", "shots": 20, "quantity": 1}
    assert foundry_ammunition(actor)["Powerpack"] == 34
    assert any("3 shots fired at 2 SEU a shot = 6 SEU used" in line.message for line in report.lines)
    assert rule_problems(data, result.pack.data, actor) == [] and link_problems(actor) == []


def test_SF_WPN_03_SF_WPN_04_a_lasers_ammunition_kind_comes_from_the_weapon_whatever_was_bought_first():
    """A Laser Rifle bought before any powerpack fires SEU at 2 a shot; a Heavy Laser at 4 (GAP-SF-05: no
    supply stated); when a powerpack is bought later, it is loaded into the first laser."""
    data = example("norel-kho-dralasite")
    data["credits"] = 100000
    data["equipment"] = [{"name": "Laser Rifle"}, {"name": "Heavy Laser"}]
    actor, report, _ = export(data)
    rifle = by_name(actor, "Laser Rifle")[0]["system"]["ammo"]
    heavy = by_name(actor, "Heavy Laser")[0]["system"]["ammo"]
    assert (rifle["uses"], rifle["seuPerShot"], rifle["clipItem"]) == ("seu", 2, "")
    assert rifle["capacity"] - rifle["consumed"] == 0                        # nothing loaded: empty
    assert (heavy["uses"], heavy["seuPerShot"], heavy["capacity"]) == ("seu", 4, 0)
    assert any("GAP-SF-05" in line.message for line in report.lines)
    data["equipment"].append({"name": "Powerpack"})
    actor, _, result = export(data)
    rifle = by_name(actor, "Laser Rifle")[0]
    [pack] = by_name(actor, "Powerpack")
    assert rifle["system"]["ammo"]["clipItem"] == pack["_id"] and pack["type"] == "powerSource"
    assert rifle["system"]["ammo"]["consumed"] == 0 and pack["system"]["remaining"] == 20
    assert rule_problems(data, result.pack.data, actor) == [] and link_problems(actor) == []


def test_two_weapons_sharing_clips_each_hold_one_and_the_total_is_the_rules_total():
    """SF-WPN-06: bullet clips are shared by the automatic pistol and rifle."""
    data = example("kara-venn-human")
    data["credits"] = 100000
    data["equipment"] += [{"name": "Automatic Pistol"}]
    data["play"] = {"shots": {"Automatic Rifle": 25, "Automatic Pistol": 5}}
    actor, _, result = export(data)
    rifle = by_name(actor, "Automatic Rifle")[0]["system"]["ammo"]
    pistol = by_name(actor, "Automatic Pistol")[0]["system"]["ammo"]
    clip = by_name(actor, "Bullet Clip")[0]
    assert rifle["clipItem"] == pistol["clipItem"] == clip["_id"]
    assert foundry_ammunition(actor)["Bullet Clip"] == 3 * 20 - 30
    assert clip["system"]["quantity"] == 0 and (20 - rifle["consumed"], 20 - pistol["consumed"]) == (15, 15)
    assert rule_problems(data, result.pack.data, actor) == []


def test_a_screen_is_powered_by_its_screen_powerpack():
    data = example("norel-kho-dralasite")
    data["credits"] = 100000
    data["equipment"] += [{"name": "Albedo Screen"}, {"name": "Screen Powerpack", "count": 2}]
    actor, _, _ = export(data)
    screen = by_name(actor, "Albedo Screen")[0]
    [pack] = by_name(actor, "Screen Powerpack", "powerSource")
    assert screen["system"]["powerSourceRef"] == pack["_id"] and pack["system"]["linkedScreenRefs"] == [screen["_id"]]
    assert pack["system"]["sourceType"] == "beltpack" and pack["system"]["ports"]["screen"] == 1
    assert by_name(actor, "Screen Powerpack", "ammo")[0]["system"]["quantity"] == 1
    assert link_problems(actor) == [] and schema_problems(actor) == []


def test_more_fired_than_carried_is_written_empty_and_said():
    data = example("norel-kho-dralasite")
    data["play"] = {"shots": {"Gyrojet Pistol": 50}}
    actor, report, _ = export(data)
    assert foundry_ammunition(actor) == {"Gyrojet Clip": 0}
    assert any("more were used than were carried" in line.message for line in report.lines)


def test_allocate_keeps_the_total_and_one_clip_per_weapon_while_clips_last():
    a = allocate(5, 10, [3, 0, 12])
    assert a.loaded == [7, 10, 8] and a.spares == 1 and a.total == 50 - 15
    a = allocate(1, 20, [0, 0])
    assert a.loaded == [20, None] and a.spares == 0
    a = allocate(2, 10, [25, 0])
    assert a.total == 0 and a.short == 5


def test_the_schema_refuses_an_actor_without_the_fields_0_2_8_has():
    actor, _, _ = export(example("kara-venn-human"))
    assert schema_problems(actor) == []
    bad = copy.deepcopy(actor)
    del bad["system"]["charGen"]["raceBonusSelections"]
    assert schema_problems(bad)
    bad = copy.deepcopy(actor)
    del next(i for i in bad["items"] if i["type"] == "gear")["system"]["requiredSkillRef"]
    assert schema_problems(bad)
    bad = copy.deepcopy(actor)
    del next(i for i in bad["items"] if i["type"] == "powerSource")["system"]["ports"]
    assert schema_problems(bad)


def test_SF_EQ_05_a_toolkit_needs_its_psa_skill():
    actor, report, _ = export(example("norel-kho-dralasite"))
    kit = by_name(actor, "Mechanics Toolkit")[0]
    skill = next(i for i in actor["items"] if i["type"] == "skill")
    assert kit["system"]["requiredSkillRef"] == skill["_id"] and skill["system"]["psa"] == "technological"


ITEMS = [i["name"] for i in PACK.data["items"]]
PAIR_KEYS = ("str_sta", "dex_rs", "int_log", "per_ldr")


@st.composite
def characters(draw):
    """A Star Frontiers character made as the builder makes one: a race, table scores, exchanges within the
    limit, a PSA, adventures, equipment bought from the lists (some issued or stowed), and a game in progress."""
    data = new(PACK)
    data["name"] = draw(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=20)
                        .filter(str.strip))
    data["race"] = draw(st.sampled_from([r["name"] for r in PACK.data["races"]]))
    scores = sorted({row["score"] for row in PACK.data["ability_table"]})
    data["base"] = {p: draw(st.sampled_from(scores)) for p in PAIR_KEYS}
    data["shifts"] = {p: draw(st.sampled_from([-10, -5, 0, 5, 10])) for p in PAIR_KEYS}
    if data["race"] == "Human":
        data["human_bonus"] = draw(st.sampled_from(["str", "sta", "dex", "rs", "int", "log", "per", "ldr"]))
    data["psa"] = draw(st.sampled_from([s["name"] for s in PACK.data["psa"]["skills"]]))
    data["adventures"] = draw(st.integers(0, 25))
    data["equipment"] = [
        {"name": n, "count": draw(st.integers(1, 4)),
         **({"issued": True} if draw(st.booleans()) else {}), **({"carried": False} if draw(st.integers(0, 5)) == 0 else {})}
        for n in draw(st.lists(st.sampled_from(ITEMS), max_size=8, unique=True))]
    data["credits"] = draw(st.integers(0, 20000))
    items = {i["name"]: i for i in PACK.data["items"]}
    clips = {e["name"]: e["count"] for e in data["equipment"] if "ammunition" in items[e["name"]]}
    most = {}                                          # the Play view's track: shots in the clips carried
    for e in data["equipment"]:
        w = items[e["name"]].get("weapon")
        if w and w["ammo"] in clips and w["per_shot"]:
            most[e["name"]] = items[w["ammo"]]["ammunition"]["capacity"] // w["per_shot"] * clips[w["ammo"]]
    play = {"stamina_lost": draw(st.integers(0, 80)),
            "shots": {w: draw(st.integers(1, n)) for w, n in most.items() if n and draw(st.booleans())}}
    play = {k: v for k, v in play.items() if v}          # the Play view keeps nothing that did not happen
    if play:
        data["play"] = play
    data["notes"] = draw(st.text(st.sampled_from("ab <&>\n\t é"), max_size=30))
    if draw(st.booleans()):
        data["optional_rules"] = {"encumbrance": draw(st.booleans())}
    if draw(st.integers(0, 4)) == 0:
        data["portrait"] = {"media_type": "image/png", "width": 1, "height": 1, "data": "iVBORw0KGgo="}
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(characters())
def test_generated_characters_fit_the_data_model_its_links_and_the_rules(data):
    actor, _, result = export(data)
    assert schema_problems(actor) == []
    assert link_problems(actor) == []
    assert rule_problems(data, result.pack.data, actor) == []
