"""Importing crews from Labernator and BattleScribe / New Recruit: every shape, every wrapping, the report,
and files that must be refused. Fixtures are built here from the format descriptions."""

import io
import json
import zipfile

import pytest

from model.evaluate import evaluate
from model.importers import ImportRefused, import_bytes, import_file
from model.importers.bounded import MAX_FILE_BYTES
from model.kinds import KINDS
from model.storage import from_data

from tests.model.import_fixtures import (billion_laughs, external_entity, labernator_current, labernator_middle,
                                         labernator_old, roster_tree, to_new_recruit, to_rosz, to_xml,
                                         unrepresentable_extras)

CREW = KINDS["stargrave-crew"]


def _import(data, name="crew.sg"):
    raw = data if isinstance(data, bytes) else json.dumps(data).encode("utf-8")
    return import_bytes(raw, name)


def _legal(doc):
    """The document loads as a Starwright crew and checks with no rule errors."""
    loaded = from_data(json.loads(json.dumps(doc)))
    result = evaluate(loaded.data, CREW)
    assert result.schema_valid
    return [i for i in result.issues if i.is_error]


def _lines(report, group):
    return [f"{line.source}: {line.message}" for line in report.group(group)]


# ---- Labernator: the three shapes ----------------------------------------------------------------

@pytest.mark.parametrize("make, shape", [(labernator_old, "5 keys"), (labernator_middle, "8 keys"),
                                         (labernator_current, "10 keys")])
def test_labernator_shapes_import_legal_with_the_same_choices(make, shape):
    r = _import(make())
    assert shape in r.source_format
    assert _legal(r.data) == []
    cap, fm = r.data["captain"], r.data["first_mate"]
    assert cap["background"] == "Techno" and fm["background"] == "Biomorph"
    # picks worked out from the final stats
    assert sorted(cap["choices"]) == ["health", "shoot"] and sorted(fm["choices"]) == ["fight", "move"]
    # the Captain's two creation reductions: the two powers one below the rules' value
    assert [p["name"] for p in cap["powers"] if p.get("reduced")] == ["Data Hack", "Teleport"]
    assert [p["name"] for p in cap["powers"]] == ["Data Hack", "Remote Drone", "Teleport", "Holographic Wall", "Fortune"]
    assert [p["name"] for p in fm["powers"]] == ["Dermal Plating", "Regeneration", "Toxic Claws", "Command"]
    assert cap["items"] == ["Carbine", "Light Armour", "Knife", "Cyber-terminal"]
    assert fm["items"] == ["Hand Weapon", "Heavy Armour", "Pistol", "Grenades"]
    types = [s["type"] for s in r.data["soldiers"]]
    assert types == ["Codebreaker", "Trooper", "Hacker", "Hacker", "Recruit", "Pathfinder", "Medic"]
    assert r.data["soldiers"][1]["shotgun"] is True          # the Trooper carries a shotgun for its carbine
    inferred = " ".join(_lines(r.report, "inferred"))
    assert "Data Hack and Teleport" in inferred and "+1 Shoot, +1 Health" in inferred
    aliases = " ".join(_lines(r.report, "alias"))
    for said in ('"Tekker" is Techno', '"Data Knock" is Data Hack', '"Deck" is Cyber-terminal',
                 '"Fragmentation Grenade" is Grenades', '"Armour Plates" is Dermal Plating', '"Medic Kit"'):
        assert said in aliases or said == '"Medic Kit"', said
    differs = _lines(r.report, "differs")
    if make is labernator_current:   # the cargo's find needs an imported game, and every game gives 30 XP
        assert differs == ["Experience: 0 unspent XP in the source; the replay gives 30 (a recorded game always "
                           "gives at least 30 XP)"]
    else:
        assert differs == []


def test_labernator_numbers_that_differ_are_reported_and_recomputed():
    d = labernator_old()
    d["Captain"]["powers"][4]["activation"] = 11         # Fortune is 14 for a Tekker Captain: 3 below
    d["Soldiers"][2]["stats"]["Fight"] = 2               # the disputed Hacker Fight
    d["Credits"] = 90
    r = _import(d)
    differs = " | ".join(_lines(r.report, "differs"))
    assert "Fortune is 3 below what the rules give" in differs
    assert "Fight +2 in the source; the rules pack gives a Hacker +1" in differs
    assert "90 Cr in the source; Starwright derives 35 Cr" in differs
    assert not any(p.get("reduced") for p in r.data["captain"]["powers"] if p["name"] == "Fortune")
    derived = evaluate(r.data, CREW).derived
    assert {p["name"]: p["activation"] for p in derived["captain"]["powers"]}["Fortune"] == 14


def test_labernator_background_enum_and_missing_keys_read_as_empty():
    d = labernator_old()
    d["Captain"]["background"] = "RoboticsExpert"
    del d["Soldiers"]
    r = _import(d)
    assert r.data["captain"]["background"] == "Roboticist"
    assert r.data["soldiers"] == []
    assert '"RoboticsExpert" is Roboticist' in " ".join(_lines(r.report, "alias"))


def test_labernator_content_with_no_place_is_reported_and_kept_in_notes():
    d = labernator_current()
    d["Captain"]["gear"].append({"name": "Stinging Carbine", "gearSlots": 2})
    d["Soldiers"].append({"type": "Gunfighter", "cost": 100, "stats": d["Soldiers"][0]["stats"], "gear": []})
    r = _import(d)
    no_place = " | ".join(_lines(r.report, "no_place"))
    assert '"Stinging Carbine" is not in the rules pack' in no_place
    assert '"Gunfighter" comes from Quarantine 37' in no_place
    assert "Stinging Carbine" in r.data["notes"] and "Gunfighter" in r.data["notes"]
    assert "Cargo: Cryo Pistol (Advanced Weapons)" in r.data["notes"]
    assert "Ship upgrade: Extra Cargo Hold" in r.data["notes"]
    assert "Gunfighter" not in [s["type"] for s in r.data["soldiers"]]


# ---- BattleScribe / New Recruit: one tree, three wrappings ----------------------------------------

def _roster_crews():
    tree = roster_tree()
    xml = to_xml(tree)
    return {"ros": _import(xml, "heron.ros"), "rosz": _import(to_rosz(xml), "heron.rosz"),
            "json": _import(to_new_recruit(tree), "heron.json")}


def test_roster_ros_rosz_and_new_recruit_json_give_the_same_legal_crew():
    crews = _roster_crews()
    docs = {k: {key: v for key, v in r.data.items() if key != "notes"} for k, r in crews.items()}
    assert docs["ros"] == docs["rosz"] == docs["json"]
    assert "BattleScribe .ros" in crews["ros"].source_format
    assert "zipped" in crews["rosz"].source_format and "New Recruit" in crews["json"].source_format
    doc = crews["ros"].data
    assert _legal(doc) == []
    assert doc["name"] == "Night Heron"
    cap, fm = doc["captain"], doc["first_mate"]
    assert (cap["name"], cap["background"], cap["choices"]) == ("Vessa Quill", "Mystic", ["shoot"])
    assert [p["name"] for p in cap["powers"]] == ["Healing", "Dark Energy", "Vital Leech", "Animal Control", "Fortune"]
    assert cap["items"] == ["Carbine", "Light Armour", "Knife", "Medkit"]
    assert (fm["background"], fm["choices"]) == ("Rogue", ["move", "fight"])
    assert [p["name"] for p in fm["powers"]] == ["Haggle", "Bribe", "Reflex Move", "Anti-Grav Boost"]
    assert [(s["name"], s["type"], s["robot"]) for s in doc["soldiers"]] == [
        ("Brann", "Trooper", False), ("", "Sentry", False), ("Ash", "Commando", False), ("K-9", "Recruit", True),
        ("", "Hacker", False)]


def test_roster_report_names_aliases_defaults_and_the_known_data_difference():
    r = _roster_crews()["rosz"]
    aliases = " | ".join(_lines(r.report, "alias"))
    for said in ('"Heal" is Healing', '"Quick-Step" is Reflex Move', '"Antigravity Projection" is Anti-Grav Boost',
                 '"Life Leach" is Vital Leech', '"Medic Kit" is Medkit'):
        assert said in aliases
    defaulted = " | ".join(_lines(r.report, "defaulted"))
    assert "creation reductions" in defaulted and "standard gear" in defaulted
    assert "400 less the roster's Cr total 195 gives 205 Cr" in defaulted
    assert _lines(r.report, "differs") == ["Soldiers › #5 Hacker: Fight +2 in the source; the rules pack gives a Hacker +1"]


def test_roster_with_content_starwright_cannot_represent():
    tree = roster_tree(extra_selections=unrepresentable_extras(), catalogue=("b1f0-5a8d-12f3-af0d", "Dead or Alive Crew"))
    cap = tree["roster"]["forces"][0]["selections"][0]
    cap["selections"].append({"id": "q37p-0000-0000-0001", "name": "Crack Shot", "entryId": "c1a1::1bd7-1b8e-f58b-3a1a",
                              "entryGroupId": "c1a1::7753-4141-f613-ae54", "number": "1", "type": "upgrade"})
    cap["selections"].append({"id": "snap-0000-0000-0001", "name": "Snap-shot", "entryId": "c1a1::3094-bb20-c571-1ce3",
                              "number": "1", "type": "upgrade"})
    r = _import(to_xml(tree), "doa.ros")
    no_place = " | ".join(_lines(r.report, "no_place"))
    assert "Dead or Alive" in no_place
    assert '"Mule" comes from Quarantine 37' in no_place
    assert '"Crack Shot" comes from Quarantine 37' in no_place
    assert '"Snap-shot" comes from the BattleScribe data only' in no_place
    assert "Crystophon Marrs" in no_place
    assert [s["type"] for s in r.data["soldiers"]] == ["Trooper", "Sentry", "Commando", "Recruit", "Hacker"]
    assert "Crack Shot" in r.data["notes"] and "Mule" in r.data["notes"]
    assert _legal(r.data) == []


def test_roster_for_another_game_is_refused():
    tree = roster_tree()
    tree["roster"]["gameSystemId"] = "e5fe-db52-95ba-6b62"
    tree["roster"]["gameSystemName"] = "Warcry"
    with pytest.raises(ImportRefused, match="this roster is for Warcry.*not Stargrave"):
        _import(to_xml(tree), "w.ros")


def test_format_is_found_from_content_not_extension(tmp_path):
    xml = to_xml(roster_tree())
    plain = tmp_path / "NotZipped.rosz"
    plain.write_bytes(xml)
    assert import_file(plain).data["name"] == "Night Heron"
    sg = tmp_path / "crew.ros"
    sg.write_text(json.dumps(labernator_old()))
    assert "Labernator" in import_file(sg).source_format


# ---- safe parsing -----------------------------------------------------------------------------------

def test_xml_bomb_is_refused_before_any_expansion():
    with pytest.raises(ImportRefused, match="document type"):
        _import(billion_laughs(), "bomb.ros")


def test_external_entity_is_refused():
    with pytest.raises(ImportRefused, match="document type"):
        _import(external_entity(), "xxe.ros")


def test_corrupted_zip_is_refused_with_a_message():
    good = to_rosz(to_xml(roster_tree()))
    with pytest.raises(ImportRefused, match="damaged"):
        _import(good[: len(good) // 2], "cut.rosz")
    flipped = bytearray(good)
    flipped[60:90] = b"\x00" * 30
    with pytest.raises(ImportRefused, match="damaged|not well-formed"):
        _import(bytes(flipped), "flipped.rosz")


def _zip(entries):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            z.writestr(name, data)
    return buf.getvalue()


def test_zip_members_are_checked_for_name_count_and_size():
    with pytest.raises(ImportRefused, match="outside the archive"):
        _import(_zip([("../evil.ros", b"<roster/>")]), "a.rosz")
    with pytest.raises(ImportRefused, match="entries"):
        _import(_zip([(f"r{i}.ros", b"<roster/>") for i in range(40)]), "b.rosz")
    # a zip bomb: 20 MB of spaces packs to a few KB; refused from the header before unpacking
    with pytest.raises(ImportRefused, match="unpacks to"):
        _import(_zip([("big.ros", b" " * (20 * 1024 * 1024))]), "c.rosz")


def test_oversize_file_is_refused_with_a_message(tmp_path):
    big = tmp_path / "huge.sg"
    big.write_bytes(b"{" + b" " * (MAX_FILE_BYTES + 10) + b"}")
    with pytest.raises(ImportRefused, match="MB"):
        import_file(big)


@pytest.mark.parametrize("raw, said", [
    (b"", "empty"), (b"\x89PNG\r\n", "neither"), (b"{not json", "not valid JSON"),
    (b"<roster>", "not well-formed"), (b'{"format": "starwright/stargrave-crew"}', "open it"),
    (b'{"hello": 1}', "neither a Labernator"), (b"[1, 2]", "neither a Labernator")])
def test_bad_input_gets_a_clear_message(raw, said):
    with pytest.raises(ImportRefused, match=said):
        _import(raw, "x")


def test_labernator_garbage_inside_is_reported_not_raised():
    d = labernator_old()
    d["Captain"]["powers"].append(17)
    d["Captain"]["stats"] = "strong"
    d["Soldiers"].append("a string")
    d["FirstMate"] = None
    r = _import(d)
    assert r.data["first_mate"]["background"] == ""
    text = r.report.to_text()
    assert "not a power" in text and "not a soldier" in text and "no background picks" in text
    assert from_data(json.loads(json.dumps(r.data))).data["name"] == "Brass Lantern"


# ---- campaign state (crew file version 2) ----------------------------------------------------------

def _pack(game_cap=None):
    """The built-in pack, or a house pack with another XP cap per game."""
    import copy
    from model.rules_pack import builtin_pack
    pack = copy.deepcopy(builtin_pack("stargrave").data)
    if game_cap is not None:
        pack["campaign"]["xp"]["game_cap"] = game_cap
    return pack


def _campaign_import(game_cap=None):
    from model.importers import labernator
    from model.importers.build import build
    from tests.model.import_fixtures import labernator_campaign
    return build(labernator.read(labernator_campaign()), _pack(game_cap), "brass.sg")


def test_SG_CAMP_13_labernator_levels_become_imported_games_with_the_upgrades_their_numbers_give():
    doc, rep = _campaign_import()
    games = doc["campaign"]["games"]
    assert all(g["title"].startswith("Imported from Labernator") for g in games)
    levels = [lv for g in games for lv in g["levels"]]
    fm = [lv for lv in levels if lv["officer"] == "first_mate"]
    cap = [lv for lv in levels if lv["officer"] == "captain"]
    # First Mate levels 1, 2, 3 give reduce, improve, reduce; Captain 16, 17, 18 the same
    assert [lv["upgrade"] for lv in fm] == ["reduce", "improve", "reduce"]
    assert [lv["upgrade"] for lv in cap] == ["reduce", "improve", "reduce"]
    assert {lv["power"] for lv in fm if lv["upgrade"] == "reduce"} == {"Dermal Plating", "Command"}
    assert fm[1]["characteristic"] == "shoot" and cap[1]["characteristic"] == "will"
    # which powers the Captain's creation reductions and level reductions went to cannot be told apart
    assert any("more than 2 powers are below" in line.message for line in rep.group("ambiguous"))
    lowered = [p["name"] for p in doc["captain"]["powers"] if p.get("reduced")] + \
              [lv["power"] for lv in cap if lv["upgrade"] == "reduce"]
    assert sorted(lowered) == ["Data Hack", "Data Hack", "Remote Drone", "Teleport"]
    assert [s["id"] for s in doc["soldiers"]] == [f"s{i}" for i in range(1, 8)]


def test_SG_CAMP_08_imported_xp_stays_within_300_per_game_and_leaves_the_unspent_xp():
    doc, rep = _campaign_import()
    games = doc["campaign"]["games"]
    # 30 for playing, 30 when one of the crew was taken out of action, the rest as scenario XP
    xp = [30 + (30 if g["out_of_action"] else 0) + g["xp"]["bonus"] for g in games]
    assert all(x <= 300 for x in xp) and len(games) == 3
    assert sum(xp) - 100 * 6 == 40
    assert "3 imported games carry 6 levels and 40 unspent XP" in " ".join(_lines(rep, "campaign"))


def test_SG_CAMP_08_a_house_pack_cap_is_obeyed():
    doc, rep = _campaign_import(game_cap=700)
    games = doc["campaign"]["games"]
    assert len(games) == 1 and len(games[0]["levels"]) == 6
    assert "1 imported game carries 6 levels and 40 unspent XP" in " ".join(_lines(rep, "campaign"))


def test_SG_CAMP_17_one_reduction_per_power_per_game_even_when_imported():
    doc, _rep = _campaign_import()
    for g in doc["campaign"]["games"]:
        seen = [(lv["officer"], lv["power"]) for lv in g["levels"] if lv["upgrade"] == "reduce"]
        assert len(seen) == len(set(seen))


def test_SG_CAMP_10_labernator_campaign_replays_to_the_source_state():
    """Through the real replay: levels, activations, profiles, unspent XP, credits, stash and injuries."""
    from tests.model.import_fixtures import labernator_campaign
    source = labernator_campaign()
    r = _import(source, "brass.sg")
    assert r.data["version"] == 3
    assert _legal(r.data) == []
    assert _lines(r.report, "differs") == []
    derived = evaluate(from_data(json.loads(json.dumps(r.data))).data, CREW).derived
    camp = derived["campaign"]
    assert (derived["captain"]["level"], derived["first_mate"]["level"]) == (18, 3)
    assert camp["xp_unspent"] == 40 and camp["credits"] == 135
    assert camp["stash"] == ["Cryo Pistol"]
    assert camp["games"] == len(r.data["campaign"]["games"]) == 3
    for role, key in (("captain", "Captain"), ("first_mate", "FirstMate")):
        acts = {p["name"]: p["activation"] for p in derived[role]["powers"]}
        theirs = sorted(p["activation"] for p in source[key]["powers"])
        assert sorted(acts.values()) == theirs, role
        stats = source[key]["stats"]
        base = derived[role]["base_profile"]
        assert [base[k] for k in ("move", "fight", "shoot", "will", "health")] == \
               [stats[k] for k in ("Move", "Fight", "Shoot", "Will", "Health")], role
    hurt = [s for s in derived["soldiers"] if s["injured"]]
    assert [s["type"] for s in hurt] == ["Codebreaker"] and hurt[0]["health_now"] == 7
    campaign = " | ".join(_lines(r.report, "campaign"))
    assert "135 Cr as in the source: 100 Cr carried over" in campaign and "Cryo Pistol: to the stash as a find" in campaign
    assert "Trade Goods 75 ¥" in campaign   # no place in the stash: kept in the notes
    assert "XP records (running totals, one per game in the source): 0, 290, 640" in r.data["notes"]


def test_SG_CAMP_14_a_power_learned_at_a_level_comes_back_at_its_listed_value_plus_two():
    from tests.model.import_fixtures import labernator_current
    d = labernator_current()
    c = d["Captain"]
    c["level"] = 20                       # 16 reduce, 17 improve, 18 reduce, 19 reduce, 20 learn or improve
    c["stats"]["Fight"] += 1              # 17
    c["powers"][0]["activation"] = 10     # Data Hack: creation -1, then -1
    c["powers"][1]["activation"] = 9      # Remote Drone -1
    c["powers"][4]["activation"] = 13     # Fortune -1
    c["powers"].append({"name": "Bribe", "activation": 16})   # learned: 14, not basic for a Techno, +2
    d["Experience"] = 30
    r = _import(d)
    assert _lines(r.report, "differs") == []
    levels = [lv for g in r.data["campaign"]["games"] for lv in g["levels"]]
    assert levels[-1] == {"officer": "captain", "upgrade": "learn", "power": "Bribe"}
    assert [p["name"] for p in r.data["captain"]["powers"]] == \
           ["Data Hack", "Remote Drone", "Teleport", "Holographic Wall", "Fortune"]   # as founded
    derived = evaluate(r.data, CREW).derived
    acts = {p["name"]: p["activation"] for p in derived["captain"]["powers"]}
    assert acts == {"Data Hack": 10, "Remote Drone": 9, "Teleport": 9, "Holographic Wall": 10, "Fortune": 13,
                    "Bribe": 16}
    assert derived["captain"]["level"] == 20 and derived["campaign"]["xp_unspent"] == 30


def test_SG_CAMP_07_an_officer_hurt_in_labernator_is_reported_and_kept_in_the_notes():
    d = labernator_middle()
    d["FirstMate"]["missNextGame"] = True
    d["FirstMate"]["currentHealth"] = 4
    r = _import(d)
    said = " ".join(_lines(r.report, "campaign"))
    assert "First Mate: misses the next game and has 4 Health left in the source" in said
    assert "First Mate misses the next game and has 4 Health left" in r.data["notes"]


def test_folders_devices_and_pipes_are_refused_without_reading(tmp_path):
    import os
    with pytest.raises(ImportRefused, match="folder"):
        import_file(tmp_path)
    with pytest.raises(ImportRefused, match="device, not a file"):
        import_file("/dev/zero")
    fifo = tmp_path / "pipe.sg"
    os.mkfifo(fifo)
    with pytest.raises(ImportRefused, match="pipe"):
        import_file(fifo)      # opening a pipe with no writer would block forever
    with pytest.raises(ImportRefused, match="no such file"):
        import_file(tmp_path / "missing.sg")


def test_roster_supplement_background_chosen_as_an_upgrade_has_no_place():
    tree = roster_tree()
    fm = tree["roster"]["forces"][0]["selections"][1]
    fm["selections"].insert(0, {"id": "hunt-0000-0000-0001", "name": "First Mate Hunter",
                                "entryId": "3c45-0df7-b87f-09d0", "number": "1", "type": "upgrade"})
    r = _import(to_xml(tree), "hunter.ros")
    assert r.data["first_mate"]["background"] == ""
    assert any('"Hunter" comes from Quarantine 37' in line for line in _lines(r.report, "no_place"))
    errors = _legal(r.data)
    assert [e.rule for e in errors] == ["SG-BG-01"]     # the crew shows the missing background as any other


def test_SG_CAMP_06_a_soldier_labernator_marks_as_wounded_starts_the_next_game_at_half_health():
    from tests.model.import_fixtures import labernator_campaign
    source = labernator_campaign()
    source["Soldiers"][4]["currentHealth"] = 12     # the Recruit at its own maximum: not hurt
    r = _import(source, "brass.sg")
    last = r.data["campaign"]["games"][-1]
    assert last["out_of_action"] == ["s1"] and last["survival"] == [{"who": "s1", "roll": 5}]
    soldiers = evaluate(r.data, CREW).derived["soldiers"]
    assert [(s["type"], s["injured"], s["health_now"]) for s in soldiers[:1] + soldiers[4:5]] == \
           [("Codebreaker", True, 7), ("Recruit", False, 12)]


def test_text_no_crew_file_may_hold_is_refused_with_its_place_in_the_source():
    data = labernator_current()
    data["ShipName"] = "Kestrel\u0000"
    with pytest.raises(ImportRefused, match="NUL") as e:
        import_bytes(json.dumps(data).encode("utf-8"), "nul.sg")
    assert e.value.where == "/ShipName"


def test_a_roster_that_makes_more_items_than_a_crew_file_holds_is_refused():
    """A roster asking for 58 knives gives a Captain 61 items; a crew file holds at most 60: refused at import
    with the place, not made into a crew that cannot be opened (found by the importer fuzz test)."""
    tree = roster_tree()
    knife = tree["roster"]["forces"][0]["selections"][0]["selections"][8]
    assert knife["name"] == "Knife"
    knife["number"] = "58"
    for raw in (to_xml(tree), to_new_recruit(tree)):
        with pytest.raises(ImportRefused, match="could not be saved: .*at most 60") as e:
            import_bytes(raw, "knives.ros")
        assert e.value.where.endswith("/items")


@pytest.mark.parametrize("text", ["INFINITY", "-inf", "nan", "1e999"])
def test_a_labernator_number_written_as_infinity_is_no_number(text):
    from model.importers.labernator import _int
    assert _int(text) is None and _int(text, 0) == 0
