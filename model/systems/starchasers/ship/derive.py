"""Starchasers starship COMPUTE rules: every derived value of a ship, each with how it was derived.

Works on any document that passed the schema. A value the player has not set (null) makes the values
that need it null too, never a guess. Out-of-range entries are used as entered and reported by check.
"""

from __future__ import annotations

from typing import Any

from ..tables import Tables, signed
from . import repair


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def hard_points(data: dict, t: Tables) -> dict:
    """SC-SHIP-07/08/09: base + added = total; each weapon's and equipment's share; used and free."""
    base = _int(data.get("hard_points"))
    added = _int(data.get("added_hard_points")) or 0
    total = (base or 0) + added
    shares = []
    for listname in ("weapons", "equipment"):
        for i, entry in enumerate(data.get(listname, [])):
            hp = _int(entry.get("hard_points"))
            shares.append({"pointer": f"/{listname}/{i}", "kind": listname[:-1] if listname == "weapons" else "equipment",
                           "name": entry.get("name", ""), "hard_points": hp,
                           "counted": hp if hp is not None and hp > 0 else 0})
    used = sum(s["counted"] for s in shares)
    place_shares(shares, total)
    return {
        "hard_points_base": base,
        "hard_points_added": added,
        "hard_points_total": total,
        "hard_points_used": used,
        "hard_points_free": total - used,
        "hard_points_shares": shares,
        "hard_points_derivation": [["base Hard Points", base or 0], ["added Hard Points", added]],
    }


def place_shares(shares: list[dict], total: int) -> None:
    """SC-SHIP-09: the shares fill the ship's hard points in document order; each gets where it ends (`end`),
    how many of its hard points lie past the limit (`past_limit`) and its status. The one place the overflow is
    decided: check points at the first share that ends past the limit, the meter and sheet draw `past_limit`."""
    start = 0
    for s in shares:
        end = start + s["counted"]
        s["end"] = end
        s["past_limit"] = end - max(start, total) if end > total and s["counted"] else 0
        hp = s["hard_points"]
        s["status"] = ("not set" if hp is None else "negative" if hp < 0 else
                       "past the limit" if s["past_limit"] else "fits")
        start = end


def passive_defense(data: dict, t: Tables) -> tuple[int | None, list]:
    """SC-SHIP-14 with AMB-SC-02: Armor + Maneuverability (signed), never below the pack's floor (0)."""
    armor, man = _int(data.get("armor")), _int(data.get("maneuverability"))
    if armor is None or man is None:
        return None, []
    how = [["Armor Rating", armor], ["Maneuverability", man]]
    value = armor + man
    floor = t.ship["passive_defense_floor"]
    if floor is not None and value < floor:
        how.append([f"never below {floor}", floor - value])
        value = floor
    return value, how


def pilot_pools(data: dict, pd: int | None, pilot: dict | None = None, who: str | None = None) -> dict:
    """SC-SHIP-15 (Dodge = Deftness + Piloting + Passive Defense) and SC-SHIP-27 (Initiative).
    `pilot` is the linked pilot's dice (crew.effective_pilot) when a character is linked; `who` names them."""
    pilot = (data.get("pilot") or {}) if pilot is None else pilot
    whose = f"{who}'s" if who else "pilot's"
    deft, pil, per = _int(pilot.get("deftness")), _int(pilot.get("piloting")), _int(pilot.get("perception"))
    out: dict = {"dodge": None, "dodge_derivation": [], "initiative": None, "initiative_derivation": []}
    if deft is not None and pil is not None and pd is not None:
        out["dodge"] = deft + pil + pd
        out["dodge_derivation"] = [[f"{whose} Deftness", deft], [f"{whose} Piloting", pil], ["Passive Defense", pd]]
    if per is not None and pil is not None:
        out["initiative"] = per + pil
        out["initiative_derivation"] = [[f"{whose} Perception", per], [f"{whose} Piloting", pil]]
    return out


def weapon_pool(weapon: dict, gunner: dict, t: Tables) -> dict:
    """SC-SWPN-08/09: the parts of a weapon's attack pool, and the fixed dice a sheet can print."""
    skill = t.canonical_weapon_skill(weapon.get("skill")) or weapon.get("skill") or ""
    rule = t.weapon_rule(weapon.get("skill"))
    attr = rule["attribute"]
    attr_label = t.attribute_label(attr)
    damage = _int(weapon.get("damage"))
    parts = [{"label": "Weapon Damage", "dice": damage, "note": "" if damage is not None else "not set"}]
    value = _int(gunner.get(attr))
    # SC-CHAR-26: the gunner's attribute joins the pool only when proficient in the weapon's skill
    proficient = bool(skill) and any(isinstance(p, str) and (t.canonical_weapon_skill(p) or p) == skill
                                     for p in gunner.get("proficient", []))
    if not gunner:
        parts.append({"label": f"{attr_label}, if proficient", "dice": None, "note": "no gunner entered"})
        fixed_attr = None
    elif not proficient:
        parts.append({"label": f"{attr_label}, if proficient", "dice": 0,
                      "note": f"the gunner is not proficient in {skill or 'this weapon skill'}"})
        fixed_attr = 0
    else:
        parts.append({"label": f"gunner's {attr_label} (proficient)", "dice": value,
                      "note": "" if value is not None else f"gunner's {attr_label} not entered"})
        fixed_attr = value
    # SC-SWPN-13 is not derived (GAP-SC-18): linked weapons sum their dice plus the gunner's Proficiency bonus,
    # whose amount the excerpts never give, so no link-group pool is offered
    bonus = [b for b in t.bands if (b.get("attacker") or 0) > 0]
    if rule["range_bonus"]:
        note = ", ".join(f"{signed(b['attacker'])} at {b['name']}" for b in bonus) or "none"
        parts.append({"label": "Range Bonus", "dice": None, "note": note})
    if rule["bonus_power"]:
        parts.append({"label": "Bonus Power", "dice": None, "note": "Engineering Power tokens spent on this shot"})
    pool = damage + fixed_attr if damage is not None and fixed_attr is not None else None
    rng = t.weapon_range(weapon.get("range"))
    fixed = [f"Damage {damage}" if damage is not None else "Damage ?"]
    if fixed_attr is None:
        fixed.append(f"{attr_label} if proficient")
    elif fixed_attr:
        fixed.append(f"{attr_label} {fixed_attr}")
    extra = [x for x, on in (("range bonus", rule["range_bonus"]), ("bonus power", rule["bonus_power"])) if on]
    text = (f"{pool} dice" + (f" ({' + '.join(fixed)})" if len(fixed) > 1 else "")) if pool is not None \
        else " + ".join(fixed)
    text += "; + " + " + ".join(extra) if extra else ""
    return {"name": weapon.get("name", ""), "skill": skill, "attribute": attr, "proficient": proficient,
            "range_value": rng, "range_label": t.range_label(rng), "overreach": overreach(rng, t),
            "pool_parts": parts, "pool": pool, "pool_text": text,
            "range_bonus": rule["range_bonus"], "bonus_power": rule["bonus_power"]}


def overreach(rng: int | None, t: Tables) -> dict | None:
    """SC-SWPN-07: the band just beyond a weapon's range, where it may still fire and the defender rolls extra
    dice (the pack's weapon_range_overreach); None when the range is unknown or nothing attackable lies beyond."""
    rule = t.pack.get("weapon_range_overreach") or {}
    if rng is None or not rule.get("max_bands_beyond"):
        return None
    inside = [i for i, b in enumerate(t.bands) if b["weapon_range"] is not None and b["weapon_range"] <= rng]
    beyond = t.bands[inside[-1] + 1] if inside and inside[-1] + 1 < len(t.bands) else None
    if beyond is None or beyond["attacker"] is None:
        return None
    bonus = rule.get("one_band_defender_bonus", 0)
    return {"band": beyond["name"], "defender_bonus": bonus,
            "text": f"{beyond['name']}: may fire, defender +{bonus} {'die' if bonus == 1 else 'dice'}"}


# SC-SHIP-20 is not derived (GAP-SC-19): temporary Hull Points after a sealed breach need the ship's hull
# section count, which no stock ship in the excerpts states (nor how 20% rounds)
def maneuvers(data: dict, t: Tables) -> list[dict]:
    """SC-SHIP-22: the highest speed for each basic maneuver from the ship's Speed."""
    speed = _int(data.get("speed"))
    if speed is None:
        return []
    return [{"name": m["name"], "max_speed": max(0, speed - m["below_max_speed"])} for m in t.ship["maneuvers"]]


def inside_comms(size: int | None, t: Tables) -> dict | None:
    """SC-SHIP-21: talking inside the ship is a Free Action, but a Comms Standard Action on ships larger than a
    Light Freighter (the pack's Size Category threshold); None until the size is set or if the pack has no rule."""
    rule = t.ship.get("inside_comms")
    if size is None or not rule:
        return None
    standard = size >= rule["standard_action_from_size"]
    action = rule["standard"] if standard else rule["free"]
    edge = rule["standard_action_from_size"]
    return {"action": action, "standard": standard,
            "how": f"Size {size} ({'at least' if standard else 'below'} {edge}): talking inside the ship is a "
                   f"{action}"}


UNSET_KEYS = ("size", "speed", "armor", "maneuverability", "hull_points", "structure_points", "system_durability",
              "power_generation", "shield_rating", "hard_points", "cargo_tons")


def derive(data: dict, t: Tables, crew: list[dict] | None = None) -> dict:
    """`crew` is crew.resolve()'s list: a linked pilot/gunner replaces the dice entered on the ship."""
    from . import crew as crew_links
    crew = crew or []
    out = hard_points(data, t)
    pd, how = passive_defense(data, t)
    out["passive_defense"] = pd
    out["passive_defense_derivation"] = how
    pilot, pilot_name = crew_links.effective_pilot(data, crew)
    out.update(pilot_pools(data, pd, pilot, pilot_name))
    out["pilot_name"] = pilot_name or (data.get("pilot") or {}).get("name") or None
    out["pilot_linked"] = pilot_name is not None
    out["structure_points_expected"] = t.structure_for(data.get("role"))
    size_number = _int(data.get("size"))
    size = t.sizes.get(size_number) if size_number is not None else None
    out["size_example"] = size["example"] if size else None
    out["size_maneuverability"] = size["maneuverability"] if size else None
    out["maneuvers"] = maneuvers(data, t)
    out["inside_comms"] = inside_comms(_int(data.get("size")), t)
    gunner, gunner_name = crew_links.effective_gunner(data, crew)
    out["gunner_name"] = gunner_name or (data.get("gunner") or {}).get("name") or None
    out["gunner_linked"] = gunner_name is not None
    out["weapons"] = [weapon_pool(w, gunner, t) for w in data.get("weapons", [])]
    out["crew"] = crew_links.public(crew, pd)
    out["unset"] = [k for k in UNSET_KEYS if data.get(k) is None]
    out.update(repair.derive(data, t))   # SC-REP: damage carried over, each repair's cost and time, the total
    return out
