"""A JSON Schema of the Foundry VTT Star Frontiers system's data model (finderski/star-frontiers), built
from its field declarations, so a test can read an exported actor back against what the system accepts.

Where the fields come from (public repository finderski/star-frontiers):
- module/data/fields.mjs @ ad57849c382d64aa530019d865600d3b74aff67b: the helpers. textField is a
  required StringField (blank allowed, `choices` an enum); numberField a required NumberField, integer
  unless `integer: false`, not nullable unless said, with its min/max; boolField a required BooleanField;
  schemaField, arrayField and setField (an array of unique elements) Foundry's own.
- module/data/character-data.mjs @ 410830d674d0ef0d71bf3f314d29a6241888232c: StarFrontiersCharacterData.
- module/data/item-data.mjs @ 1f0d4e4534e6f190dc10d0e364f966c82214b075: the item types.
- module/migration/migrations.mjs @ 2938962454a1b1c885b60654276caa0776841ea5 (and AGENTS.md's schema
  history @ 0350a4bd7adad246fbaffa3436b09a3bde1128be): the changes up to schema 0.2.8.

The stored character and item files are of an earlier schema than 0.2.8 (the character file has no
`racialSkillProgress`, added by 0.2.4; the item file still has the screen's `power` block, replaced by
0.2.7). The changes between them and 0.2.8, from the migrations, are applied below, each marked:
0.2.4 `racialSkillProgress` (a plain object keyed by item id), 0.2.7 a screen's `powerSourceRef` instead
of `power` and a kit's contents as {ref, name, quantity, remaining, consumeOnUse}. 0.2.8 itself changes
only powerSource items (`ports`), which the exporter does not write. No field of 0.2.9 (a weapon's
`ammo.loadedSourceId`, `ammo.internalCharge`) may appear.

Every declared field is required and no other key is allowed (additionalProperties false): the exporter
writes the whole current shape, so a misspelt or missing field fails.
"""

from __future__ import annotations

ABILITY_KEYS = ("str", "sta", "dex", "rs", "int", "log", "per", "ldr")
CARRY = ["ready", "carried", "stored"]
PSA = ["", "military", "technological", "biosocial"]
SKILL_KEYS = ["", "dex", "str", "beam", "gyrojet", "projectile", "thrown", "melee"]


def text(choices=None) -> dict:
    return {"type": "string", "enum": list(choices)} if choices else {"type": "string"}


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
    "charGen": schema({"statsInitialized": boolean(), "statsGenerated": boolean()}),
    "warnings": array(schema({"key": text(), "message": text()})),
    # 0.2.4: "a plain ObjectField (no inner schema) keyed by the owned trainedAbility item's ID"
    "racialSkillProgress": {"type": "object"},
})

BASE = {"key": text(), "description": html()}


def _band(nullable_min=False) -> dict:
    return schema({"min": number(0, nullable=nullable_min), "max": number(0, nullable=True), "damageFormula": text()})


ITEMS = {
    "skill": schema({**BASE, "psa": text(PSA), "isPsaForOwner": boolean(), "category": text(["main", "subskill"]),
                     "attributeKey": text(["dex", "str"]), "level": number(0, 6), "rollFormula": text(),
                     "weaponSkillKey": text(SKILL_KEYS), "subskillRefs": array(text()),
                     "mechanics": schema({"applyMeleeBonus": boolean(), "applyRangeBonus": boolean()}),
                     "xpCost": schema({"perLevel": array(number(0)), "nonPsaPerLevel": array(number(0))}),
                     "uses": schema({"value": number(0), "max": number(0), "per": text()})}),
    "weapon": schema({
        **BASE, "carryState": text(CARRY), "quantity": number(0),
        "weaponType": text(["melee", "beam", "projectile", "gyrojet", "grenade"]),
        "attributeKey": text(["dex", "str"]), "requiredSkillRef": text(), "weaponSkillKey": text(SKILL_KEYS),
        "activeModeKey": text(), "damageFormula": text(),
        "damageType": text(["", "albedo", "gaussAS", "sonic", "sonicAS", "inertia", "reactionSpeed", "stamina", "ir"]),
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
                                     "ability": text(["", "sta", "rs", "dex", "str", "int", "log", "per", "ldr", "im"]),
                                     "comparison": text(["currentOrLess"]), "onSuccessEffect": text(),
                                     "failNote": text()}),
                "defenseTypes": set_of(), "onHitEffectIds": array(text())})),
            "burst": schema({"available": boolean(), "dice": text(), "perAdditional": text(),
                             "maxTargets": number(0), "areaWidth": number(0)}),
            "accessories": array(schema({"key": text(), "effect": text()})),
            "defenseTypes": set_of()})}),
    "armor": schema({**BASE, "carryState": text(CARRY), "armorType": text(),
                     "reductions": array(schema({"damageType": text(), "mode": text(["", "half", "full", "flat"]),
                                                 "amount": number(0, nullable=True)})),
                     "cost": number(0), "mass": number(0, integer=False), "mechanics": schema({"tags": set_of()})}),
    # 0.2.7: `power` {source, capacityRef, seuRemaining} became `powerSourceRef`
    "screen": schema({**BASE, "carryState": text(CARRY), "mass": number(0, integer=False),
                      "screenType": text(["", "albedo", "inertia", "gauss", "sonic", "chameleon", "holo"]),
                      "defends": set_of(), "reduction": text(["", "half", "full", "absorbsN"]), "capacity": number(0),
                      "seuPerHit": number(0), "powerSourceRef": text(), "donTime": number(0), "active": boolean(),
                      "cost": number(0)}),
    "ammo": schema({**BASE, "carryState": text(CARRY), "quantity": number(0), "mass": number(0, integer=False),
                    "ammoType": text(["rounds", "seu"]), "shots": number(0), "cost": number(0)}),
    # 0.2.7: kit contents extended to {ref, name, quantity, remaining, consumeOnUse}
    "gear": schema({**BASE, "carryState": text(CARRY), "quantity": number(0), "mass": number(0, integer=False),
                    "cost": number(0), "isKit": boolean(),
                    "contents": array(schema({"ref": text(), "name": text(), "quantity": number(0),
                                              "remaining": number(0), "consumeOnUse": boolean()})),
                    "mechanics": schema({"tags": set_of()})}),
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
