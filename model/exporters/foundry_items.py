"""The items of a Foundry VTT Star Frontiers actor (finderski/star-frontiers, data schema 0.2.8), one per
equipment entry (model/exporters/foundry_starfrontiers.py writes the actor around them).

Each entry becomes an item of the system's type for it: weapon (grenades too), armor, screen, gear (kits
with their contents named), and for ammunition the system's own links (foundry_ammo.py decides where each
round or charge is): a rounds weapon's `ammo.clipItem` names its kind's ammo stack, the spare clips; an SEU
weapon or a screen is linked both ways to a loaded power source, and spare powerpacks are an SEU ammo stack.
Every item made from an entry carries `flags.starwright` (possibly empty) with the entry's marks the system
has no field for. Values come from the document, the rules pack and `Result.derived` only.
"""

from __future__ import annotations

import re

from ..foundry_vtt import ITEM_IMG, PORTS, SCREEN_TYPES, WEAPON_TYPES, doc_id as _id, text_to_html as to_html
from .foundry_ammo import allocate
from .report import CONVERTED, DEFAULTED, NO_PLACE, ExportReport

DICE = re.compile(r"\d+d\d+(?:\s*[+-]\s*\d+)?")
SEU = "charges"      # the rules pack's unit of a powerpack; everything else is counted in rounds


def make_item(item_id: str, name: str, kind: str, system: dict, sort: int, flags: dict | None = None) -> dict:
    """An item; one made from an equipment entry carries `flags.starwright` (possibly empty), so an import
    can tell it from an item added in Foundry."""
    return {"_id": item_id, "name": name, "type": kind, "img": ITEM_IMG, "system": system,
            "effects": [], "flags": {"starwright": flags} if flags is not None else {}, "sort": sort}


def base_system(description: str = "") -> dict:
    return {"key": "", "description": to_html(description)}


def _carry(row: dict, worn: str = "carried") -> str:
    return worn if row["carried"] else "stored"


def _row_flags(row: dict, entry: dict) -> dict:
    """The entry's marks the system has no field for."""
    out = {}
    if row.get("issued"):
        out["issued"] = True
    for key in ("price", "mass"):      # a value the player entered (the rulebook states none)
        if key in entry:
            out[key] = entry[key]
    if entry.get("note"):
        out["note"] = entry["note"]
    if entry.get("custom"):
        out["custom"] = True
    return out


def _gear_system(row: dict, contents: list[dict] | None, description: str, skill_ref: str) -> dict:
    return {**base_system(description), "carryState": _carry(row), "quantity": row["count"],
            "mass": row["mass"] or 0, "cost": row["price"] or 0, "requiredSkillRef": skill_ref,
            "isKit": bool(contents), "contents": contents or [], "mechanics": {"tags": []}}


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


def game_state(data: dict) -> dict:
    """The game in progress (the Play view's `play` part): stamina lost, shots fired and grenades thrown."""
    play = play if isinstance(play := data.get("play"), dict) else {}

    def count(v) -> int:
        return v if isinstance(v, int) and not isinstance(v, bool) and v > 0 else 0

    def counts(key: str) -> dict:
        part = part if isinstance(part := play.get(key), dict) else {}
        return {k: count(v) for k, v in part.items() if count(v)}
    return {"stamina_lost": count(play.get("stamina_lost")), "shots": counts("shots"), "grenades": counts("grenades")}


def ammo_kind(pw: dict, pack_items: dict) -> tuple[str, int]:
    """A weapon's ammunition as the system counts it, from the weapon itself (SF-WPN-03, SF-WPN-04,
    SF-WPN-05, SF-WPN-06): ("seu", charges a shot), ("rounds", rounds a shot) or ("none", 0)."""
    ammo = pw.get("ammo")
    per = pw.get("per_shot") or 0
    if ammo == "grenade" or not per:
        return "none", 0
    unit = (pack_items.get(ammo, {}).get("ammunition") or {}).get("unit") if ammo else None
    if unit == SEU or (unit is None and pw.get("type") == "energy"):
        return "seu", per
    if unit is None:
        return "none", 0
    return "rounds", per


def _weapon_system(row: dict, w: dict, pi: dict, report: ExportReport, where: str, thrown: int) -> dict:
    pw = pi.get("weapon", {})
    grenade = w.get("grenade", False)
    kind = "grenade" if grenade else WEAPON_TYPES.get(w.get("type", ""), "beam")
    if not grenade and w.get("range"):
        report.add(NO_PLACE, where, f"range \"{w['range']}\": the system keeps range bands in metres, which "
                                    "the rules pack does not give; set them in Foundry", "system.rangeBands")
    band = {"min": 0, "max": None, "damageFormula": ""}
    return {**base_system(pi.get("notes", "")),
            "carryState": _carry(row, "ready"),
            "quantity": max(0, row["count"] - thrown) if grenade else row["count"],
            "weaponType": kind, "attributeKey": "str" if kind == "melee" else "dex", "requiredSkillRef": "",
            "weaponSkillKey": "thrown" if grenade else kind, "activeModeKey": "",
            "damageFormula": _damage(w.get("damage", ""), where, "system.damageFormula", report),
            "damageType": "",
            "rangeBands": {"pointBlank": {**band, "min": None}, "short": dict(band), "medium": dict(band),
                           "long": dict(band), "extreme": dict(band)},
            "ammo": {"uses": "none", "capacity": 0, "consumed": 0, "clipItem": "", "seuPerShot": 0,
                     "variableSetting": {"min": 0, "max": 0, "current": 0}},
            "cost": row["price"] or 0, "mass": row["mass"] or 0, "twoHanded": False,
            "mechanics": {"tags": [], "onHitEffectIds": [], "isHeavy": bool(w.get("artillery")),
                          "rateOfFire": 1, "modes": [],
                          "burst": {"available": bool(pw.get("burst")), "dice": "", "perAdditional": "",
                                    "maxTargets": 0, "areaWidth": 0},
                          "accessories": [], "defenseTypes": []}}


def _defense_system(row: dict, d: dict, pi: dict) -> tuple[str, dict]:
    absorbs = {"half": "half", "all": "full"}.get(d.get("absorbs", ""), "")
    base = {**base_system(pi.get("notes", "")), "carryState": _carry(row), "cost": row["price"] or 0}
    if d["kind"] == "armor":
        return "armor", {**base, "armorType": d.get("against", ""),
                         "reductions": [{"damageType": d.get("against", ""), "mode": absorbs, "amount": None}],
                         "mass": row["mass"] or 0, "mechanics": {"tags": []}}
    first = row["name"].split()[0].lower()
    return "screen", {**base, "mass": row["mass"] or 0, "screenType": first if first in SCREEN_TYPES else "",
                      "defends": [d.get("against", "")] if d.get("against") else [], "reduction": absorbs,
                      "capacity": d.get("charges") or 0, "seuPerHit": d.get("per_hit") or 0, "powerSourceRef": "",
                      "donTime": 5, "active": False}


class _Plan:
    """Every item's id decided before any is written, so weapons, screens and their clips can name each other."""

    def __init__(self, rows: list[dict]):
        self.rows = rows
        self.ids = [_id("item", n, r["name"]) for n, r in enumerate(rows)]


def _ammo_items(kind_name: str, a: dict, rows: list[tuple[int, dict]], plan: _Plan, consumers: list[dict],
                pack_items: dict, report: ExportReport, sort: int) -> list[dict]:
    """The items of one kind of ammunition, and the consumers' ammo blocks and power links filled in."""
    first_n, first_row = rows[0]
    capacity = a.get("capacity") or 0
    clips = a.get("count") or 0
    seu = a.get("unit") == SEU
    alloc = allocate(clips, capacity, [c["fired"] for c in consumers])
    spare_id = _id("ammo", kind_name, "spare")
    source_type = "beltpack" if any(c["kind"] == "screen" for c in consumers) else "powerclip"
    entry_flags = {"count": clips, **_row_flags(first_row, first_row.get("entry", {}))}
    out: list[dict] = []
    for c, loaded in zip(consumers, alloc.loaded, strict=True):
        system = c["system"]
        if seu and loaded is not None:
            src_id = _id("ammo", kind_name, "loaded", c["id"])
            links = {"linkedWeaponRefs": [c["id"]] if c["kind"] == "weapon" else [],
                     "linkedScreenRefs": [c["id"]] if c["kind"] == "screen" else [], "linkedVehicleRefs": []}
            out.append(make_item(src_id, kind_name, "powerSource", {
                **base_system(pack_items.get(kind_name, {}).get("notes", "")), "carryState": _carry(first_row),
                "quantity": 1, "sourceType": source_type, "capacity": capacity, "remaining": loaded,
                "ports": dict(PORTS[source_type]), **links, "rechargeable": False,
                "cost": first_row["price"] or 0, "mass": first_row["mass"] or 0},
                sort + len(out), {"loadedIn": c["name"], **entry_flags}))
            ref = src_id
        elif not seu and clips:
            ref = spare_id
        else:
            ref = ""
        if c["kind"] == "screen":
            system["powerSourceRef"] = ref if loaded is not None else ""
            continue
        system["ammo"].update({"clipItem": ref, "capacity": capacity,
                               "consumed": capacity - loaded if loaded is not None else capacity})
    if clips and (not seu or alloc.spares):
        out.append(make_item(spare_id, kind_name, "ammo", {
            **base_system(pack_items.get(kind_name, {}).get("notes", "")), "carryState": _carry(first_row),
            "quantity": alloc.spares, "mass": first_row["mass"] or 0, "ammoType": "seu" if seu else "rounds",
            "shots": capacity, "cost": first_row["price"] or 0}, sort + len(out), entry_flags))
    unit = "SEU" if seu else "rounds"
    fired = sum(c["fired"] for c in consumers)
    held = [f"{loaded} in the {c['name']}" for c, loaded in zip(consumers, alloc.loaded, strict=True)
            if loaded is not None]
    what = (f"{clips} carried x {capacity} {unit} = {clips * capacity}"
            + (f", {fired} {unit} used" if fired else "") + f": {alloc.total} {unit} left"
            + (f" ({', '.join(held)}; {alloc.spares} spare)" if held else f" ({alloc.spares} spare)"))
    report.add(CONVERTED, f"Equipment › {kind_name}", what + (" as power sources linked to what they feed, spares"
                                                               " as ammo" if seu else
                                                               ", the weapons' clip linked to the ammo item"),
               "items")
    if alloc.short:
        report.add(CONVERTED, f"Equipment › {kind_name}", f"{alloc.short} {unit} more were used than were carried; "
                                                          "written as empty", "system.ammo.consumed")
    if len(rows) > 1:
        report.add(CONVERTED, f"Equipment › {kind_name}", f"{len(rows)} entries written as one stack (the system "
                                                          "keeps one item per kind of clip)", "items")
    for n, row in rows:
        if not row["carried"] and n != first_n:
            report.add(CONVERTED, f"Equipment › {kind_name}", "an entry not carried was merged into the stack",
                       "system.carryState")
    return out


def equipment_items(data: dict, derived: dict, pack: dict, report: ExportReport, psa_id: str) -> tuple[list[dict], dict]:
    """Each equipment entry as one item of the system's type for it; (items, worn defences by kind). A game in
    progress is written as the items' state: what was fired out of the clips, grenades thrown off the quantity."""
    game = game_state(data)
    pack_items = {i["name"]: i for i in pack.get("items", [])}
    weapons = {w["name"]: w for w in derived.get("weapons", [])}
    weapons.update({g["name"]: {**g, "grenade": True} for g in derived.get("grenades", [])})
    defenses = {d["name"]: d for d in derived.get("defenses", [])}
    ammo = {a["name"]: a for a in derived.get("ammunition", [])}
    entries = data.get("equipment") or []
    rows = [{**r, "entry": entries[n] if n < len(entries) and isinstance(entries[n], dict) else {}}
            for n, r in enumerate(derived.get("equipment", []))]
    plan = _Plan(rows)
    psa = (derived.get("psa") or "").casefold()
    built: list[tuple[dict | None, dict]] = []     # (item, row) in order; ammunition rows filled in later
    consumers: dict[str, list[dict]] = {}
    used_names: set[str] = set()
    worn: dict = {}
    for n, row in enumerate(rows):
        name = row["name"] or f"Item {n + 1}"
        where = f"Equipment › {name}"
        pi = pack_items.get(name, {}) if row.get("known") and not row["entry"].get("custom") else {}
        flags = _row_flags(row, row["entry"])
        if row.get("issued"):
            report.add(CONVERTED, where, "issued, not bought: written with its price; the system has no 'issued' "
                                         "mark (kept in the item's Starwright flags)", "system.cost")
        if not row["carried"]:
            report.add(CONVERTED, where, "not carried: written as stored", "system.carryState")
        if row["category"] == "ammunition" and name in ammo:
            built.append((None, row))
            continue
        if row["category"] in ("weapon", "grenade") and name in weapons:
            w = weapons[name]
            first = name not in used_names
            used_names.add(name)
            thrown = game["grenades"].get(name, 0) if w.get("grenade") and first else 0
            system = _weapon_system(row, w, pi, report, where, thrown)
            item = make_item(plan.ids[n], name, "weapon", system, (n + 1) * 100000, flags)
            if thrown:
                item["flags"]["starwright"] = {**flags, "count": row["count"]}
                report.add(CONVERTED, where, f"the game in progress: {thrown} thrown, taken off the quantity",
                           "system.quantity")
            if not w.get("grenade"):
                _ammo_block(system, pi.get("weapon", {}), pack_items, report, where)
                if row["count"] > 1 and system["ammo"]["uses"] != "none":
                    report.add(CONVERTED, where, f"{row['count']} carried as one item of that quantity: the system "
                                                 "loads one clip into it; the others' clips are spares", "system.ammo")
                shots = game["shots"].get(name, 0) if first else 0
                if system["ammo"]["uses"] != "none" and pi.get("weapon", {}).get("ammo") in ammo:
                    per = pi["weapon"]["per_shot"]
                    consumers.setdefault(pi["weapon"]["ammo"], []).append(
                        {"id": plan.ids[n], "name": name, "kind": "weapon", "system": system, "fired": shots * per})
                    if shots:
                        unit = "SEU" if system["ammo"]["uses"] == "seu" else "rounds"
                        report.add(CONVERTED, where, f"the game in progress: {shots} shot{'s' if shots != 1 else ''}"
                                                     f" fired at {per} {unit} a shot = {shots * per} {unit} used",
                                   "system.ammo.consumed")
                elif shots:
                    report.add(NO_PLACE, where, f"the game in progress: {shots} fired, but it carries no ammunition "
                                                "for it", "system.ammo.consumed")
        elif name in defenses:
            kind, system = _defense_system(row, defenses[name], pi)
            if row["count"] > 1:        # the system's armour and screens have no quantity
                flags = {**flags, "count": row["count"]}
                report.add(NO_PLACE, where, f"{row['count']} carried: the system's {kind} items have no quantity, so "
                                            "one is written (the count kept in its Starwright flags)", "items")
            item = make_item(plan.ids[n], name, kind, system, (n + 1) * 100000, flags)
            if row["carried"]:
                worn.setdefault(kind, plan.ids[n])
            power = pi.get("defense", {}).get("power")
            if kind == "screen" and power in ammo:
                consumers.setdefault(power, []).append(
                    {"id": plan.ids[n], "name": name, "kind": "screen", "system": system, "fired": 0})
        else:
            contents = [{"ref": "", "name": inner, "quantity": 1, "remaining": 1, "consumeOnUse": False}
                        for inner in pi.get("includes", [])]
            needs = pi.get("psa_bonus_for") or pi.get("psa_only") or ""
            skill_ref = psa_id if needs and needs.casefold() == psa and psa_id else ""
            if needs:
                report.add(CONVERTED if skill_ref else NO_PLACE, where,
                           f"for the {needs} PSA: " + ("linked to the character's PSA skill" if skill_ref else
                                                       "the character has no such PSA skill to link"),
                           "system.requiredSkillRef")
            item = make_item(plan.ids[n], name, "gear", _gear_system(row, contents, pi.get("notes", ""), skill_ref),
                         (n + 1) * 100000, flags)
            if contents:
                report.add(CONVERTED, where, f"written as a kit holding {', '.join(pi['includes'])} (the kit's "
                                             "contents are names in the kit, not items of their own)", "system.contents")
            if not row.get("known"):
                report.add(CONVERTED, where, "not in the rules pack: written as gear", "")
        built.append((item, row))
    items: list[dict] = []
    done: set[str] = set()
    for n, (built_item, row) in enumerate(built):
        if built_item is not None:
            items.append(built_item)
            continue
        name = row["name"]
        if name in done:
            continue
        done.add(name)
        rows_of_kind = [(m, r) for m, (i, r) in enumerate(built) if i is None and r["name"] == name]
        items += _ammo_items(name, ammo[name], rows_of_kind, plan, consumers.get(name, []), pack_items, report,
                             (n + 1) * 100000)
    for name, group in consumers.items():     # weapons whose ammunition was bought by no entry (inside a kit)
        if name not in done:
            items += _ammo_items(name, ammo[name], [(0, {"name": name, "carried": True, "price": 0, "mass": 0,
                                                         "entry": {}})], plan, group, pack_items, report,
                                 (len(built) + 1) * 100000)
    return items, worn


def _ammo_block(system: dict, pw: dict, pack_items: dict, report: ExportReport, where: str) -> None:
    """The weapon's own ammunition: kind, charges a shot and the capacity of its clip, before any is loaded."""
    uses, per = ammo_kind(pw, pack_items)
    capacity = (pack_items.get(pw.get("ammo"), {}).get("ammunition") or {}).get("capacity") or 0
    system["ammo"].update({"uses": uses, "seuPerShot": per if uses == "seu" else 0,
                           "capacity": capacity if uses != "none" else 0,
                           "consumed": capacity if uses != "none" else 0})
    if uses == "seu" and not pw.get("ammo"):
        report.add(DEFAULTED, where, f"{per} SEU a shot, but the rules state no supply for it (GAP-SF-05): written "
                                     "with no power source and an empty capacity; link one in Foundry",
                   "system.ammo.clipItem")
    elif uses == "rounds" and per > 1:
        report.add(NO_PLACE, where, f"{per} rounds a shot: the system takes 1 round an attack, so count the other "
                                    f"{per - 1} by hand", "system.ammo")
    elif uses == "none" and pw.get("ammo") == "grenade":
        report.add(NO_PLACE, where, "fires grenades, which are items of their own in the system: the weapon is "
                                    "written with no ammunition of its own", "system.ammo.uses")
