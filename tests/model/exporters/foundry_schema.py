"""The data model of the Foundry VTT Star Frontiers system (finderski/star-frontiers) at data schema 0.2.8,
written out as a JSON Schema so a test can read an exported (or imported) actor against what the system
accepts. Built by hand from reading the system's own files, at commit
b3eabd7823b949ac527302fd3e0a758f63620aa7 (2026-05-18, "weapons and powersource updates": the commit that
set `CURRENT_SCHEMA_VERSION = "0.2.8"`; the newest commit read, 54f307140667ed58ea0ed6a801e4cf17fea63746,
changes none of these files, and no later schema version exists there):
- module/data/fields.mjs (last changed @ f6590008ba73d4a8379472da1a556892aa43fe1a): the helpers.
  textField is a required StringField with `blank: true` (so "" is always accepted, also beside
  `choices`, which Foundry checks only for a non-blank string); htmlField the same; numberField a required
  NumberField, integer unless `integer: false`, not nullable unless said, with its min/max; boolField a
  required BooleanField; schemaField, arrayField, setField (unique elements, stored as an array) and
  objectField (any object) are Foundry's own.
- module/data/character-data.mjs (last changed @ 9035b31f8fe55fb621026fdc7be41a3bc8efeeda):
  StarFrontiersCharacterData.defineSchema.
- module/data/item-data.mjs (@ b3eabd78...): every item type's defineSchema (0.2.8 adds powerSource `ports`).
- module/config.mjs (@ 9035b31f...): the ability keys and the program types.
- module/migration/migrations.mjs (@ b3eabd78...): CURRENT_SCHEMA_VERSION "0.2.8", and the port defaults of
  migration 0.2.8.

Every declared field is required and no other key is allowed (additionalProperties false): the exporter
writes the whole shape, so a misspelt, missing or later field fails.
"""

from __future__ import annotations

ABILITY_KEYS = ("str", "sta", "dex", "rs", "int", "log", "per", "ldr")
CARRY = ["ready", "carried", "stored"]
PSA = ["military", "technological", "biosocial"]
SKILL_KEYS = ["dex", "str", "beam", "gyrojet", "projectile", "thrown", "melee"]
PROGRAM_TYPES = ["analysis", "bureaucracy", "commerce", "communication", "computerSecurity", "industry",
                 "informationStorage", "installationSecurity", "language", "lawEnforcement", "lifeSupport",
                 "maintenance", "robotManagement", "transportation"]


def text(choices=None) -> dict:
    """textField: blank allowed, so "" is valid beside the choices."""
    if not choices:
        return {"type": "string"}
    return {"type": "string", "enum": sorted(set(choices) | {""})}


html = text


def number(min=None, max=None, integer=True, nullable=False) -> dict:
    t = "integer" if integer else "number"
    out: dict = {"type": [t, "null"] if nullable else t}
    if min is not None:
        out["minimum"] = min
    if max is not None:
        out["maximum"] = max
    return out


def boolean() -> dict:
    return {"type": "boolean"}


def schema(fields: dict) -> dict:
    return {"type": "object", "required": list(fields), "additionalProperties": False, "properties": fields}


def array(element: dict) -> dict:
    return {"type": "array", "items": element}


def set_of(element: dict | None = None) -> dict:
    return {"type": "array", "items": element or text(), "uniqueItems": True}


def ability() -> dict:
    return schema({"base": number(1, 100), "initialized": boolean(), "value": number(1, 100),
                   "swap": number(-100, 100)})


def vital() -> dict:
    return schema({"value": number(), "max": number(), "temp": number()})


CHARACTER = schema({
    "playerName": text(), "race": text(), "handedness": schema({"kind": text(["left", "right", "ambi"])}),
    "sex": text(), "pay": schema({"perDay": number(0), "perHour": number(0)}), "psa": text(PSA),
    "abilities": schema({k: ability() for k in ABILITY_KEYS}), "stamina": vital(),
    "unconscious": boolean(), "stabilized": boolean(),
    "derived": schema({
        "initiativeMod": number(), "walking": number(0), "running": number(0), "hourly": number(0),
        "isWounded": boolean(), "derivedLimbs": number(0), "totalMass": number(0, integer=False),
        "encumbranceThreshold": number(0, integer=False), "encumbered": boolean(),
        "paired": schema({"strSta": number(), "dexRs": number(), "intLog": number(), "perLdr": number()})}),
    "limbs": array(schema({"kind": text(["arm", "leg"]), "length": number(0), "dominant": boolean()})),
    "defenses": schema({"suit": text(), "screen": text(),
                        "energy": schema({"value": number(0), "max": number(0)})}),
    "credits": number(0),
    "ledger": array(schema({"ts": number(0), "delta": number(integer=False), "reason": text()})),
    "experience": schema({"earned": number(0), "spent": number(0), "total": number(0)}),
    "personalFile": schema({"racialAbilities": html(), "notes": html(), "injuries": html()}),
    "combatProfile": schema({"meleeBonus": number(), "rangedBonus": number(), "special": html()}),
    "charGen": schema({
        "statsInitialized": boolean(), "statsGenerated": boolean(),
        "raceBonusSelections": array(schema({
            "sourceIndex": number(0), "slot": number(0), "amount": number(),
            "appliesTo": text(["any", "abilityPair"]), "ability": text(list(ABILITY_KEYS))}))}),
    "racialSkillProgress": {"type": "object"},
    "warnings": array(schema({"key": text(), "message": text()})),
})

BASE = {"key": text(), "description": html()}


def _band(nullable_min=False) -> dict:
    return schema({"min": number(0, nullable=nullable_min), "max": number(0, nullable=True), "damageFormula": text()})


def _vehicle_core() -> dict:
    return {"vehicleClass": text(), "passengers": number(0), "speedSquaresPerTurn": number(0),
            "turnPenalty": number(0),
            "movement": schema({k: number(0) for k in ("accel", "decel", "topSpeed", "turnSpeed", "backwardMax")}),
            "capabilities": schema({k: boolean() for k in ("pivot", "skidTurn", "flying", "waterCapable")}),
            "parabatteryType": number(1, 4, nullable=True)}


ITEMS = {
    "race": schema({
        **BASE, "modifiers": schema({k: number() for k in (*ABILITY_KEYS, "im")}),
        "movement": schema({"walking": number(0), "running": number(0), "hourly": number(0)}),
        "racialAbilityRefs": array(text()),
        "racialAbilities": array(schema({"key": text(), "label": text(), "description": html(),
                                         "trainedAbilityRef": text(), "effectId": text(), "isPassive": boolean()})),
        "bonusPicks": array(schema({"amount": number(), "slots": number(0), "appliesTo": text(["any", "abilityPair"])})),
        "gliding": schema({"available": boolean(), "minStartHeight": number(0),
                           "forbiddenBelow": number(0, integer=False), "forbiddenAbove": number(0, integer=False)}),
        "lightSensitivity": schema({"affected": boolean(), "penalty": number(), "mitigations": set_of()}),
        "elasticity": schema({"available": boolean(), "limbsPerDexBucket": number(1), "limbGrowMinutes": number(0),
                              "maxFiringLimbs": number(0)})}),
    "skill": schema({**BASE, "psa": text(PSA), "isPsaForOwner": boolean(), "category": text(["main", "subskill"]),
                     "attributeKey": text(["dex", "str"]), "level": number(0, 6), "rollFormula": text(),
                     "weaponSkillKey": text(SKILL_KEYS), "subskillRefs": array(text()),
                     "mechanics": schema({"applyMeleeBonus": boolean(), "applyRangeBonus": boolean()}),
                     "xpCost": schema({"perLevel": array(number(0)), "nonPsaPerLevel": array(number(0))}),
                     "uses": schema({"value": number(0), "max": number(0), "per": text()})}),
    "trainedAbility": schema({**BASE, "raceKey": text(), "baseChance": number(0, 100), "cap": number(0, 100),
                              "xpPerPoint": number(0), "rollType": text(["active", "passive"]),
                              "triggersEffectId": text(),
                              "cooldown": schema({"duration": number(0), "perEncounter": boolean()})}),
    "weapon": schema({
        **BASE, "carryState": text(CARRY), "quantity": number(0),
        "weaponType": text(["melee", "beam", "projectile", "gyrojet", "grenade"]),
        "attributeKey": text(["dex", "str"]), "requiredSkillRef": text(), "weaponSkillKey": text(SKILL_KEYS),
        "activeModeKey": text(), "damageFormula": text(),
        "damageType": text(["albedo", "gaussAS", "sonic", "sonicAS", "inertia", "reactionSpeed", "stamina", "ir"]),
        "rangeBands": schema({"pointBlank": _band(True), "short": _band(), "medium": _band(), "long": _band(),
                              "extreme": _band()}),
        "ammo": schema({"uses": text(["seu", "rounds", "none"]), "capacity": number(0), "consumed": number(0),
                        "clipItem": text(), "seuPerShot": number(0),
                        "variableSetting": schema({"min": number(0), "max": number(0), "current": number(0)})}),
        "cost": number(0), "mass": number(0, integer=False), "twoHanded": boolean(),
        "mechanics": schema({
            "tags": set_of(), "onHitEffectIds": array(text()), "isHeavy": boolean(), "rateOfFire": number(0),
            "modes": array(schema({
                "key": text(), "label": text(), "damageFormula": text(), "seuPerShot": number(0),
                "avoidance": schema({"enabled": boolean(),
                                     "ability": text(["sta", "rs", "dex", "str", "int", "log", "per", "ldr", "im"]),
                                     "comparison": text(["currentOrLess"]), "onSuccessEffect": text(),
                                     "failNote": text()}),
                "defenseTypes": set_of(), "onHitEffectIds": array(text())})),
            "burst": schema({"available": boolean(), "dice": text(), "perAdditional": text(),
                             "maxTargets": number(0), "areaWidth": number(0)}),
            "accessories": array(schema({"key": text(), "effect": text()})),
            "defenseTypes": set_of()})}),
    "armor": schema({**BASE, "carryState": text(CARRY), "armorType": text(),
                     "reductions": array(schema({"damageType": text(), "mode": text(["half", "full", "flat"]),
                                                 "amount": number(0, nullable=True)})),
                     "cost": number(0), "mass": number(0, integer=False), "mechanics": schema({"tags": set_of()})}),
    "screen": schema({**BASE, "carryState": text(CARRY), "mass": number(0, integer=False),
                      "screenType": text(["albedo", "inertia", "gauss", "sonic", "chameleon", "holo"]),
                      "defends": set_of(), "reduction": text(["half", "full", "absorbsN"]), "capacity": number(0),
                      "seuPerHit": number(0), "powerSourceRef": text(), "donTime": number(0), "active": boolean(),
                      "cost": number(0)}),
    "ammo": schema({**BASE, "carryState": text(CARRY), "quantity": number(0), "mass": number(0, integer=False),
                    "ammoType": text(["rounds", "seu"]), "shots": number(0), "cost": number(0)}),
    "powerSource": schema({
        **BASE, "carryState": text(CARRY), "quantity": number(0),
        "sourceType": text(["powerclip", "beltpack", "powerpack", "parabatteryT1", "parabatteryT2",
                            "parabatteryT3", "parabatteryT4", "ammoClip"]),
        "capacity": number(0), "remaining": number(0),
        "ports": schema({"weapon": number(0), "screen": number(0), "vehicle": number(0)}),   # 0.2.8
        "linkedWeaponRefs": array(text()), "linkedScreenRefs": array(text()), "linkedVehicleRefs": array(text()),
        "rechargeable": boolean(), "cost": number(0), "mass": number(0, integer=False)}),
    "gear": schema({**BASE, "carryState": text(CARRY), "quantity": number(0), "mass": number(0, integer=False),
                    "cost": number(0), "requiredSkillRef": text(), "isKit": boolean(),
                    "contents": array(schema({"ref": text(), "name": text(), "quantity": number(0),
                                              "remaining": number(0), "consumeOnUse": boolean()})),
                    "mechanics": schema({"tags": set_of()})}),
    "consumable": schema({**BASE, "carryState": text(CARRY), "quantity": number(0), "mass": number(0, integer=False),
                          "uses": schema({"value": number(0), "max": number(0)}), "cost": number(0),
                          "requiredSkillRef": text(), "effectIds": array(text()), "consumeOnUse": boolean()}),
    "vehicle": schema({**BASE, **_vehicle_core(), "powerSourceRef": text(), "rangeKm": number(0),
                       "damage": schema({"type": text(["ground", "flying"]), "structuralPoints": number(0),
                                         "accumulatedDamage": number(0)}),
                       "cover": boolean(), "shotPenaltyDriver": number(), "cost": number(0),
                       "rentalCostPerDay": number(0)}),
    "computer": schema({**BASE, "carryState": text(CARRY), "quantity": number(0), "cost": number(0),
                        "level": number(1, 6), "functionPoints": schema({"used": number(0), "max": number(0)}),
                        "installedPrograms": array(text()), "mass": number(0, integer=False),
                        "structuralPoints": schema({"value": number(0), "max": number(0)}), "powerSource": text()}),
    "program": schema({**BASE, "programType": text(PROGRAM_TYPES), "level": number(1, 6),
                       "functionPoints": number(0), "cost": number(0)}),
}

FOUNDRY_ID = {"type": "string", "pattern": "^[A-Za-z0-9]{16}$"}


def item_schema() -> dict:
    return {"oneOf": [
        {"type": "object", "additionalProperties": False,
         "required": ["_id", "name", "type", "img", "system", "effects", "flags", "sort"],
         "properties": {"_id": FOUNDRY_ID, "name": {"type": "string", "minLength": 1}, "type": {"const": kind},
                        "img": {"type": "string"}, "system": sys, "effects": {"type": "array", "maxItems": 0},
                        "flags": {"type": "object"}, "sort": {"type": "integer"}}}
        for kind, sys in ITEMS.items()]}


ACTOR = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object", "additionalProperties": False,
    "required": ["name", "type", "img", "system", "items", "effects", "flags", "_stats"],
    "properties": {
        "name": {"type": "string", "minLength": 1}, "type": {"const": "character"}, "img": {"type": "string"},
        "system": CHARACTER, "items": {"type": "array", "items": item_schema()},
        "effects": {"type": "array"}, "folder": {"type": "null"}, "sort": {"type": "integer"},
        "ownership": {"type": "object"}, "flags": {"type": "object"},
        "_stats": schema({"systemId": {"const": "star-frontiers"}, "systemVersion": {"const": "0.2.8"}}),
    },
}
