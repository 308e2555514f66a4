"""Foundry VTT actors of the Star Frontiers system made here, as the system would store them (its data model at
0.2.8, tests/model/exporters/foundry_schema.py): a character made in Foundry itself, with no Starwright flags,
and the hostile or broken variants an importer must refuse."""

from __future__ import annotations

import copy


def ability(base: int, value: int, swap: int = 0) -> dict:
    return {"base": base, "initialized": True, "value": value, "swap": swap}


def native_actor() -> dict:
    """A Yazirian made on the sheet: Generate Stats rolled base 45 STR/STA, 55 DEX/RS, 50 INT/LOG, 40 PER/LDR and
    the race's modifiers applied (no swap: Foundry has no exchange); a Gyrojet Pistol linked to a stack of 2
    "Gyrojet Pistol Jetclip" with 4 rounds fired from the loaded clip; a "Powerclip" power source (the names and
    shape of the system's own seed items) feeding a Laser Pistol; a sword the rules do not list; a PSA skill at
    level 2; 12 Stamina down."""
    return {
        "_id": "Ab12Cd34Ef56Gh78", "name": "Riss Tal", "type": "character", "img": "icons/svg/mystery-man.svg",
        "system": {
            "playerName": "Ana", "race": "Yazirian", "handedness": {"kind": "left"}, "sex": "", "psa": "military",
            "pay": {"perDay": 0, "perHour": 0},
            "abilities": {"str": ability(45, 35), "sta": ability(45, 35), "dex": ability(55, 60),
                          "rs": ability(55, 60), "int": ability(50, 55), "log": ability(50, 55),
                          "per": ability(40, 40), "ldr": ability(40, 40)},
            "stamina": {"value": 23, "max": 35, "temp": 0}, "unconscious": False, "stabilized": False,
            "derived": {"initiativeMod": 6, "walking": 2, "running": 6, "hourly": 0, "isWounded": False,
                        "derivedLimbs": 6, "totalMass": 0, "encumbranceThreshold": 17.5, "encumbered": False,
                        "paired": {"strSta": 35, "dexRs": 60, "intLog": 55, "perLdr": 40}},
            "limbs": [], "defenses": {"suit": "", "screen": "", "energy": {"value": 0, "max": 0}},
            "credits": 250, "ledger": [{"ts": 1, "delta": -100, "reason": "bar tab"}],
            "experience": {"earned": 4, "spent": 0, "total": 4},
            "personalFile": {"racialAbilities": "", "notes": "<p>Scout &amp; tracker.</p><p>Owes Grell.</p>",
                             "injuries": ""},
            "combatProfile": {"meleeBonus": 0, "rangedBonus": 0, "special": ""},
            "charGen": {"statsInitialized": True, "statsGenerated": True, "raceBonusSelections": []},
            "racialSkillProgress": {}, "warnings": []},
        "items": [
            {"_id": "GyroPistol000001", "name": "Gyrojet Pistol", "type": "weapon", "sort": 100,
             "system": {"carryState": "ready", "quantity": 1, "weaponType": "gyrojet",
                        "ammo": {"uses": "rounds", "capacity": 10, "consumed": 4, "clipItem": "JetClip000000001",
                                 "seuPerShot": 0}, "cost": 200, "mass": 1}},
            {"_id": "JetClip000000001", "name": "Gyrojet Pistol Jetclip", "type": "ammo", "sort": 200,
             "system": {"carryState": "carried", "quantity": 2, "ammoType": "rounds", "shots": 10, "cost": 0}},
            {"_id": "LaserPistol00001", "name": "Laser Pistol", "type": "weapon", "sort": 300,
             "system": {"carryState": "ready", "quantity": 1, "weaponType": "beam",
                        "ammo": {"uses": "seu", "capacity": 20, "consumed": 6, "clipItem": "PowerClip0000001",
                                 "seuPerShot": 2}, "cost": 600, "mass": 1}},
            {"_id": "PowerClip0000001", "name": "Powerclip", "type": "powerSource", "sort": 400,
             "system": {"carryState": "carried", "quantity": 1, "sourceType": "powerclip", "capacity": 20,
                        "remaining": 14, "linkedWeaponRefs": ["LaserPistol00001"], "cost": 0}},
            {"_id": "Sword00000000001", "name": "Vibroblade", "type": "weapon", "sort": 500,
             "system": {"carryState": "ready", "quantity": 1, "weaponType": "melee", "cost": 80, "mass": 2}},
            {"_id": "PsaSkill00000001", "name": "Military PSA", "type": "skill", "sort": 600,
             "system": {"psa": "military", "isPsaForOwner": True, "level": 2}},
        ],
        "effects": [], "flags": {},
        "_stats": {"systemId": "star-frontiers", "systemVersion": "0.1.2", "coreVersion": "14.350"},
        "prototypeToken": {"name": "Riss Tal"},
    }


def other_system_actor() -> dict:
    a = native_actor()
    a["_stats"]["systemId"] = "dnd5e"
    return a


def npc_actor() -> dict:
    a = native_actor()
    a["type"] = "npc"
    return a


def an_item_document() -> dict:
    """An exported Item (not an actor): a weapon of the system."""
    return {"name": "Laser Pistol", "type": "weapon", "system": {"weaponType": "beam"}, "effects": [],
            "_stats": {"systemId": "star-frontiers"}}


def wrong_types_actor() -> dict:
    a = native_actor()
    a["system"]["abilities"]["per"]["base"] = "forty"
    a["system"]["credits"] = [250]
    a["items"][1]["system"]["quantity"] = {"n": 2}
    return a


def deep_actor(depth: int = 200) -> str:
    return '{"type": "character", "system": ' + '{"a": ' * depth + "1" + "}" * depth + ', "items": []}'


def broken_items(kind: str) -> dict:
    a = copy.deepcopy(native_actor())
    if kind == "not a list":
        a["items"] = {"0": a["items"][0]}
    elif kind == "not objects":
        a["items"][2] = "Laser Pistol"
    elif kind == "too many":
        a["items"] = [copy.deepcopy(a["items"][4]) for _ in range(1001)]
    elif kind == "long name":
        a["items"][0]["name"] = "G" * 5000
    return a
