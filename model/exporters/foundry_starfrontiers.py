"""A Star Frontiers character as a Foundry VTT actor of the Star Frontiers system (finderski/star-frontiers),
written in that system's data schema 0.2.8 (its `CURRENT_SCHEMA_VERSION`).

Why the current schema, written directly: the system's migrations walk the world's documents when the
world's schema version changes, never an actor imported later, so an actor in an older shape would stay
in it. Every field of each `system` block is written (the field lists are the system's TypeDataModels,
tabled in tests/model/exporters/foundry_schema.py), so nothing is left to the system's defaults silently:
what Starwright has no value for is written as the system's default and said in the report.

Values come from the document, the rules pack and `Result.derived` only (no rule is worked out here):
- each ability's `base` is the pair's score from the ability table (the same for both abilities of the
  pair, as the system's Generate Stats writes it), `swap` the points moved inside the pair, and `value` the
  final score (race, exchange and a Human's bonus applied); the Human's bonus is also the character's
  `charGen.raceBonusSelections`, as the system records its race bonus picks;
- movement in the system's 5 m squares (its grid distance), rounded down as the system rounds;
- credits are what is left after purchases;
- ammunition: clips carried x capacity less what was fired, one clip loaded in each weapon that uses it and
  the rest spare (foundry_ammo.py); a weapon's kind of ammunition comes from the weapon (rounds, or SEU at
  its charges a shot), whatever was bought.

What the system has no field for (the d100 rolls, adventures completed, an item's `issued` mark and note,
clips bought and grenades thrown) travels in `flags.starwright`, which Foundry keeps and never reads, so
`starwright import` can give the character back.
"""

from __future__ import annotations

import copy

import html

from ..foundry_vtt import (ACTOR_IMG, PAIR_KEYS, PAIRS, SCHEMA_VERSION, SQUARE_M, SYSTEM_ID, doc_id as _id,
                           html_to_text, text_to_html as to_html)
from .foundry_items import base_system, equipment_items, game_state, make_item
from .report import CONVERTED, DEFAULTED, NO_PLACE, ExportReport

TARGET = f"Foundry VTT, Star Frontiers system ({SYSTEM_ID}, data schema {SCHEMA_VERSION})"


class ExportError(ValueError):
    """The document cannot be written for the target: the message says why."""


def _psa_item(derived: dict, pack: dict, report: ExportReport, psa_id: str, sort: int) -> dict | None:
    name = derived.get("psa")
    if not name:
        report.add(DEFAULTED, "PSA", "no PSA chosen: the system's PSA is left empty, with no PSA skill", "system.psa")
        return None
    skill: dict = next((s for s in pack["psa"]["skills"] if s["name"] == name), {})
    uses = [f"{c['name']}: {c['chance']}%" if c["chance"] is not None else c["name"]
            for c in derived.get("skill_chances", [])]
    text = skill.get("summary", "") + ("\n\n" + "\n".join(uses) if uses else "")
    military = name.lower() == "military"
    report.add(CONVERTED, "PSA", f"{name}, level {derived.get('psa_level')} (+{derived.get('psa_bonus')}): written as "
                                 "the PSA and as a skill item of that level; the chances are in its description",
               "items (skill)")
    return make_item(psa_id, f"{name} PSA", "skill", {
        **base_system(text), "psa": name.lower(), "isPsaForOwner": True, "category": "main", "attributeKey": "dex",
        "level": derived.get("psa_level") or 0, "rollFormula": "", "weaponSkillKey": "", "subskillRefs": [],
        "mechanics": {"applyMeleeBonus": military, "applyRangeBonus": military},
        "xpCost": {"perLevel": [], "nonPsaPerLevel": []}, "uses": {"value": 0, "max": 0, "per": ""}}, sort)


def _clamped(v: int, what: str, target: str, report: ExportReport) -> int:
    if 1 <= v <= 100:
        return v
    c = min(max(v, 1), 100)
    report.add(CONVERTED, what, f"{v} is outside the system's 1-100: written as {c}", target)
    return c


def _abilities(data: dict, derived: dict, report: ExportReport) -> dict:
    """base: the pair's table score; swap: the points moved into this ability of the pair; value: final."""
    out = {}
    bases, shifts = data.get("base") or {}, data.get("shifts") or {}
    for pair, (first, second) in PAIRS.items():
        base = bases.get(pair)
        shift = s if isinstance(s := shifts.get(pair), int) else 0
        for key, swap in ((first, shift), (second, -shift)):
            v = (derived.get("abilities") or {}).get(key)
            what = f"Abilities › {key.upper()}"
            if v is None or not isinstance(base, int):
                report.add(DEFAULTED, what, "not rolled yet: written as the system's 30", f"system.abilities.{key}")
                out[key] = {"base": 30, "initialized": False, "value": 30, "swap": 0}
                continue
            out[key] = {"base": _clamped(base, what, f"system.abilities.{key}.base", report), "initialized": True,
                        "value": _clamped(v, what, f"system.abilities.{key}.value", report),
                        "swap": max(-100, min(100, swap))}
    return out


def _bonus_selections(data: dict, derived: dict, pack: dict, report: ExportReport) -> list[dict]:
    race: dict = next((r for r in pack.get("races", []) if r["name"] == derived.get("race")), {})
    key, amount = data.get("human_bonus"), race.get("single_ability_bonus") or 0
    if not (key and amount):
        return []
    report.add(CONVERTED, "Race bonus", f"+{amount} {key.upper()}: already in the ability's value, and recorded as "
                                        "the race bonus pick", "system.charGen.raceBonusSelections")
    return [{"sourceIndex": 0, "slot": 0, "amount": amount, "appliesTo": "any", "ability": key}]


def _combat_profile(derived: dict, report: ExportReport) -> dict:
    """SF-CHAR-21, SF-PLAY-11: a Military PSA adds its bonus to hit, in melee and at range. The system's Basic
    rules add `combatProfile` bonuses to every attack (its skill levels count only in its Expanded rules)."""
    bonus = derived.get("psa_bonus") or 0
    if (derived.get("psa") or "").casefold() != "military" or not bonus:
        return {"meleeBonus": 0, "rangedBonus": 0, "special": ""}
    report.add(CONVERTED, "PSA", f"Military: +{bonus} to hit (SF-PLAY-11) written as the character's melee and "
                                 "ranged bonus; the system's Basic melee chance starts from the higher of STR and "
                                 "DEX, where the rules use STR", "system.combatProfile")
    return {"meleeBonus": bonus, "rangedBonus": bonus, "special": ""}


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
    psa_id = _id("psa", d.get("psa") or "") if d.get("psa") else ""
    items, worn = equipment_items(data, d, pack, report, psa_id)
    psa = _psa_item(d, pack, report, psa_id, (len(items) + 1) * 100000)
    if psa:
        items.append(psa)
    abilities = _abilities(data, d, report)
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
    lost = game_state(data)["stamina_lost"]
    stamina = max(0, sta - lost)
    if lost:
        report.add(CONVERTED, "Play › Stamina", f"the game in progress: {lost} Stamina lost, written as "
                                                f"{stamina} of {sta}" + (" (unconscious)" if stamina == 0 else ""),
                   "system.stamina.value")
    notes = data.get("notes") or ""
    rolled = all(isinstance((data.get("rolls") or {}).get(p), int) for p in PAIRS)
    system = {
        "playerName": "", "race": d.get("race") or "", "handedness": {"kind": "right"}, "sex": "",
        "pay": {"perDay": 0, "perHour": 0}, "psa": (d.get("psa") or "").lower(),
        "abilities": abilities, "stamina": {"value": stamina, "max": sta, "temp": 0},
        "unconscious": stamina <= 0, "stabilized": False,
        "derived": {
            "initiativeMod": d.get("initiative_modifier") or 0,
            "walking": _squares(d.get("walk"), "walking", "system.derived.walking", report),
            "running": _squares(d.get("run"), "running", "system.derived.running", report),
            "hourly": 0, "isWounded": sta > 0 and stamina <= sta / 2,
            "derivedLimbs": next((r["value"] or 0 for r in d.get("race_abilities", []) if r["kind"] == "count"), 0),
            "totalMass": d.get("total_mass") or 0, "encumbranceThreshold": cap.get("free_kg") or 0,
            "encumbered": bool(d.get("encumbered")),
            "paired": {k: max(abilities[a]["value"], abilities[b]["value"]) for k, (a, b) in PAIR_KEYS.items()},
        },
        "limbs": [],
        "defenses": {"suit": worn.get("armor", ""), "screen": worn.get("screen", ""),
                     "energy": {"value": 0, "max": 0}},
        "credits": credits, "ledger": [],
        "experience": {"earned": xp, "spent": 0, "total": xp},
        "personalFile": {"racialAbilities": _racial_text(d), "notes": to_html(notes), "injuries": ""},
        "combatProfile": _combat_profile(d, report),
        "charGen": {"statsInitialized": all(a["initialized"] for a in abilities.values()),
                    "statsGenerated": rolled, "raceBonusSelections": _bonus_selections(data, d, pack, report)},
        "racialSkillProgress": {},
        "warnings": [],
    }
    if d.get("race"):
        report.add(CONVERTED, "Race", f"{d['race']}: written by name; its modifiers are already in each ability's "
                                      "value, so no race item is added (dropping one onto the sheet would work each "
                                      "value out again from its base, without the exchange)", "system.race")
    report.add(NO_PLACE, "Hourly movement", "the rules pack gives none; the system works it out from its race table",
               "system.derived.hourly")
    if data.get("rolls"):
        report.add(CONVERTED, "Rolls", "the system keeps no d100 rolls: kept in the actor's Starwright flags",
                   "flags.starwright.rolls")
    for i, v in enumerate(data.get("vehicles") or []):   # SF-VEH: the system's vehicle items are not the rules'
        report.add(NO_PLACE, f"Vehicles › {v.get('name')}", "the system's vehicle items have no place for the rules' "
                   "speeds, rent and capacity: kept in the actor's Starwright flags", f"flags.starwright.vehicles.{i}")
    if data.get("portrait"):
        report.add(NO_PLACE, "Portrait", "Foundry takes an actor's picture as a file in its data folder, not inside "
                                         "the actor: upload the picture there and choose it on the sheet", "img")
    for issue in result.issues:
        if issue.is_error:
            report.add(NO_PLACE, "Rule check", f"{issue.rule}: {issue.message} (exported as it is)")
    flags = {"format": data.get("format"), "version": data.get("version"), "adventures": data.get("adventures", 0),
             "credits": data.get("credits", 0)}
    if data.get("rolls"):
        flags["rolls"] = dict(data["rolls"])
    if data.get("vehicles"):
        flags["vehicles"] = copy.deepcopy(data["vehicles"])
    moving = (data.get("play") or {}).get("vehicles") if isinstance(data.get("play"), dict) else None
    if moving:
        flags["play_vehicles"] = copy.deepcopy(moving)
    if data.get("psa") and not d.get("psa"):          # a PSA the rules do not know has no place in the system
        flags["psa"] = data["psa"]
    if data.get("human_bonus") and not system["charGen"]["raceBonusSelections"]:
        flags["human_bonus"] = data["human_bonus"]
        report.add(NO_PLACE, "Race bonus", f"a bonus to {data['human_bonus'].upper()}, but only a Human picks one "
                                           "(SF-RACE-01): not a race bonus pick; kept in the actor's Starwright flags",
                   "flags.starwright.human_bonus")
    if data.get("rules"):
        flags["rules"] = dict(data["rules"])
    if notes and html_to_text(to_html(notes)) != notes:     # spacing the system's HTML does not keep
        flags["notes"] = notes
    if data.get("optional_rules"):
        flags["optional_rules"] = dict(data["optional_rules"])
    if data.get("portrait"):
        flags["portrait"] = True        # a marker only: the picture itself is not carried (see the report)
    actor = {
        "name": data.get("name") or "Unnamed character", "type": "character", "img": ACTOR_IMG,
        "system": system, "items": items, "effects": [], "folder": None, "sort": 0, "ownership": {"default": 0},
        "flags": {"starwright": flags},
        "_stats": {"systemId": SYSTEM_ID, "systemVersion": SCHEMA_VERSION},
    }
    return actor, report
