"""A Star Frontiers character as a Foundry VTT actor of the Star Frontiers system (finderski/star-frontiers),
written in that system's data schema 0.2.8 (its `CURRENT_SCHEMA_VERSION`).

Why the current schema, written directly: the system's migrations walk the world's documents when the
world's schema version changes, never an actor imported later, so an actor in an older shape would stay
in it. Every field of each `system` block is written (the field lists are the system's TypeDataModels,
cited in tests/model/exporters/test_foundry_starfrontiers.py), so nothing is left to the system's defaults
silently: what Starwright has no value for is written as the system's default and said in the report.

Values come from the document and `Result.derived` only (no rule is worked out here):
- each ability's `value` (and `base`) is the final score, after the racial modifiers, the exchange inside
  its pair and a Human's bonus; `swap` is 0, because the system never reads it;
- movement in the system's 5 m squares (its grid distance), rounded down as the system rounds;
- credits are what is left after purchases; the unspent XP goes in `experience.earned`, the system's pool
  of XP still to spend.
"""

from __future__ import annotations

import hashlib
import html
import re

from .report import CONVERTED, DEFAULTED, NO_PLACE, ExportReport

SYSTEM_ID = "star-frontiers"
SCHEMA_VERSION = "0.2.8"
TARGET = f"Foundry VTT, Star Frontiers system ({SYSTEM_ID}, data schema {SCHEMA_VERSION})"
SQUARE_M = 5                       # system.json "grid": {"distance": 5, "units": "m"}
ABILITY_KEYS = ("str", "sta", "dex", "rs", "int", "log", "per", "ldr")
PAIR_KEYS = {"strSta": ("str", "sta"), "dexRs": ("dex", "rs"), "intLog": ("int", "log"), "perLdr": ("per", "ldr")}
ACTOR_IMG = "icons/svg/mystery-man.svg"
ITEM_IMG = "icons/svg/item-bag.svg"
# Starwright's weapon types -> the system's weaponType choices
WEAPON_TYPES = {"energy": "beam", "beam": "beam", "gyrojet": "gyrojet", "projectile": "projectile", "melee": "melee"}
SCREEN_TYPES = ("albedo", "inertia", "gauss", "sonic", "chameleon", "holo")
DICE = re.compile(r"\d+d\d+(?:\s*[+-]\s*\d+)?")


class ExportError(ValueError):
    """The document cannot be written for the target: the message says why."""


def _id(*parts: object) -> str:
    """A stable 16-character document id (Foundry ids are 16 letters and digits)."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).digest()
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    n = int.from_bytes(digest, "big")
    out = []
    for _ in range(16):
        n, r = divmod(n, 62)
        out.append(alphabet[r])
    return "".join(out)


def _html(text: str) -> str:
    paras = [p.strip() for p in (text or "").split("\n\n") if p.strip()]
    return "".join(f"<p>{html.escape(p).replace(chr(10), '<br>')}</p>" for p in paras)


def _item(name: str, kind: str, system: dict, index: int) -> dict:
    return {"_id": _id("item", index, kind, name), "name": name, "type": kind, "img": ITEM_IMG, "system": system,
            "effects": [], "flags": {}, "sort": (index + 1) * 100000}


def _base_system(description: str = "") -> dict:
    return {"key": "", "description": _html(description)}


def _gear_system(row: dict, carry: str, contents: list[dict] | None = None, description: str = "") -> dict:
    return {**_base_system(description), "carryState": carry, "quantity": row["count"],
            "mass": row["mass"] or 0, "cost": row["price"] or 0, "isKit": bool(contents),
            "contents": contents or [], "mechanics": {"tags": []}}


def _damage(text: str, source: str, target: str, report: ExportReport) -> str:
    text = str(text or "")
    if DICE.fullmatch(text.strip()):
        return text.strip().replace(" ", "")
    found = DICE.search(text)
    formula = found.group(0).replace(" ", "") if found else ""
    what = f"written as {formula}" if formula else "left empty"
    report.add(CONVERTED if formula else NO_PLACE, source,
               f"damage \"{text}\" is not one dice formula; {what} (the system rolls one formula)", target)
    return formula


def _game(data: dict) -> dict:
    """The game in progress (the Play view's `play` part): stamina lost, shots fired and grenades thrown."""
    play = data.get("play") if isinstance(data.get("play"), dict) else {}

    def count(v) -> int:
        return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else 0

    def counts(key: str) -> dict:
        part = play.get(key) if isinstance(play.get(key), dict) else {}
        return {k: count(v) for k, v in part.items() if count(v)}
    return {"stamina_lost": count(play.get("stamina_lost")), "shots": counts("shots"), "grenades": counts("grenades")}


def _weapon_system(row: dict, w: dict, pack_item: dict, ammo: dict | None, report: ExportReport, where: str,
                   used: int = 0) -> dict:
    pw = pack_item.get("weapon", {}) if pack_item else {}
    grenade = w.get("grenade", False)
    kind = "grenade" if grenade else WEAPON_TYPES.get(w.get("type", ""), "beam")
    unit = (ammo or {}).get("unit", "")
    uses = "none" if grenade or not w.get("ammo") or w.get("ammo") == "grenade" else ("seu" if unit == "charges" else "rounds")
    capacity = (ammo or {}).get("capacity") or 0
    if not grenade and w.get("range"):
        report.add(NO_PLACE, where, f"range \"{w['range']}\": the system keeps range bands in metres, which "
                                    "the rules pack does not give; set them in Foundry", "system.rangeBands")
    band = {"min": 0, "max": None, "damageFormula": ""}
    return {**_base_system(pack_item.get("notes", "") if pack_item else ""),
            "carryState": "ready" if row["carried"] else "stored",
            "quantity": max(0, row["count"] - used) if grenade else row["count"],
            "weaponType": kind, "attributeKey": "str" if kind == "melee" else "dex", "requiredSkillRef": "",
            "weaponSkillKey": "thrown" if grenade else kind, "activeModeKey": "",
            "damageFormula": _damage(w.get("damage", ""), where, "system.damageFormula", report),
            "damageType": "",
            "rangeBands": {"pointBlank": {**band, "min": None}, "short": dict(band), "medium": dict(band),
                           "long": dict(band), "extreme": dict(band)},
            "ammo": {"uses": uses, "capacity": capacity if uses != "none" else 0,
                     "consumed": min(used, capacity) if uses != "none" and capacity else 0, "clipItem": "",
                     "seuPerShot": pw.get("per_shot", 0) if uses == "seu" else 0,
                     "variableSetting": {"min": 0, "max": 0, "current": 0}},
            "cost": row["price"] or 0, "mass": row["mass"] or 0, "twoHanded": False,
            "mechanics": {"tags": [], "onHitEffectIds": [], "isHeavy": bool(w.get("artillery")),
                          "rateOfFire": 1, "modes": [],
                          "burst": {"available": bool(pw.get("burst")), "dice": "", "perAdditional": "",
                                    "maxTargets": 0, "areaWidth": 0},
                          "accessories": [], "defenseTypes": []}}


def _defense_system(row: dict, d: dict, pack_item: dict) -> tuple[str, dict]:
    absorbs = {"half": "half", "all": "full"}.get(d.get("absorbs"), "")
    base = {**_base_system(pack_item.get("notes", "") if pack_item else ""),
            "carryState": "carried" if row["carried"] else "stored", "cost": row["price"] or 0}
    if d["kind"] == "armor":
        return "armor", {**base, "armorType": d.get("against", ""),
                         "reductions": [{"damageType": d.get("against", ""), "mode": absorbs, "amount": None}],
                         "mass": row["mass"] or 0, "mechanics": {"tags": []}}
    first = row["name"].split()[0].lower()
    return "screen", {**base, "mass": row["mass"] or 0, "screenType": first if first in SCREEN_TYPES else "",
                      "defends": [d.get("against", "")] if d.get("against") else [], "reduction": absorbs,
                      "capacity": d.get("charges") or 0, "seuPerHit": d.get("per_hit") or 0, "powerSourceRef": "",
                      "donTime": 5, "active": False}


def _ammo_system(row: dict, a: dict) -> dict:
    return {**_base_system(), "carryState": "carried" if row["carried"] else "stored", "quantity": row["count"],
            "mass": row["mass"] or 0, "ammoType": "seu" if a.get("unit") == "charges" else "rounds",
            "shots": a.get("capacity") or 0, "cost": row["price"] or 0}


def _items(data: dict, derived: dict, pack: dict, report: ExportReport) -> tuple[list[dict], dict]:
    """Each equipment entry as one item of the system's type for it; (items, worn defences by kind). A game in
    progress is written as the items' state: shots fired as the loaded clip's consumed shots, grenades thrown
    taken off the quantity."""
    game = _game(data)
    pack_items = {i["name"]: i for i in pack.get("items", [])}
    weapons = {w["name"]: w for w in derived.get("weapons", [])}
    weapons.update({g["name"]: {**g, "grenade": True} for g in derived.get("grenades", [])})
    defenses = {d["name"]: d for d in derived.get("defenses", [])}
    ammo = {a["name"]: a for a in derived.get("ammunition", [])}
    items, worn = [], {}
    for n, row in enumerate(derived.get("equipment", [])):
        name = row["name"] or f"Item {n + 1}"
        where = f"Equipment › {name}"
        pi = pack_items.get(name, {})
        if row.get("issued"):
            report.add(CONVERTED, where, "issued, not bought: written with its price; the system has no 'issued' mark",
                       "system.cost")
        if row["category"] == "weapon" and name in weapons or row["category"] == "grenade" and name in weapons:
            w = weapons[name]
            used = game["grenades" if w.get("grenade") else "shots"].get(name, 0)
            kind, system = "weapon", _weapon_system(row, w, pi, ammo.get(w.get("ammo")), report, where, used)
            if used:
                what = "thrown" if w.get("grenade") else "fired"
                report.add(CONVERTED, where, f"the game in progress: {used} {what}, written as the item's state",
                           "system.quantity" if w.get("grenade") else "system.ammo.consumed")
        elif name in defenses:
            kind, system = _defense_system(row, defenses[name], pi)
            if row["carried"]:
                worn.setdefault(kind, len(items))
        elif row["category"] == "ammunition" and name in ammo:
            kind, system = "ammo", _ammo_system(row, ammo[name])
        elif pi.get("includes"):
            contents = [{"ref": "", "name": inner, "quantity": 1, "remaining": 1, "consumeOnUse": False}
                        for inner in pi["includes"]]
            kind, system = "gear", _gear_system(row, "carried" if row["carried"] else "stored", contents, pi.get("notes", ""))
            report.add(CONVERTED, where, f"written as a kit holding {', '.join(pi['includes'])} (the kit's contents "
                                         "are names in the kit, not items of their own)", "system.contents")
        else:
            kind, system = "gear", _gear_system(row, "carried" if row["carried"] else "stored", None, pi.get("notes", ""))
            if not row.get("known"):
                report.add(CONVERTED, where, "not in the rules pack: written as gear", "")
        if not row["carried"]:
            report.add(CONVERTED, where, "not carried: written as stored", "system.carryState")
        items.append(_item(name, kind, system, n))
    return items, worn


def _psa_item(derived: dict, pack: dict, report: ExportReport, index: int) -> dict | None:
    name = derived.get("psa")
    if not name:
        report.add(DEFAULTED, "PSA", "no PSA chosen: the system's PSA is left empty", "system.psa")
        return None
    skill = next((s for s in pack["psa"]["skills"] if s["name"] == name), {})
    uses = [f"{c['name']}: {c['chance']}%" if c["chance"] is not None else c["name"]
            for c in derived.get("skill_chances", [])]
    text = skill.get("summary", "") + ("\n\n" + "\n".join(uses) if uses else "")
    military = name.lower() == "military"
    report.add(CONVERTED, "PSA", f"{name}, level {derived.get('psa_level')} (+{derived.get('psa_bonus')}): written as "
                                 "the PSA and as a skill item of that level; the chances are in its description",
               "items (skill)")
    return _item(f"{name} PSA", "skill", {
        **_base_system(text), "psa": name.lower(), "isPsaForOwner": True, "category": "main", "attributeKey": "dex",
        "level": derived.get("psa_level") or 0, "rollFormula": "", "weaponSkillKey": "", "subskillRefs": [],
        "mechanics": {"applyMeleeBonus": military, "applyRangeBonus": military},
        "xpCost": {"perLevel": [], "nonPsaPerLevel": []}, "uses": {"value": 0, "max": 0, "per": ""}}, index)


def _abilities(derived: dict, report: ExportReport) -> dict:
    out = {}
    for key in ABILITY_KEYS:
        v = (derived.get("abilities") or {}).get(key)
        if v is None:
            report.add(DEFAULTED, f"Abilities › {key.upper()}", "not rolled yet: written as the system's 30",
                       f"system.abilities.{key}.value")
            v = 30
        elif not 1 <= v <= 100:
            report.add(CONVERTED, f"Abilities › {key.upper()}", f"{v} is outside the system's 1-100: written as "
                                                               f"{min(max(v, 1), 100)}", f"system.abilities.{key}.value")
            v = min(max(v, 1), 100)
        out[key] = {"base": v, "initialized": True, "value": v, "swap": 0}
    return out


def _squares(metres, what: str, target: str, report: ExportReport) -> int:
    if metres is None:
        report.add(DEFAULTED, "Movement", f"no race chosen: {what} written as 0 squares", target)
        return 0
    squares = int(metres // SQUARE_M)
    exact = metres / SQUARE_M
    note = "" if exact == squares else f" (rounded down from {exact:g})"
    plural = "" if squares == 1 else "s"
    report.add(CONVERTED, "Movement", f"{what} {metres:g} m a turn = {squares} square{plural} of {SQUARE_M} m{note}",
               target)
    return squares


def _racial_text(derived: dict) -> str:
    rows = []
    for r in derived.get("race_abilities", []):
        value = f" {r['value']}{'%' if r['kind'] == 'chance' else ''}" if r.get("value") is not None else ""
        rows.append(f"<p><strong>{html.escape(r['name'])}</strong>{html.escape(value)}: {html.escape(r['effect'])}</p>")
    return "".join(rows)


def foundry_actor(data: dict, result) -> tuple[dict, ExportReport]:
    """The actor JSON (Foundry's Import Data reads it) and the report of what had no place."""
    if not isinstance(data, dict) or data.get("format") != "starwright/starfrontiers-character":
        raise ExportError("a Foundry VTT actor is written only for a Star Frontiers character")
    if not getattr(result, "schema_valid", True) or result.pack is None:
        first = result.issues[0].message if result.issues else "its structure is not valid"
        raise ExportError(f"this character cannot be exported until its file is repaired: {first}")
    d, pack = result.derived, result.pack.data
    report = ExportReport(TARGET)
    items, worn = _items(data, d, pack, report)
    psa = _psa_item(d, pack, report, len(items))
    if psa:
        items.append(psa)
    abilities = _abilities(d, report)
    credits = d.get("credits_left") or 0
    if credits < 0:
        report.add(CONVERTED, "Credits", f"{credits} Cr (overspent): the system keeps no debt; written as 0", "system.credits")
        credits = 0
    xp = d.get("xp_unspent")
    if xp is None:
        report.add(DEFAULTED, "Experience", "Starwright keeps no experience points for a Basic Game character "
                                            f"({data.get('adventures', 0)} adventures completed, PSA level "
                                            f"{d.get('psa_level')}): written as 0", "system.experience.earned")
        xp = 0
    cap = d.get("carrying_capacity") or {}
    sta = abilities["sta"]["value"]
    lost = _game(data)["stamina_lost"]
    stamina = max(0, sta - lost)
    if lost:
        report.add(CONVERTED, "Play › Stamina", f"the game in progress: {lost} Stamina lost, written as "
                                                f"{stamina} of {sta}" + (" (unconscious)" if stamina == 0 else ""),
                   "system.stamina.value")
    notes = data.get("notes") or ""
    system = {
        "playerName": "", "race": d.get("race") or "", "handedness": {"kind": "right"}, "sex": "",
        "pay": {"perDay": 0, "perHour": 0}, "psa": (d.get("psa") or "").lower(),
        "abilities": abilities, "stamina": {"value": stamina, "max": sta, "temp": 0},
        "unconscious": bool(lost) and stamina == 0, "stabilized": False,
        "derived": {
            "initiativeMod": d.get("initiative_modifier") or 0,
            "walking": _squares(d.get("walk"), "walking", "system.derived.walking", report),
            "running": _squares(d.get("run"), "running", "system.derived.running", report),
            "hourly": 0, "isWounded": False,
            "derivedLimbs": next((r["value"] or 0 for r in d.get("race_abilities", []) if r["kind"] == "count"), 0),
            "totalMass": d.get("total_mass") or 0, "encumbranceThreshold": cap.get("free_kg") or 0,
            "encumbered": bool(d.get("encumbered")),
            "paired": {k: max(abilities[a]["value"], abilities[b]["value"]) for k, (a, b) in PAIR_KEYS.items()},
        },
        "limbs": [],
        "defenses": {"suit": items[worn["armor"]]["_id"] if "armor" in worn else "",
                     "screen": items[worn["screen"]]["_id"] if "screen" in worn else "",
                     "energy": {"value": 0, "max": 0}},
        "credits": credits, "ledger": [],
        "experience": {"earned": xp, "spent": 0, "total": xp},
        "personalFile": {"racialAbilities": _racial_text(d), "notes": _html(notes), "injuries": ""},
        "combatProfile": {"meleeBonus": 0, "rangedBonus": 0, "special": ""},
        "charGen": {"statsInitialized": True, "statsGenerated": True},
        "warnings": [],
        "racialSkillProgress": {},
    }
    if d.get("race"):
        report.add(CONVERTED, "Race", f"{d['race']}: written by name; its modifiers are already in each ability, so "
                                      "no race item is added (dropping one onto the sheet would add them again)",
                   "system.race")
    report.add(NO_PLACE, "Hourly movement", "the rules pack gives none; the system works it out from its race table",
               "system.derived.hourly")
    if data.get("portrait"):
        report.add(NO_PLACE, "Portrait", "Foundry takes an actor's picture as a file in its data folder, not inside "
                                         "the actor: upload the picture there and choose it on the sheet", "img")
    for issue in result.issues:
        if issue.is_error:
            report.add(NO_PLACE, "Rule check", f"{issue.rule}: {issue.message} (exported as it is)")
    actor = {
        "name": data.get("name") or "Unnamed character", "type": "character", "img": ACTOR_IMG,
        "system": system, "items": items, "effects": [], "folder": None, "sort": 0, "ownership": {"default": 0},
        "flags": {"starwright": {"format": data.get("format"), "version": data.get("version")}},
        "_stats": {"systemId": SYSTEM_ID, "systemVersion": SCHEMA_VERSION},
    }
    return actor, report
