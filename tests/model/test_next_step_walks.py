"""Each kind walked from a new document to a legal one by the model's own actions (the edits the pages make),
reading every page's "Next:" line after every step: a line never asks for what has just been done, an error is
pointed at (on its page) from every page, a legal document says it is ready on every page, and each line is a
sentence. No Qt here; tests/gui/test_next_step_lines.py follows real clicks."""

from __future__ import annotations

import copy
from collections.abc import Callable

from model import edits
from model.evaluate import evaluate
from model.kinds import KINDS
from model.rules_pack import builtin_pack
from model.systems import knighthawks as kh
from model.systems import stargrave as sg
from model.systems import starfrontiers as sf
from model.systems.knighthawks.next_step import next_step as kh_step
from model.systems.starchasers import character as scc
from model.systems.starchasers import ship as scs
from model.systems.starchasers import tables as sc_tables
from model.systems.starchasers.character import actions as cca
from model.systems.starchasers.next_step import next_step as sc_step
from model.systems.starchasers.ship import actions as sca
from model.systems.starfrontiers import actions as sfa
from model.systems.starfrontiers.next_step import next_step as sf_step
from model.systems.stargrave import actions as sga
from model.systems.stargrave import quickstart as qs
from model.systems.stargrave.actions import officers as sgo
from model.systems.stargrave.next_step import next_step as sg_step


class Walk:
    """A document, its kind and pages, and the lines read after every step (`lines`: page -> line)."""

    def __init__(self, kind: str, data: dict, parts: tuple[str, ...], line: Callable[[str, dict, list], str]):
        self.kind, self.data, self.parts, self.line = KINDS[kind], data, parts, line
        self.read()

    def read(self) -> dict[str, str]:
        self.issues = evaluate(self.data, self.kind).issues
        self.lines = {p: self.line(p, self.data, self.issues) for p in self.parts}
        for part, text in self.lines.items():
            assert text[:1].isupper() and text.endswith("."), (part, text)
            if "Next: save it" in text:
                assert not self.errors(), (part, text, self.errors())
        return self.lines

    def errors(self) -> list[str]:
        return [i.message for i in self.issues if i.is_error]

    def do(self, edit: edits.Edit | None, asked: str = "") -> dict[str, str]:
        """Apply one action; `asked` is the words of the line that asked for it: no page asks for it now."""
        assert edit is not None
        edits.apply(self.data, edit)
        lines = self.read()
        if asked:
            assert all(asked not in text for text in lines.values()), (asked, lines)
        return lines

    def all_say(self, text: str) -> None:
        assert set(self.lines.values()) == {text}, self.lines

    def all_point_at(self, message: str) -> None:
        for part, text in self.lines.items():
            assert ("To fix: " in text or "To fix, on the " in text) and text.endswith(message), (part, text)


def test_star_frontiers_character_from_new_to_legal():
    pack = builtin_pack("starfrontiers")
    t = sf.tables(pack)
    w = Walk("starfrontiers-character", sf.new(pack), ("character", "abilities", "equipment"),
             lambda p, d, i: sf_step(p, d, i, t))
    assert w.lines["character"] == "Next: choose a race."
    w.do(edits.Set("/race", "Human"), "choose a race")
    assert w.lines["character"] == "Next: choose a Primary Skill Area (PSA)."
    w.do(edits.Set("/psa", "Military"), "Primary Skill Area")
    # the observed fault: rolled abilities, yet "roll the abilities" on the Character page
    assert w.lines["character"] == "Next, on the Abilities page: roll 4 more ability pairs (or “Roll all four pairs”)."
    for n, (pair, d100) in enumerate((("str_sta", 50), ("dex_rs", 60), ("int_log", 30), ("per_ldr", 80))):
        asked = f"roll {4 - n} more ability pair"
        assert asked in w.lines["character"] and asked in w.lines["abilities"]
        w.do(sfa.enter_roll_edit(w.data, pair, d100, pack), asked)
    assert all("roll" not in text for text in w.lines.values()), w.lines
    assert w.lines["character"] == "Next, on the Abilities page: choose the ability that gets the Human +5."
    w.do(edits.Set("/human_bonus", "str"), "gets the Human +5")
    assert w.lines == {
        "character": "Next, on the Equipment page: enter the starting credits your referee allows, then buy equipment.",
        "abilities": "Next: move up to 10 points within a pair if you like, then buy equipment.",
        "equipment": "Next: enter the starting credits your referee allows, then buy equipment."}
    w.do(edits.Set("/credits", 500), "enter the starting credits")
    w.do(sfa.buy_edit(w.data, "Laser Pistol"), "buy equipment")   # 600 Cr of 500: every page points at it
    w.all_point_at("600 Cr spent of 500 Cr (100 Cr short).")
    assert w.lines["equipment"].startswith("To fix: Buying the Laser Pistol")
    w.do(edits.Set("/credits", 1000), "100 Cr short")
    w.all_say("The character is ready. Next: save it or print its sheet.")
    w.do(edits.Set("/base/int_log", 47))      # an error on the Abilities page, seen from the others
    assert w.lines["equipment"].startswith("To fix, on the Abilities page: INT/LOG: a base score of 47")


def test_starchasers_ship_from_new_to_legal():
    pack = builtin_pack("starchasers")
    t = sc_tables(pack)
    w = Walk("starchasers-ship", scs.new(pack), ("ship", "weapons"), lambda p, d, i: sc_step(p, d, i, t))
    assert w.lines["ship"].startswith("Next: choose a common ship type, or fill in the ")
    w.do(sca.use_preset(w.data, pack, "Light freighter"), "choose a common ship type")
    for a in pack.data["ship"]["attributes"]:
        if w.data.get(a["key"]) is None:
            assert w.lines["ship"].startswith(f"Next: fill in {a['label']} (")
            w.do(edits.Set("/" + a["key"], a.get("min") or 1), f"fill in {a['label']} (")
    assert w.lines == {"ship": "Next, on the Weapons page: add weapons (6 hard points free).",
                       "weapons": "Next: add weapons (6 hard points free)."}
    w.do(sca.add_entry(w.data, "weapons"), "add weapons")
    # a blank weapon is not a finished ship: its unset values are asked for, one at a time
    assert w.lines["weapons"].startswith('To finish: Weapon "New weapon": ')
    assert w.lines["ship"].startswith('To finish, on the Weapons page: Weapon "New weapon": ')
    values = {"name": "Laser", "hard_points": "2", "skill": next(iter(t.weapon_skills)), "arc": t.arcs[0],
              "damage_type": t.damage_types[0], "damage": "3", "range": pack.data["weapon_ranges"][1]["label"]}
    for field, text in values.items():
        edit = sca.set_cell(w.data, "weapons", 0, field, str(text))
        if edit is not None:
            w.do(edit)
        warnings = [i.message for i in w.issues if i.severity == "warning" and i.pointer.startswith("/weapons/")]
        assert w.lines["weapons"] == (f"To finish: {warnings[0]}" if warnings else
                                      "The ship is ready. Next: save it or print its sheet."), (field, w.lines)
    w.all_say("The ship is ready. Next: save it or print its sheet.")
    # the observed fault: two weapons over the hard points, yet "arm the ship on the Weapons page"
    w.do(sca.add_entry(w.data, "weapons"))
    w.do(sca.set_cell(w.data, "weapons", 1, "hard_points", "9"))
    over = next(m for m in w.errors() if m.startswith("Weapons and equipment need 11 hard points"))
    w.all_point_at(over)
    assert w.lines["ship"].startswith("To fix, on the Weapons page: Weapons and equipment need 11 hard points")
    w.do(sca.remove_entry(w.data, "weapons", 1), "hard points;")
    w.all_say("The ship is ready. Next: save it or print its sheet.")


def test_starchasers_character_from_new_to_legal():
    pack = builtin_pack("starchasers")
    t = sc_tables(pack)
    w = Walk("starchasers-character", scc.new(pack), ("character", "skills"), lambda p, d, i: sc_step(p, d, i, t))
    attributes = pack.data["character"]["attributes"]
    for n, a in enumerate(attributes):
        assert w.lines["character"] == f"Next: set {a['label']} ({len(attributes) - n} attribute" + (
            "s" if len(attributes) - n != 1 else "") + " still empty)."
        w.do(cca.set_in_map(w.data, "attributes", a["key"], 2), f"set {a['label']} (")
    assert w.lines == {"character": "Next: add a motivator if you like (0 of at most 3), then choose skills.",
                       "skills": "Next: add the character's skills."}
    w.do(cca.set_skill_level(w.data, pack.data["character"]["skills"][0]["name"], 1), "add the character's skills")
    assert "then choose skills" not in w.lines["character"]   # skills are chosen: no longer offered as next
    assert w.lines == {"character": "Next, on the Skills page: add equipment (or pick one of the examples).",
                       "skills": "Next: add equipment (or pick one of the examples)."}
    w.do(cca.add_equipment(w.data, {"name": "Blaster", "notes": ""}), "add equipment")
    w.all_say("The character is ready. Next: save it or print its sheet.")


def test_knight_hawks_ship_from_new_to_legal():
    pack = builtin_pack("knighthawks")
    t = kh.tables(pack)
    w = Walk("knighthawks-ship", kh.new(pack), ("ship",), lambda p, d, i: kh_step(d, i, t))
    assert w.lines["ship"] == "Next: add weapons (the Frigate has room for 8)."
    w.do(edits.Set("/weapons", {"LB": 1}), "add weapons")
    assert w.lines["ship"] == "Next: add defenses (the Frigate has room for 6)."
    w.do(edits.Set("/defenses", {"RH": 1}), "add defenses")
    w.all_say("The ship is ready. Next: save it or print its sheet.")
    w.do(edits.Set("/weapons", {"LB": 5}))
    assert w.lines["ship"].startswith("To fix: ") and w.errors()[0] in w.lines["ship"]


def test_stargrave_crew_from_new_to_legal():
    pack = builtin_pack("stargrave")
    t = sg.tables(pack)
    w = Walk("stargrave-crew", sg.new(pack), ("crew", "captain", "first_mate", "soldiers"),
             lambda p, d, i: sg_step(p, d, i, t))
    plan = qs.quick_start(pack, "Nova")
    assert w.lines["crew"] == "Next, on the Captain page: choose the Captain's background."
    for role in ("captain", "first_mate"):
        o, who = plan[role], t.figures[role]["label"]
        assert w.lines[role] == f"Next: choose the {who}'s background."
        w.do(sgo.set_background(w.data, role, o["background"]), f"choose the {who}'s background")
        for key in o["choices"]:
            w.do(sgo.toggle_choice(w.data, role, key, True))
        assert f"more +1 for the {who}" not in " ".join(w.lines.values())
        for p in o["powers"]:
            w.do(sgo.add_power(role, p["name"]))
        assert f"more power for the {who}" not in w.lines[role] and f"more powers for the {who}" not in w.lines[role]
        for k, p in enumerate(o["powers"]):
            if p.get("reduced"):
                w.do(sgo.set_lowered(w.data, role, k, True))
        assert w.lines[role] == f"Next: choose the {who}'s equipment ({t.figures[role]['item_slots']} item slots)."
        for item in o["items"]:
            w.do(sgo.add_item(role, item), f"choose the {who}'s equipment")
    assert w.lines["captain"] == "The Captain is ready. Next, on the Soldiers page: hire soldiers (0 of 8): " \
                                 "double-click a type in the catalogue."
    for n, s in enumerate(plan["soldiers"]):
        asked = "hire soldiers (0 of 8)" if n == 0 else f"({n} of 8)"
        assert asked in w.lines["soldiers"]
        w.do(sga.hire(w.data, s["type"]), asked)
    assert not w.errors(), w.errors()
    w.all_say("The crew is full. Next: save it, print its sheet, or record a game on the Campaign page.")
    w.do(sga.hire(w.data, "Recruit"))            # a ninth soldier: every page points at the limit
    w.all_point_at("(a full crew is 1 Captain, 1 First Mate and 8 soldiers).")
    w.do(sga.remove(w.data, 8))
    w.do(edits.Set("/name", ""))
    assert w.lines["soldiers"] == "Next, on the Crew page: name the crew."
    assert w.lines["captain"] == "The Captain is ready. Next, on the Crew page: name the crew."


def test_a_house_pack_number_is_the_number_said_on_every_page():
    house = copy.deepcopy(builtin_pack("stargrave").data)
    house["crew"]["max_soldiers"], house["id"] = 6, "house-six"
    from model.rules_pack import Pack
    t = sg.tables(Pack(house, "house.json", False))
    data = qs.quick_start(builtin_pack("stargrave"), "Nova")
    data["soldiers"] = data["soldiers"][:3]
    assert sg_step("captain", data, [], t) == "The Captain is ready. Next, on the Soldiers page: hire up to 3 more " \
                                              "soldiers (3 of 6)."
