"""Checks of a Foundry actor made from a Star Frontiers character: against the system's data model at 0.2.8
(foundry_schema.py), against the links the system follows (a weapon's `ammo.clipItem`, a power source's
`linkedWeaponRefs` / `linkedScreenRefs`, a screen's `powerSourceRef`, the worn suit and screen, a gear item's
`requiredSkillRef`), and against the rules, worked out here from the document and the rules pack alone
(not from Result.derived): final abilities, Stamina, PSA level, credits and ammunition."""

from __future__ import annotations

from jsonschema import Draft202012Validator

from tests.model.exporters.foundry_schema import ACTOR

VALIDATOR = Draft202012Validator(ACTOR)
PAIRS = {"str_sta": ("str", "sta"), "dex_rs": ("dex", "rs"), "int_log": ("int", "log"), "per_ldr": ("per", "ldr")}


def schema_problems(actor: dict) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(actor)]


def link_problems(actor: dict) -> list[str]:
    items = {i["_id"]: i for i in actor["items"]}
    out = []
    if len(items) != len(actor["items"]):
        out.append("two items share an id")
    for i in actor["items"]:
        s, name = i["system"], i["name"]
        if i["type"] == "weapon" and s["ammo"]["clipItem"]:
            src = items.get(s["ammo"]["clipItem"])
            if src is None:
                out.append(f"{name}: clipItem names no item of the actor")
            elif src["type"] == "powerSource":
                if s["ammo"]["uses"] != "seu" or i["_id"] not in src["system"]["linkedWeaponRefs"]:
                    out.append(f"{name}: loaded with {src['name']}, which does not link it back")
                if s["ammo"]["capacity"] != src["system"]["capacity"]:
                    out.append(f"{name}: capacity differs from its power source's")
                if s["ammo"]["capacity"] - s["ammo"]["consumed"] != src["system"]["remaining"]:
                    out.append(f"{name}: consumed does not match its power source's remaining")
            elif src["type"] == "ammo":
                if src["system"]["ammoType"] != s["ammo"]["uses"] or src["system"]["shots"] != s["ammo"]["capacity"]:
                    out.append(f"{name}: linked to {src['name']} of another kind or capacity")
            else:
                out.append(f"{name}: clipItem is a {src['type']}")
        if i["type"] == "weapon" and not 0 <= s["ammo"]["consumed"] <= s["ammo"]["capacity"]:
            out.append(f"{name}: consumed {s['ammo']['consumed']} is outside 0..capacity (the system clamps it)")
        if i["type"] == "powerSource":
            if s["remaining"] > s["capacity"]:
                out.append(f"{name}: more remaining than its capacity")
            for ref in s["linkedWeaponRefs"]:
                if items.get(ref, {}).get("system", {}).get("ammo", {}).get("clipItem") != i["_id"]:
                    out.append(f"{name}: linked to a weapon not loaded with it")
            for ref in s["linkedScreenRefs"]:
                if items.get(ref, {}).get("system", {}).get("powerSourceRef") != i["_id"]:
                    out.append(f"{name}: linked to a screen not powered by it")
            if len(s["linkedWeaponRefs"]) > s["ports"]["weapon"] or len(s["linkedScreenRefs"]) > s["ports"]["screen"]:
                out.append(f"{name}: more links than ports")
        if i["type"] == "screen" and s["powerSourceRef"] and items.get(s["powerSourceRef"], {}).get("type") != "powerSource":
            out.append(f"{name}: powerSourceRef is not a power source")
        if i["type"] == "gear" and s["requiredSkillRef"] and items.get(s["requiredSkillRef"], {}).get("type") != "skill":
            out.append(f"{name}: requiredSkillRef is not a skill")
    for slot, kind in (("suit", "armor"), ("screen", "screen")):
        ref = actor["system"]["defenses"][slot]
        if ref and items.get(ref, {}).get("type") != kind:
            out.append(f"defenses.{slot} is not an owned {kind}")
    return out


def _pack_items(pack: dict) -> dict:
    return {i["name"]: i for i in pack["items"]}


def expected_abilities(data: dict, pack: dict) -> dict:
    race = next((r for r in pack["races"] if r["name"] == data.get("race")), None)
    out = {}
    for pair, (a, b) in PAIRS.items():
        base = (data.get("base") or {}).get(pair)
        if base is None or race is None:
            continue
        shift = (data.get("shifts") or {}).get(pair) or 0
        for key, sign in ((a, 1), (b, -1)):
            v = base + race["modifiers"][pair] + sign * shift
            if data.get("human_bonus") == key:
                v += race["single_ability_bonus"]
            out[key] = v
    return out


def expected_credits(data: dict, pack: dict) -> int:
    items = _pack_items(pack)
    spent = 0
    for e in data.get("equipment", []):
        if e.get("issued"):
            continue
        item = items.get(e["name"]) if not e.get("custom") else None
        price = item["cost"] if item and item.get("cost") is not None else e.get("price", 0)
        spent += (price or 0) * e.get("count", 1)
    return data.get("credits", 0) - spent


def expected_psa_level(data: dict, pack: dict) -> int:
    return max(r["level"] for r in pack["psa"]["levels"] if r["adventures"] <= data.get("adventures", 0))


def expected_ammunition(data: dict, pack: dict) -> dict[str, int]:
    """Per kind of ammunition carried: clips x capacity less what the weapons that use it fired (in the
    clip's unit: rounds, or charges = charges a shot x shots)."""
    items = _pack_items(pack)
    clips: dict[str, int] = {}
    for e in data.get("equipment", []):
        item = items.get(e["name"])
        if item and item.get("ammunition") and not e.get("custom"):
            clips[e["name"]] = clips.get(e["name"], 0) + e.get("count", 1)
    fired: dict[str, int] = {}
    owned = {e["name"] for e in data.get("equipment", []) if not e.get("custom")}
    for name, shots in ((data.get("play") or {}).get("shots") or {}).items():
        w = items.get(name, {}).get("weapon")
        if w and name in owned and w["ammo"] in clips:
            fired[w["ammo"]] = fired.get(w["ammo"], 0) + shots * w["per_shot"]
    return {k: max(0, n * items[k]["ammunition"]["capacity"] - fired.get(k, 0)) for k, n in clips.items()}


def foundry_ammunition(actor: dict) -> dict[str, int]:
    """Per kind, what the actor holds as the system counts it: each rounds weapon's loaded clip (capacity -
    consumed, of the ammo item it links), each power source's remaining, and the spares' quantity x shots."""
    items = {i["_id"]: i for i in actor["items"]}
    out: dict[str, int] = {}
    for i in actor["items"]:
        s = i["system"]
        if i["type"] == "powerSource":
            out[i["name"]] = out.get(i["name"], 0) + s["remaining"] * max(s["quantity"], 1)
        elif i["type"] == "ammo":
            out[i["name"]] = out.get(i["name"], 0) + s["quantity"] * s["shots"]
        elif i["type"] == "weapon" and s["ammo"]["clipItem"]:
            src = items[s["ammo"]["clipItem"]]
            if src["type"] == "ammo":
                out[src["name"]] = out.get(src["name"], 0) + s["ammo"]["capacity"] - s["ammo"]["consumed"]
    return out


def rule_problems(data: dict, pack: dict, actor: dict) -> list[str]:
    out = []
    system = actor["system"]
    abilities = expected_abilities(data, pack)
    for key, v in abilities.items():
        if system["abilities"][key]["value"] != min(max(v, 1), 100):
            out.append(f"{key}: {system['abilities'][key]['value']}, the rules give {v}")
    if "sta" in abilities:
        lost = ((data.get("play") or {}).get("stamina_lost")) or 0
        want = {"value": max(0, abilities["sta"] - lost), "max": abilities["sta"], "temp": 0}
        if system["stamina"] != want:
            out.append(f"stamina {system['stamina']}, the rules give {want}")
    psa = next((s for s in pack["psa"]["skills"] if s["name"].casefold() == str(data.get("psa")).casefold()), None)
    skills = [i for i in actor["items"] if i["type"] == "skill" and i["system"]["isPsaForOwner"]]
    if psa:
        if system["psa"] != psa["name"].lower():
            out.append(f"psa {system['psa']}")
        if [s["system"]["level"] for s in skills] != [expected_psa_level(data, pack)]:
            out.append(f"PSA level {[s['system']['level'] for s in skills]}, the rules give "
                       f"{expected_psa_level(data, pack)}")
    if psa:
        bonus = (pack["psa"]["bonus_per_level"] * expected_psa_level(data, pack)) if psa["name"] == "Military" else 0
        if system["combatProfile"]["rangedBonus"] != bonus or system["combatProfile"]["meleeBonus"] != bonus:
            out.append(f"to-hit bonus {system['combatProfile']}, the rules give {bonus}")
    if system["credits"] != max(0, expected_credits(data, pack)):
        out.append(f"credits {system['credits']}, the rules give {expected_credits(data, pack)}")
    held = foundry_ammunition(actor)
    for kind, total in expected_ammunition(data, pack).items():
        if held.get(kind, 0) != total:
            out.append(f"{kind}: {held.get(kind, 0)} in Foundry, the rules give {total}")
    items = _pack_items(pack)
    for i in actor["items"]:
        pw = items.get(i["name"], {}).get("weapon")
        if i["type"] != "weapon" or not pw:
            continue
        ammo = items.get(pw["ammo"] or "", {}).get("ammunition")
        want = ("seu" if (ammo or {}).get("unit") == "charges" or (ammo is None and pw["type"] == "energy")
                else "rounds" if ammo else "none")
        if i["system"]["ammo"]["uses"] != want:
            out.append(f"{i['name']}: ammo uses {i['system']['ammo']['uses']}, the weapon takes {want}")
        if want == "seu" and i["system"]["ammo"]["seuPerShot"] != pw["per_shot"]:
            out.append(f"{i['name']}: {i['system']['ammo']['seuPerShot']} SEU a shot, the rules give {pw['per_shot']}")
    return out
