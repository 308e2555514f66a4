"""Starchasers starship ENFORCE rules: each check returns Issues with the RULES.md id and the pointer at fault.

A rule violation never blocks the player: out-of-range values stay in the document and are reported here.
"""

from __future__ import annotations

from typing import Any

from ....issues import ERROR, INFO, WARNING, Issue
from ..tables import Tables, signed


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _fmt(value: Any, signed_: bool) -> str:
    return signed(value) if signed_ and isinstance(value, int) else str(value)


def _range_text(lo: Any, hi: Any, signed_: bool) -> str:
    if lo is not None and hi is not None:
        return f"from {_fmt(lo, signed_)} to {_fmt(hi, signed_)}"
    return f"at least {_fmt(lo, signed_)}" if lo is not None else f"at most {_fmt(hi, signed_)}"


def check_range(ptr: str, label: str, value: Any, lo: Any, hi: Any, rule: str, signed_: bool = False) -> list[Issue]:
    if value is None or isinstance(value, bool):
        return []
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        return [Issue(ptr, rule, ERROR, f"{label} is {_fmt(value, signed_)}; it must be "
                                         f"{_range_text(lo, hi, signed_)}.")]
    return []


def check_attributes(data: dict, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    # Ranges from the pack's attribute tables, each entry naming its rule: among them SC-SHIP-04 (Maneuverability
    # -3 to +3), SC-SHIP-06 (Power Generation 0-5), SC-SHIP-16 (Atmospheric Maneuverability -3 to +3) and
    # SC-SHIP-17 (Communications and Sensor Range are range bands)
    for key, a in t.attributes.items():
        value = data.get(key)
        ptr = f"/{key}"
        if value is None:
            if key == "added_hard_points":
                continue
            out.append(Issue(ptr, a["rule"], WARNING, f"{a['label']}: not set yet; enter the ship's value."))
            continue
        if a.get("upgradeable") and _int(value) is not None and a["max"] is not None and value > a["max"]:
            # SC-SHIP-01 (Armor) / SC-SHIP-19 (Shield Rating): stock ships stop at the pack's max, but both "can
            # be upgraded" and the upgrade cap is not given (GAP-SC-12): above it is a warning, not an error
            out.append(Issue(ptr, a["rule"], WARNING,
                             f"{a['label']} is {value}: stock ships stop at {a['max']}, so this is an upgraded "
                             f"ship; the rules give no upgrade limit, so check it with your group."))
            continue
        out += check_range(ptr, a["label"], value, a["min"], a["max"], a["rule"], a.get("signed", False))
    for key, a in t.optional.items():
        value = data.get(key)
        if value is None or value == "":
            continue
        ptr = f"/{key}"
        if a["kind"] == "band":
            if not t.band(value):
                out.append(Issue(ptr, a["rule"], ERROR, f'{a["label"]} "{value}" is not a range band; '
                                                        f'choose one of {", ".join(t.band_names)}.'))
        else:
            out += check_range(ptr, a["label"], value, a.get("min"), a.get("max"), a["rule"], a.get("signed", False))
    return out


def check_role_and_structure(data: dict, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    role = data.get("role", "")
    expected = d["structure_points_expected"]
    if expected is None:
        out.append(Issue("/role", "SC-SHIP-12", ERROR,
                         f'"{role}" is not a ship role; choose one of {", ".join(t.roles)} '
                         f"(it decides the Structure Points)."))
        return out
    sp = _int(data.get("structure_points"))
    if sp is not None and sp != expected:
        out.append(Issue("/structure_points", "SC-SHIP-12", ERROR,
                         f"{t.roles[role]['label']}s have {expected} Structure "
                         f"Point{'s' if expected != 1 else ''}; this ship has {sp}."))
    speed = _int(data.get("speed"))
    limit = t.ship["player_speed_warning_below"]
    if role == "player" and speed is not None and 1 <= speed < limit:
        out.append(Issue("/speed", "SC-SHIP-11", WARNING,
                         f"Speed {speed} is slow for a player ship; few have a Speed below {limit}."))
    return out


def check_durability(data: dict, d: dict, t: Tables) -> list[Issue]:
    sd = _int(data.get("system_durability"))
    stock = t.ship["stock_system_durability"]
    preset = t.ship_type(data.get("preset"))
    if sd is not None and sd < stock and not (preset and preset.get("military")):
        return [Issue("/system_durability", "SC-SHIP-13", INFO,
                      f"Stock ships have a System Durability of {stock}; this ship has {sd}.")]
    if sd is None and preset and preset.get("military"):
        return [Issue("/system_durability", "SC-SHIP-13", WARNING,
                      f"A {preset['name'].lower()} is a military ship: its System Durability is more than the "
                      f"stock {stock}, but the rules give no number. Enter the ship's value.")]
    return []


def check_size(data: dict, d: dict, t: Tables) -> list[Issue]:
    """AMB-SC-08: the size table's maneuverability is only a default; a different value is noted, not refused."""
    man = _int(data.get("maneuverability"))
    default = d["size_maneuverability"]
    lo, hi = t.attributes["maneuverability"]["min"], t.attributes["maneuverability"]["max"]
    if man is None or default is None or man == default or not lo <= man <= hi:
        return []
    return [Issue("/maneuverability", "SC-SHIP-10", INFO,
                  f"Size {data.get('size')} ships ({d['size_example']}) usually have Maneuverability "
                  f"{signed(default)}; this ship has {signed(man)}.")]


def check_hard_points(data: dict, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    base = d["hard_points_base"]
    added = _int(data.get("added_hard_points"))
    stock = t.ship["stock_hard_points"]
    if base is not None and 0 <= base < stock["min"]:
        out.append(Issue("/hard_points", "SC-SHIP-07", INFO,
                         f"{base} base Hard Point{'s' if base != 1 else ''}: below the {stock['min']}-{stock['max']} of "
                         f"customisable hulls, as for fighters and yachts."))
    factor = t.ship["added_hard_points_factor"]
    if added is not None and added > 0:
        cap = int((base or 0) * factor)
        if added > cap:
            started = f"({cap})" if base is not None else "(its base Hard Points are not set)"
            out.append(Issue("/added_hard_points", "SC-SHIP-08", ERROR,
                             f"{added} Hard Points added, but a ship may add at most as many as it started with "
                             f"{started}."))
    for s in d["hard_points_shares"]:
        hp = s["hard_points"]
        what = f"{s['kind'].capitalize()} \"{s['name']}\"" if s["name"] else s["kind"].capitalize()
        if hp is None:
            out.append(Issue(s["pointer"] + "/hard_points", "SC-SHIP-09", WARNING,
                             f"{what}: the hard points it requires are not set yet."))
        elif hp < 0:
            out.append(Issue(s["pointer"] + "/hard_points", "SC-SHIP-09", ERROR,
                             f"{what} uses {hp} hard points; hard points required cannot be negative."))
    total, used = d["hard_points_total"], d["hard_points_used"]
    if used > total:
        # the first share that ends past the limit (ship_derive.place_shares); with nothing installed, a
        # negative total is the base's (or the added) fault: point at the last entry
        shares = d["hard_points_shares"]
        at = next((s["pointer"] for s in shares if s["end"] > total), shares[-1]["pointer"] if shares else "")
        out.append(Issue(at + "/hard_points", "SC-SHIP-09", ERROR,
                         f"Weapons and equipment need {used} hard points; the ship has {total} "
                         f"({d['hard_points_base'] or 0} base + {d['hard_points_added']} added). "
                         f"Free {used - total} or add hard points."))
    return out


def check_weapon(w: dict, ptr: str, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    name = w.get("name", "")
    who = f'Weapon "{name}"' if name else "This weapon"
    if not str(name).strip():
        out.append(Issue(ptr + "/name", "SC-SWPN-01", WARNING, "This weapon has no name yet."))
    skill = w.get("skill")
    skills = ", ".join(t.weapon_skills)
    if not skill:
        out.append(Issue(ptr + "/skill", "SC-SWPN-02", WARNING, f"{who}: choose its weapon skill ({skills} or an exotic type)."))
    elif not t.canonical_weapon_skill(skill):
        out.append(Issue(ptr + "/skill", "SC-SWPN-02", INFO,
                         f'{who} uses "{skill}", an exotic weapon skill; its attack pool follows the generic formula.'))
    arc = w.get("arc")
    if not arc:
        out.append(Issue(ptr + "/arc", "SC-SWPN-03", WARNING, f"{who}: choose its firing arc."))
    elif not t.canonical_arc(arc):
        out.append(Issue(ptr + "/arc", "SC-SWPN-03", ERROR,
                         f'{who}: "{arc}" is not a firing arc; choose one of {", ".join(t.arcs)}.'))
    dt = w.get("damage_type")
    if not dt:
        out.append(Issue(ptr + "/damage_type", "SC-SWPN-04", WARNING,
                         f"{who}: choose its damage type ({' or '.join(t.damage_types)})."))
    elif not t.canonical_damage_type(dt):
        out.append(Issue(ptr + "/damage_type", "SC-SWPN-04", ERROR,
                         f'{who}: "{dt}" is not a damage type; choose {" or ".join(t.damage_types)}.'))
    dmg = w.get("damage")
    if dmg is None:
        out.append(Issue(ptr + "/damage", "SC-SWPN-05", WARNING, f"{who}: its damage dice are not set yet."))
    elif dmg < 0:
        out.append(Issue(ptr + "/damage", "SC-SWPN-05", ERROR, f"{who} adds {dmg} damage dice; it cannot be negative."))
    rng = w.get("range")
    if rng is None:
        out.append(Issue(ptr + "/range", "SC-SWPN-06", WARNING, f"{who}: its range is not set yet."))
    elif t.weapon_range(rng) is None:
        out.append(Issue(ptr + "/range", "SC-SWPN-06", ERROR,
                         f'{who}: range "{rng}" is not on the range table; use {", ".join(t.range_choices())}.'))
    cost = w.get("cost")
    if isinstance(cost, (int, float)) and cost < 0:
        out.append(Issue(ptr + "/cost", "SC-SWPN-16", ERROR, f"{who} costs {cost}; a cost cannot be negative."))
    return out


def check_weapons(data: dict, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    for i, w in enumerate(data.get("weapons", [])):
        out += check_weapon(w, f"/weapons/{i}", t)
    for i, e in enumerate(data.get("equipment", [])):
        if not str(e.get("name", "")).strip():
            out.append(Issue(f"/equipment/{i}/name", "SC-SHIP-09", WARNING, "This equipment has no name yet."))
        cost = e.get("cost")
        if isinstance(cost, (int, float)) and cost < 0:
            out.append(Issue(f"/equipment/{i}/cost", "SC-SWPN-16", ERROR, "A cost cannot be negative."))
    return out


def check_crew(data: dict, d: dict, t: Tables) -> list[Issue]:
    """The pilot's and gunner's dice entered on the ship follow the character ranges (SC-CHAR-02/03)."""
    out: list[Issue] = []
    ar, sr = t.char["attribute_range"], t.char["skill_range"]
    pilot = data.get("pilot") or {}
    for key, label, rng, rule in (("deftness", "Deftness", ar, "SC-CHAR-02"), ("perception", "Perception", ar, "SC-CHAR-02"),
                                  ("piloting", "Piloting", sr, "SC-CHAR-03")):
        out += check_range(f"/pilot/{key}", f"The pilot's {label}", pilot.get(key), rng["min"], rng["max"], rule)
    gunner = data.get("gunner") or {}
    for key, label in (("deftness", "Deftness"), ("intelligence", "Intelligence")):
        out += check_range(f"/gunner/{key}", f"The gunner's {label}", gunner.get(key), ar["min"], ar["max"], "SC-CHAR-02")
    return out


def check(data: dict, derived: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    for fn in (check_attributes, check_role_and_structure, check_durability, check_size, check_hard_points,
               check_weapons, check_crew):
        out += fn(data, derived, t)
    if not str(data.get("name", "")).strip():
        out.append(Issue("/name", "NAME", WARNING, "The ship has no name yet."))
    return out
