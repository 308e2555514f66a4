"""Test fixtures for the importers, written from the format descriptions (not copies of anyone's file).

Labernator: three shapes of the same small crew. BattleScribe: a Stargrave roster as a tree, written out
as .ros XML, zipped as .rosz, or as New Recruit's JSON export.
"""

from __future__ import annotations

import io
import json
import zipfile
from xml.sax.saxutils import quoteattr, escape

# ---- Labernator --------------------------------------------------------------------------------

def _stats(m, f, s, a, w, h):
    return {"Move": m, "Fight": f, "Shoot": s, "Armour": a, "Will": w, "Health": h}


def labernator_old() -> dict:
    """The 2022-01 shape: 5 keys. A Tekker captain and a Biomorph first mate, gear as {name, gearSlots}."""
    return {
        "Credits": 35,   # 400 less 365 for the soldiers
        "Soldiers": [
            {"type": "Codebreaker", "cost": 75, "stats": _stats(6, 3, 2, 10, 2, 14),
             "gear": ["Carbine", "Deck", "Light Armour", "Knife"], "group": "Specialist", "amount": 1, "gearSlots": 1},
            {"type": "Trooper", "cost": 50, "stats": _stats(5, 2, 3, 11, 0, 14),
             "gear": ["Shotgun", "Heavy Armour", "Knife"], "group": "Standard", "amount": 1, "gearSlots": 1},
            {"type": "Hacker", "cost": 20, "stats": _stats(6, 1, 1, 10, 1, 12),
             "gear": ["Pistol", "Deck", "Light Armour", "Knife"], "group": "Standard", "amount": 2, "gearSlots": 1},
            {"type": "Recruit", "cost": 0, "stats": _stats(6, 2, 2, 10, 0, 12),
             "gear": ["Pistol", "Light Armour", "Knife"], "group": "Standard", "amount": 1, "gearSlots": 1},
            {"type": "Pathfinder", "cost": 100, "stats": _stats(7, 3, 3, 10, 2, 14),
             "gear": ["Carbine", "Grenades", "Light Armour", "Hand Weapon"], "group": "Specialist", "amount": 1,
             "gearSlots": 1},
            {"type": "Medic", "cost": 100, "stats": _stats(7, 2, 2, 10, 3, 14),
             "gear": ["Pistol", "Light Armour", "Medic Kit"], "group": "Standard", "amount": 1, "gearSlots": 1},
        ],
        "ShipName": "Brass Lantern",
        "Captain": {
            # Tekker: will +2, picks 2 of move/fight/shoot/health: here shoot and health
            "stats": _stats(6, 3, 3, 9, 5, 17), "level": 15, "gearSlots": 6, "type": "Captain",
            "name": "Ilsa Marrow", "background": "Tekker",
            "powers": [
                {"name": "Data Knock", "activation": 11},        # Data Hack 12, basic: reduced
                {"name": "Drone", "activation": 10},             # Remote Drone 10, basic
                {"name": "Transport", "activation": 9},          # Teleport 10, basic: reduced
                {"name": "Holographic Wall", "activation": 10},  # basic
                {"name": "Fortune", "activation": 14},           # 12, not basic: +2
            ],
            "gear": [{"name": "Carbine", "gearSlots": 2}, {"name": "Light Armour", "gearSlots": 1},
                     {"name": "Knife", "gearSlots": 0}, {"name": "Deck", "gearSlots": 1}],
        },
        "FirstMate": {
            # Biomorph: health +1, picks 2 of move/fight/shoot: move and fight
            "stats": _stats(7, 3, 2, 9, 2, 15), "level": 0, "gearSlots": 5, "type": "FirstMate",
            "name": "Korr", "background": "Biomorph",
            "powers": [
                {"name": "Armour Plates", "activation": 12},     # Dermal Plating 10, basic: +2
                {"name": "Regenerate", "activation": 10},        # Regeneration 8, basic: +2
                {"name": "Toxic Claws", "activation": 12},       # 10, basic: +2
                {"name": "Command", "activation": 14},           # 10, not basic: +4
            ],
            "gear": [{"name": "Hand Weapon", "gearSlots": 1}, {"name": "Heavy Armour", "gearSlots": 1},
                     {"name": "Pistol", "gearSlots": 1}, {"name": "Fragmentation Grenade", "gearSlots": 1}],
        },
    }


def labernator_middle() -> dict:
    """The 2022-03 shape: adds Experience, ExperienceRecords, CreditRecords; soldiers carry an id; powers are
    full objects."""
    d = labernator_old()
    for i, s in enumerate(d["Soldiers"]):
        s["id"] = i + 1
    for p in d["Captain"]["powers"] + d["FirstMate"]["powers"]:
        p.update(strain=1, category="Line of Sight", effect="(text)")
    d["Experience"] = 0
    d["ExperienceRecords"] = [0]
    d["CreditRecords"] = [{"credits": 400, "sign": True, "record": "Initial Crew Treasury"},
                          {"credits": 365, "sign": False, "record": "Hired soldiers"}]
    return d


def labernator_current() -> dict:
    """The current shape (10 keys): adds Cargo and ShipUpgrades; no soldier amounts."""
    d = labernator_middle()
    solo = []
    for s in d["Soldiers"]:
        s.pop("amount", None)
        solo.append(s)
    solo.insert(3, dict(solo[2], id=9))   # the second Hacker, listed on its own
    d["Soldiers"] = solo
    d["Cargo"] = [{"name": "Trade Goods 75 ¥", "type": 1}, {"name": "Cryo Pistol", "type": 3}]
    d["ShipUpgrades"] = ["Extra Cargo Hold"]
    return d


# ---- BattleScribe / New Recruit ------------------------------------------------------------------

GAME = "b7a1-a7ef-bd2f-c484"
CR, SLOT = "97c0-4241-980e-66e8", "ef24-ff59-caa4-b0e8"
POWERS_GROUP = "7753-4141-f613-ae54"
_next_id = [0]


def _id() -> str:
    """Ids in BattleScribe's xxxx-xxxx-xxxx-xxxx form, the same on every build of a fixture."""
    _next_id[0] += 1
    n = _next_id[0]
    return f"{n:04x}-0000-0000-{n:04x}"


def _costs(cr=0, slots=0):
    return [{"name": "Cr", "typeId": CR, "value": f"{cr:.1f}"}, {"name": "Gear Slot", "typeId": SLOT, "value": f"{slots:.1f}"}]


def _power(link, entry, name, act, strain, note):
    return {"id": _id(), "name": name, "entryId": f"{link}::{entry}", "entryGroupId": f"{link}::{POWERS_GROUP}",
            "number": "1", "type": "upgrade",
            "profiles": [{"id": f"{link}::{_id()}", "name": name, "hidden": "false", "typeId": "a2e0-41b3-dd72-62cd",
                          "typeName": "Power", "characteristics": [
                              {"name": "Activation", "typeId": "1f90-ce6b-c67a-92fd", "$text": str(act)},
                              {"name": "Strain", "typeId": "c696-f8c0-ecd7-2a79", "$text": str(strain)},
                              {"name": "Note", "typeId": "7838-c665-ec7e-a018", "$text": note}]}],
            "costs": _costs()}


def _item(link, via, entry, group, name, slots):
    return {"id": _id(), "name": name, "entryId": f"{link}::{via}::{entry}", "entryGroupId": f"{link}::{group}",
            "number": "1", "type": "upgrade", "costs": _costs(0, slots)}


def _pick(entry, group, stat):
    return {"id": _id(), "name": f"+1 {stat}", "entryId": entry, "entryGroupId": group, "number": "1",
            "type": "upgrade", "costs": _costs()}


def _profile(name, m, f, s, a, w, h):
    vals = {"M": str(m), "F": f"+{f}", "S": f"+{s}", "A": str(a), "W": f"{w:+d}", "H": str(h)}
    return [{"id": _id(), "name": name, "hidden": "false", "typeId": "e0cd-0aa7-dba3-2af3", "typeName": "Model",
             "characteristics": [{"name": k, "typeId": _id(), "$text": v} for k, v in vals.items()]}]


def _cat(entry, name, primary):
    return {"id": _id(), "name": name, "entryId": entry, "primary": "true" if primary else "false"}


def _soldier(link, entry, name, profile, cr, category, custom="", robot=False):
    sel = {"id": _id(), "name": name, "entryId": f"{link}::{entry}", "number": "1", "type": "model",
           "profiles": _profile(name, *profile), "costs": _costs(cr),
           "categories": [_cat(category[0], category[1], True)]}
    if custom:
        sel["customName"] = custom
    if robot:
        sel["selections"] = [{"id": _id(), "name": "is a Robot", "entryId": f"{link}::ab64-2a38-a5b7-e207::e6de-0e1b-01a2-306f",
                              "number": "1", "type": "upgrade", "costs": _costs(),
                              "categories": [_cat("f4d2-cac3-ede8-a8dd", "Robot", False)]}]
    return sel


SOLDIERS = ("12dd-f26c-ca77-721a", "Soldiers")
SPECIALISTS = ("13f2-16cf-e0bd-6624", "Specialists")


def _officer(name, entry, custom, profile_name, profile, selections, role_category, core):
    return {"id": _id(), "name": name, "entryId": entry, "number": "1", "type": "model", "customName": custom,
            "profiles": _profile(profile_name, *profile), "selections": selections, "costs": _costs(),
            "categories": [_cat(role_category[0], role_category[1], True), _cat(_id(), core, False)]}


def roster_tree(extra_selections=(), catalogue=("1adb-b357-2db9-e646", "Standard Crew")) -> dict:
    """A legal Stargrave crew: a Mystic captain (Shoot pick), a Rogue first mate (Move, Fight), 5 soldiers."""
    _next_id[0] = 0
    cl, fl = "c1a1-0000-0000-0001", "f1a1-0000-0000-0001"
    weapons, armour, general = "460d-26e5-f8dd-78d0", "94b5-2c9d-faa7-c483", "feb6-a461-e02e-24a3"
    # Mystic: will +2, health +1, one pick of move/fight/shoot (shoot); Light Armour worn
    captain = _officer("Mystic", "36d1-0a6b-8a65-fe71", "Vessa Quill", "Mystic", (6, 3, 3, 10, 5, 17), [
        _pick("457d-79d2-2714-50c1", "mystic-bg-group", "Shoot"),
        _power(cl, "0abc-8010-2ba1-7f99", "Heal", 10, 0, "Line of Sight"),
        _power(cl, "a879-0ab6-5f40-d4ca", "Dark Energy", 10, 1, "Line of Sight"),
        _power(cl, "4a82-46aa-fa6a-2fcb", "Life Leach", 10, 0, "Line of Sight"),
        _power(cl, "19a9-6347-e598-dbe4", "Control Animal", 10, 1, "Line of Sight"),
        _power(cl, "8d15-3692-a0c4-8cd1", "Fortune", 14, 0, "Self Only"),
        _item(cl, "938d-d3a7-8593-85f7", "5458-bb3d-f66c-0c0f", weapons, "Carbine", 2),
        _item(cl, "68a9-9ba3-12d2-ca3c", "2c5f-174f-fa1f-26c7", armour, "Light Armour", 1),
        _item(cl, "a7a0-b872-2204-43d0", "cb09-0362-58dc-6b9d", weapons, "Knife", 0),
        _item(cl, "f48b-4df0-b3ea-4402", "2579-e6e7-e7dc-73c1", general, "Medic Kit", 1),
    ], ("16bf-5402-ac6a-dab3", "Captain"), "Core Mystic")
    # Rogue: will +1, health +1, picks move and fight
    first_mate = _officer("First Mate Rogue", "6199-8f8e-c0fe-38ea", "Dace Tollan", "First Mate", (7, 3, 2, 9, 3, 15), [
        _pick("a894-0013-4e76-3d68", "rogue-fm-group", "Move"),
        _pick("3666-82f5-e5cd-0e6b", "rogue-fm-group", "Fight"),
        _power(fl, "5d11-0e8b-a4ed-f073", "Haggle", 12, 0, "Out of Game (A)"),
        _power(fl, "b42d-f5a8-3fbf-69b4", "Bribe", 16, 0, "Out of Game (B)"),
        _power(fl, "b5ba-3946-005b-2335", "Quick-Step", 12, 1, "Self Only"),
        _power(fl, "983a-fdc1-e31c-f8b6", "Antigravity Projection", 14, 0, "Line of Sight"),
        _item(fl, "bcda-6a24-4070-acce", "1075-090d-31e0-ad87", weapons, "Shotgun", 2),
        _item(fl, "56a7-6741-482f-63d3", "751f-ebe1-9a04-524e", weapons, "Hand Weapon", 1),
    ], ("8749-37ea-6f9e-0824", "First Mate"), "Core Rogue")
    soldiers = [
        _soldier("ac03-007d-dada-c15d", "50cd-3310-aa7c-fc1f", "Trooper", (5, 2, 3, 11, 0, 14), 50, SOLDIERS, "Brann"),
        _soldier("43d8-e5db-163c-85c1", "c67f-2f9f-3fc0-9d0d", "Sentry", (5, 3, 2, 11, 0, 14), 50, SOLDIERS),
        _soldier("fa10-c128-39ae-9c14", "25d0-2116-83ce-c078", "Commando", (5, 3, 3, 11, 1, 14), 75, SPECIALISTS, "Ash"),
        _soldier("1fc4-b68a-929f-4fca", "47b9-b6d6-5068-6959", "Recruit", (6, 2, 2, 10, 0, 12), 0, SOLDIERS, "K-9", robot=True),
        _soldier("ba7f-0d61-b3c6-3ccd", "0c09-0d89-d90d-876b", "Hacker", (6, 2, 1, 10, 1, 12), 20, SOLDIERS),
    ]
    selections = [captain, first_mate] + soldiers + list(extra_selections)
    total = sum(float(c["value"]) for s in selections for c in s.get("costs", []) if c["typeId"] == CR)
    return {"roster": {
        "id": _id(), "name": "Night Heron", "battleScribeVersion": "2.03", "gameSystemId": GAME,
        "gameSystemName": "Stargrave", "gameSystemRevision": "36",
        "costs": _costs(total),
        "forces": [{"id": _id(), "name": "Stargrave Crew", "entryId": "798e-117b-84d4-1408", "catalogueId": catalogue[0],
                    "catalogueRevision": "25", "catalogueName": catalogue[1], "selections": selections}],
    }}


CONTAINERS = {"costs", "forces", "selections", "profiles", "characteristics", "categories", "rules", "costLimits"}


def to_xml(tree: dict) -> bytes:
    """The tree as BattleScribe writes it: attributes for scalars, a container element per list."""
    def element(tag: str, node: dict, indent: str) -> str:
        attrs = "".join(f" {k}={quoteattr(str(v))}" for k, v in node.items() if not isinstance(v, (list, dict)) and k != "$text")
        kids = [(k, v) for k, v in node.items() if isinstance(v, list)]
        text = node.get("$text")
        if text is not None:
            return f"{indent}<{tag}{attrs}>{escape(text)}</{tag}>\n"
        if not kids:
            return f"{indent}<{tag}{attrs} />\n"
        inner = ""
        for k, items in kids:
            singular = k[:-3] + "y" if k.endswith("ies") else k[:-1]
            inner += f"{indent}  <{k}>\n" + "".join(element(singular, i, indent + "    ") for i in items) + f"{indent}  </{k}>\n"
        return f"{indent}<{tag}{attrs}>\n{inner}{indent}</{tag}>\n"
    roster = dict(tree["roster"])
    body = element("roster", roster, "")
    body = body.replace("<roster ", '<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" ', 1)
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + body).encode("utf-8")


def to_rosz(xml: bytes, name: str = "Night Heron.ros") -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(name, xml)
    return buf.getvalue()


def to_new_recruit(tree: dict) -> bytes:
    """New Recruit's export: the same tree as JSON, numbers as numbers, plus its own fields."""
    def convert(node):
        if isinstance(node, list):
            return [convert(x) for x in node]
        if isinstance(node, dict):
            out = {}
            for k, v in node.items():
                if k in ("value", "number") and isinstance(v, str):
                    v = float(v) if "." in v else int(v)
                out[k] = convert(v)
            if "entryGroupId" in out:
                out.update({"from": "group", "group": "Powers"})
            elif "entryId" in out:
                out["from"] = "entry"
            return out
        return node
    data = convert(tree)
    data["roster"]["generatedBy"] = "https://newrecruit.eu"
    data["roster"]["xmlns"] = "http://www.battlescribe.net/schema/rosterSchema"
    return json.dumps(data, indent=1).encode("utf-8")


def unrepresentable_extras() -> list[dict]:
    """Content with no place in Starwright: a Quarantine 37 soldier and a Dead or Alive named captain."""
    mule = _soldier("8459-5fff-c515-c34d", "870d-7d2b-9017-6253", "Mule", (6, 0, 0, 12, 0, 12), 50, SOLDIERS)
    marrs = {"id": _id(), "name": "Crystophon Marrs", "entryId": "5263-178a-f3d3-4e7c", "number": "1", "type": "model",
             "costs": _costs(), "categories": [_cat("d0a0-0000-0000-0000", "Faction: Dead or Alive Crew", True)]}
    return [mule, marrs]


def billion_laughs() -> bytes:
    lol = "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10))
    return (f'<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY lol0 "lol">{lol}]>'
            f'<roster gameSystemId="{GAME}">&lol9;</roster>').encode()


def external_entity() -> bytes:
    return (f'<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
            f'<roster gameSystemId="{GAME}" name="&x;"/>').encode()


def labernator_campaign() -> dict:
    """The current shape after some games: Captain level 18 (16 reduce, 17 improve, 18 reduce), First Mate
    level 3 (1 reduce, 2 improve, 3 reduce), 40 XP unspent."""
    d = labernator_current()
    cap, fm = d["Captain"], d["FirstMate"]
    cap["level"] = 18
    cap["stats"]["Will"] += 1                         # level 17: +1 Will
    cap["powers"][0]["activation"] = 10               # Data Hack: creation -1, then -1 at a level
    cap["powers"][1]["activation"] = 9                # Remote Drone: -1 at a level
    fm["level"] = 3
    fm["stats"]["Shoot"] += 1                         # level 2: +1 Shoot
    fm["powers"][0]["activation"] = 11                # Dermal Plating -1 (level 1)
    fm["powers"][3]["activation"] = 13                # Command -1 (level 3)
    d["Experience"] = 40
    d["ExperienceRecords"] = [0, 290, 640]
    d["Credits"] = 135                                # 100 Cr of loot since founding
    d["Soldiers"][0]["currentHealth"] = 15            # badly wounded (Labernator writes the First Mate's Health)
    return d
