"""Every number of each built-in pack moved (+1): the checks, their messages, the derived values, the
listing and the printed sheet follow the pack, never a number written in Python (issue 13, item 5).

The sample tests read what they expect from the moved pack itself, so they hold for any pack."""

from __future__ import annotations

import copy
import json

import pytest

from model import pointer as jp
from model.rules_pack import validate_pack_data
from model.sheets import SheetOptions, export_pdf
from model.listing import listing
from model.systems.stargrave.tables import ROLES, tables as sg_tables
from tests.model.pack_variants import SYSTEMS, as_pack, builtin_data, examples, numbers, perturbed, run_example
from tests.model.sheet_text import pdf_text, squash

# Numbers the pack's own checks hold in place: the ability score table must run from roll 1 to 100 and the
# PSA level table start at level 1 with 0 adventures (each level's count is checked against the next).
HELD = {
    "starfrontiers": {"/ability_table/0/low", "/ability_table/8/high", "/encumbrance/movement_factor"}
                     | {f"/psa/levels/{i}/{k}" for i in range(6) for k in ("adventures", "level")},
}


def example(system: str, stem: str):
    return next(e for e in examples(system) if e[0].stem == stem)


def moved_pack(system: str):
    return as_pack(perturbed(system)[0], "moved.json")


def evaluated(system: str, stem: str, pack=None, change=None):
    path, data, kind = example(system, stem)
    data = copy.deepcopy(data)
    if change:
        change(data)
    return data, run_example(path, data, kind, pack)


def messages(result, rule: str) -> list[str]:
    return [i.message for i in result.issues if i.rule == rule]


def sheet(data, result, tmp_path) -> str:
    return squash(pdf_text(export_pdf(data, result, SheetOptions(paper="a4")), tmp_path, layout=False))


def one_changed(system: str, ptr: str, value):
    data = builtin_data(system)
    data["id"] = "one-number"
    container, key = jp.container_and_key(data, ptr)
    container[key] = value
    validate_pack_data(data, "one-number.json")
    return as_pack(data, "one-number.json")


# ---- every number ----

@pytest.mark.parametrize("system", SYSTEMS)
def test_every_number_moves_but_those_the_pack_checks_hold(system):
    data, moved = perturbed(system)
    everything = set(numbers(builtin_data(system)))
    assert everything - moved == HELD.get(system, set())
    assert len(moved) > 80


@pytest.mark.parametrize("system", SYSTEMS)
def test_checks_messages_listing_and_sheet_follow_every_moved_number(system, tmp_path):
    pack = moved_pack(system)
    printed_changed = 0
    for path, data, kind in examples(system):
        before, after = run_example(path, data, kind, None), run_example(path, data, kind, pack)
        assert after.schema_valid == before.schema_valid
        if not after.schema_valid:
            continue
        assert after.derived != before.derived, path.name
        assert listing(data, after) != listing(data, before), path.name
        if sorted(i.message for i in after.issues) != sorted(i.message for i in before.issues):
            printed_changed += 1
    assert printed_changed >= len(examples(system)) // 2
    last = {kind.kind: (path, data, kind) for path, data, kind in examples(system)}   # a sheet of each kind
    for path, data, kind in last.values():
        before, after = run_example(path, data, kind, None), run_example(path, data, kind, pack)
        assert sheet(data, after, tmp_path) != sheet(data, before, tmp_path), path.name


# ---- Stargrave ----

def test_SG_CAPT_01_SG_FM_01_SG_BG_03_SG_BG_05_officer_profiles_follow_the_moved_pack():
    pack = moved_pack("stargrave")
    t = sg_tables(pack)
    data, result = evaluated("stargrave", "ashen-comet-veteran", pack)
    _data, builtin = evaluated("stargrave", "ashen-comet-veteran")
    for role in ROLES:
        bg = t.backgrounds[t.canonical_background(data[role]["background"])]
        want = dict(t.figures[role]["profile"])
        for k, v in bg["fixed"].items():
            want[k] += v
        for k in data[role]["choices"]:   # the legal crew's picks: distinct, offered, no more than allowed
            want[k] += t.crew["choice_bonus"]
        assert t.crew["choice_bonus"] == 2
        assert result.derived[role]["base_profile"] == want != builtin.derived[role]["base_profile"]
        assert result.derived[role]["level"] == t.figures[role]["level"] == builtin.derived[role]["level"] + 1


def test_SG_CREW_04_SG_EQ_01_credits_and_slots_follow_the_moved_pack():
    pack = moved_pack("stargrave")
    t = sg_tables(pack)
    data, result = evaluated("stargrave", "ashen-comet-veteran", pack)
    d = result.derived
    assert d["credits_start"] == t.crew["starting_credits"] == 401
    assert d["credits_spent"] == sum(t.soldiers[s["type"]]["cost"] for s in data["soldiers"])
    for role in ROLES:
        assert d[role]["slots"] == t.figures[role]["item_slots"]
        assert d[role]["slots_used"] == sum(s["slots"] for s in d[role]["item_slots"])


def test_SG_CAPT_06_a_creation_reduction_lowers_by_the_packs_step():
    pack = moved_pack("stargrave")
    data, result = evaluated("stargrave", "ashen-comet-veteran", pack)
    reduced = [p for p in result.derived["captain"]["powers"] if p["reduced"]]
    assert reduced and all(["creation reduction", -2] in p["derivation"] for p in reduced)
    bad = copy.deepcopy(data)
    for p in bad["captain"]["powers"]:
        p["reduced"] = True
    words = messages(run_example(example("stargrave", "ashen-comet-veteran")[0], bad,
                                 example("stargrave", "ashen-comet-veteran")[2], pack), "SG-CAPT-06")
    assert any("powers by 2 at creation" in m for m in words), words


def test_SG_BG_04_the_choice_bonus_in_the_messages_follows_the_pack():
    pack = moved_pack("stargrave")
    _data, result = evaluated("stargrave", "ashen-comet-veteran", pack,
                              lambda d: d["captain"].update(choices=["shoot", "shoot"]))
    words = messages(result, "SG-BG-04")
    assert words and all("+2" in m and "+1" not in m for m in words), words


def test_SG_PROF_07_unarmed_numbers_follow_on_check_cards_and_sheet(tmp_path):
    pack = one_changed("stargrave", "/crew/unarmed_fight", -3)
    unarmed = (lambda d: d["captain"].update(items=["Carbine", "Heavy Armour"]))
    data, result = evaluated("stargrave", "ashen-comet-veteran", pack, unarmed)
    assert any("(-3 Fight in melee)" in m for m in messages(result, "SG-PROF-07"))
    assert "-3 Fight, -2 damage" in listing(data, result)
    assert "Unarmed: −3 Fight in melee and −2 damage" in sheet(data, result, tmp_path)


def test_SG_CAMP_06_an_injured_soldier_starts_at_the_packs_share_of_health():
    _data, builtin = evaluated("stargrave", "ashen-comet-campaign")
    hurt = [s for s in builtin.derived["soldiers"] if s.get("injured")]
    assert hurt and all(s["health_now"] == s["profile"]["health"] // 2 for s in hurt)
    pack = one_changed("stargrave", "/campaign/survival/injured_health_divisor", 3)
    _data, result = evaluated("stargrave", "ashen-comet-campaign", pack)
    hurt = [s for s in result.derived["soldiers"] if s.get("injured")]
    assert hurt and all(s["health_now"] == s["profile"]["health"] // 3 for s in hurt)


def test_SG_CAMP_16_SG_CAMP_17_a_level_reduces_by_the_packs_step_and_as_often_as_it_says():
    pack = one_changed("stargrave", "/campaign/levels/reduce_step", 2)
    _data, result = evaluated("stargrave", "ashen-comet-campaign", pack)
    _data, builtin = evaluated("stargrave", "ashen-comet-campaign")
    steps = [x for p in result.derived["captain"]["powers"] for x in p["derivation"] if x[0].startswith("level ")]
    assert steps and all(x[1] == -2 for x in steps)
    was = {p["name"]: p["activation"] for p in builtin.derived["captain"]["powers"]}
    now = {p["name"]: p["activation"] for p in result.derived["captain"]["powers"]}
    assert now != was and all(now[n] <= was[n] for n in was)


# ---- Star Frontiers ----

def test_SF_RACE_01_the_single_ability_bonus_follows_on_derive_check_and_sheet(tmp_path):
    pack = moved_pack("starfrontiers")
    human = next(r for r in pack.data["races"] if r["name"] == "Human")["single_ability_bonus"]
    assert human == 6
    data, result = evaluated("starfrontiers", "kara-venn-human", pack)
    assert ["Human bonus to one ability", 6] in result.derived["derivation"][data["human_bonus"]]
    assert f"Human +6 {data['human_bonus'].upper()}" in sheet(data, result, tmp_path)
    no_bonus = one_changed("starfrontiers", "/races/0/single_ability_bonus", 0)
    _data, result = evaluated("starfrontiers", "kara-venn-human", no_bonus)
    words = messages(result, "SF-RACE-01")
    assert words and "No race adds" in words[0], words


def test_SF_RACE_07_the_sungoggles_penalty_follows_the_pack():
    pack = moved_pack("starfrontiers")
    no_goggles = (lambda d: d.update(equipment=[e for e in d["equipment"] if e["name"] != "Sungoggles"]))
    _data, result = evaluated("starfrontiers", "vish-takaar-yazirian", pack, no_goggles)
    words = messages(result, "SF-RACE-07")
    assert words and "acts at -14 in daylight" in words[0], words


def test_SF_EQ_07_SF_EQ_08_the_rule_a_psa_only_item_cites_is_the_packs():
    d19 = next(i for i, it in enumerate(builtin_data("starfrontiers")["items"]) if "D-19" in it["name"])
    pack = one_changed("starfrontiers", f"/items/{d19}/psa_rule", "SF-EQ-08")
    name = builtin_data("starfrontiers")["items"][d19]["name"]
    add = (lambda d: d.update(psa="Tech", equipment=d["equipment"] + [{"name": name, "count": 1}]))
    _data, builtin = evaluated("starfrontiers", "kara-venn-human", None, add)
    _data, result = evaluated("starfrontiers", "kara-venn-human", pack, add)
    assert any(name in m for m in messages(builtin, "SF-EQ-07"))
    assert any(name in m for m in messages(result, "SF-EQ-08")) and not messages(result, "SF-EQ-07")


def test_SF_CHAR_11_the_psa_bonus_follows_the_moved_pack():
    pack = moved_pack("starfrontiers")
    _data, result = evaluated("starfrontiers", "kara-venn-human", pack)
    assert result.derived["psa_bonus"] == result.derived["psa_level"] * 6


# ---- Starchasers ----

def test_SC_CHAR_05_the_equipment_bonus_dice_range_follows_the_pack():
    pack = moved_pack("starchasers")
    _data, result = evaluated("starchasers", "unit-k7-droid-medic", pack)
    words = messages(result, "SC-CHAR-05")
    assert any("equipment gives 2 to 4" in m for m in words), words
    _data, builtin = evaluated("starchasers", "unit-k7-droid-medic")
    assert not messages(builtin, "SC-CHAR-05")


def test_SC_CHAR_03_the_skill_range_in_the_message_follows_the_pack():
    _data, result = evaluated("starchasers", "broken-starchasers-character", moved_pack("starchasers"))
    assert any("from 1 to 6 (1 Untrained" in m for m in messages(result, "SC-CHAR-03"))


def test_SC_REP_04_SC_REP_05_SC_REP_07_repair_prices_and_times_follow_the_moved_pack(tmp_path):
    from model.systems.starchasers.ship.repair import credits
    pack = moved_pack("starchasers")
    rep = pack.data["repair"]
    data, result = evaluated("starchasers", "warden-patrol-ship", pack)
    first, second = result.derived["repairs"]
    row = next(r for r in rep["hull"] if r["points"] == first["points"])   # the moved table's row for it
    good = next(r for r in rep["reputability"] if r["key"] == data["play"]["repairs"][0]["reputability"])
    assert first["cost"] == row["labour"] * good["modifier"] and first["hours"] == row["hours"]
    # the moved System Damage table starts at 2 points: a 1-point repair has no row, and check says so
    assert second["points"] == 1 and second["cost"] is None
    assert any("no row for 1 point," in m for m in messages(result, "SC-REP-04"))
    two = copy.deepcopy(data["play"]["repairs"][1]) | {"points": 2}
    _data, moved_two = evaluated("starchasers", "warden-patrol-ship", pack,
                                 lambda d: d["play"]["repairs"].__setitem__(1, two))
    sys_row = next(r for r in rep["system"] if r["points"] == 2)
    crew = next(r for r in rep["reputability"] if r["key"] == rep["crew_parts_reputability"])
    assert moved_two.derived["repairs"][1]["cost"] == sys_row["parts"] * crew["modifier"]
    assert credits(first["cost"]) in sheet(data, result, tmp_path)


# ---- Knight Hawks ----

def test_KH_SHIP_02_hull_points_follow_on_derive_and_sheet(tmp_path):
    pack = moved_pack("knighthawks")
    frigate = next(s for s in pack.data["ship_types"] if s["name"] == "Frigate")["hull_points"]
    data, result = evaluated("knighthawks", "z-gata-frigate", pack)
    assert result.derived["hull_points"] == frigate == 41
    assert "41" in sheet(data, result, tmp_path)
    _data, broken = evaluated("knighthawks", "broken-knighthawks-frigate", pack)
    assert any("Every frigate has 41 hull points" in m for m in messages(broken, "KH-SHIP-02"))


def test_KH_WPN_09_which_weapons_have_a_limited_supply_is_the_packs_flag():
    _data, builtin = evaluated("knighthawks", "z-gata-frigate")
    limited = {w["code"] for w in builtin.derived["weapons"] if w["limited"]}
    assert limited == {"T"} | ({"RB"} & limited)
    codes = [c["code"] for c in builtin_data("knighthawks")["restriction_codes"]]
    data = builtin_data("knighthawks")
    data["id"] = "no-supplies"
    data["restriction_codes"][codes.index("LTD")]["limits_supply"] = False
    data["restriction_codes"][codes.index("FF")]["limits_supply"] = True
    _data, result = evaluated("knighthawks", "z-gata-frigate", as_pack(data))
    now = {w["code"] for w in result.derived["weapons"] if w["limited"]}
    forward = {w["code"] for w in result.derived["weapons"] if "FF" in w["restrictions"]}
    assert now == forward and now != limited
    assert json.dumps(result.derived["supplies"]) != json.dumps(builtin.derived["supplies"])


def test_SG_EQ_03_how_many_armours_a_figure_wears_is_the_packs():
    two = (lambda d: d["captain"].update(items=["Light Armour", "Heavy Armour", "Knife"]))
    _data, builtin = evaluated("stargrave", "ashen-comet-veteran", None, two)
    assert any("only one type of armour" in m for m in messages(builtin, "SG-EQ-03"))
    pack = one_changed("stargrave", "/crew/max_armours", 2)
    data, result = evaluated("stargrave", "ashen-comet-veteran", pack, two)
    assert not messages(result, "SG-EQ-03")
    from model.systems.stargrave.derive import carried_status
    assert all(s["fits"] for s in carried_status(data["captain"], "captain", sg_tables(pack)))


def test_SF_CHAR_19_what_every_character_carries_is_the_packs(tmp_path):
    items = builtin_data("starfrontiers")["items"]
    card = next(i for i, it in enumerate(items) if it.get("every_character"))
    goggles = next(i for i, it in enumerate(items) if it["name"] == "Sungoggles")
    no_card = (lambda d: d.update(equipment=[]))
    data, builtin = evaluated("starfrontiers", "kara-venn-human", None, no_card)
    text = sheet(data, builtin, tmp_path)
    assert f"every character carries one: {items[card]['notes']}" in text and items[card]["name"] in text
    data = builtin_data("starfrontiers")
    data["id"] = "goggles-for-all"
    data["items"][card]["every_character"] = False
    data["items"][goggles]["every_character"] = True
    doc, result = evaluated("starfrontiers", "kara-venn-human", as_pack(data), no_card)
    text = sheet(doc, result, tmp_path)
    assert f"every character carries one: {items[goggles]['notes']}" in text and "Sungoggles" in text
    assert items[card]["name"] not in text


def test_SF_WPN_08_who_fires_artillery_unpenalised_is_the_packs(tmp_path):
    laser = (lambda d: d.update(equipment=d["equipment"] + [{"name": "Heavy Laser", "count": 1}]))
    data, builtin = evaluated("starfrontiers", "kara-venn-human", None, laser)
    assert "−10 if not Military" in sheet(data, builtin, tmp_path)
    pack = builtin_data("starfrontiers")
    pack["id"] = "artillery"
    pack["artillery"] = {"skilled_psa": "Technological", "unskilled_penalty": -12}
    data, result = evaluated("starfrontiers", "kara-venn-human", as_pack(pack), laser)
    text = sheet(data, result, tmp_path)
    assert "−12 if not Technological" in text and "−10 if not Military" not in text


def test_the_quick_reference_the_sheet_prints_is_the_packs(tmp_path):
    pack = builtin_data("starfrontiers")
    pack["id"] = "reference"
    pack["reference"] = [{"title": "House rule", "text": "Initiative is rolled once per fight."}]
    data, result = evaluated("starfrontiers", "kara-venn-human", as_pack(pack))
    text = sheet(data, result, tmp_path)
    assert "House rule. Initiative is rolled once per fight." in text and "Ability check." not in text


def test_the_starchasers_tracks_and_system_damage_die_the_sheets_print_are_the_packs(tmp_path):
    pack = builtin_data("starchasers")
    pack["id"] = "tracks"
    pack["character"]["track_notes"]["motivation"] = "+3 when damage lowers Hit Points; spend 1 per extra die (up to 6)"
    pack["ship"]["track_notes"]["stress"] = "at it, 2 System Damage"
    pack["system_damage_die"] = "d12"
    data, result = evaluated("starchasers", "dash-korrin-ace", as_pack(pack))
    assert "+3 when damage lowers Hit Points; spend 1 per extra die (up to 6)" in sheet(data, result, tmp_path)
    data, result = evaluated("starchasers", "kestrel-light-freighter", as_pack(pack))
    text = sheet(data, result, tmp_path)
    assert "roll d12 for each uncancelled Crit" in text.replace("ROLL", "roll") and "at it, 2 System Damage" in text


def test_SG_SOLD_11_the_weapons_a_soldier_swaps_are_named_from_the_pack():
    pack = builtin_data("stargrave")
    pack["id"] = "scattergun"
    for item in pack["items"]:
        if item["name"] == "Shotgun":
            item["name"] = "Scattergun"
        if item.get("swap_for") == "Shotgun":
            item["swap_for"] = "Scattergun"
    validate_pack_data(pack, "scattergun.json")
    no_carbine = next(s["name"] for s in pack["soldiers"] if not any(g == "Carbine" for g in s["gear"]))
    hire = (lambda d: d.update(soldiers=[{"name": "", "type": no_carbine, "robot": False, "shotgun": True, "item": None}]))
    data, result = evaluated("stargrave", "ashen-comet-veteran", as_pack(pack), hire)
    assert any("cannot swap one for a scattergun" in m for m in messages(result, "SG-SOLD-11"))
