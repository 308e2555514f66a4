"""Stargrave COMPUTE rules: every derived value of a crew, each with how it was derived.

Works on any document that passed the schema; unknown names (a power or soldier type the pack lacks)
are skipped here and reported by check.
"""

from __future__ import annotations

from .equipment import carried_items, carried_status, slot_use
from .soldier_gear import trade, trade_words, traded_gear
from .tables import KEYS, ROLES, Tables

__all__ = ["carried_items", "slot_use", "derive", "derive_officer", "valid_choices", "format_profile_value"]


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def valid_choices(officer: dict, background: dict | None) -> list[str]:
    """The background's "+1 to N of" picks that count: distinct, allowed, at most N (SG-BG-04, AMB-SG-05)."""
    if not background:
        return []
    out: list[str] = []
    for c in officer.get("choices", []):
        if c in background["choose_from"] and c not in out and len(out) < background["choose"]:
            out.append(c)
    return out


def derive_officer(officer: dict, role: str, t: Tables) -> dict:
    fig = t.figures[role]
    bg_name = t.canonical_background(officer.get("background"))
    bg = t.backgrounds.get(bg_name) if bg_name else None
    # SG-CAPT-01, SG-FM-01: every Captain (First Mate) starts from the pack's one base profile;
    # SG-BG-03: all the background's fixed adjustments apply; SG-BG-05: a chosen +1 stacks with a fixed one
    base = dict(fig["profile"])
    how: dict[str, list] = {k: [[f"{fig['label']} base", base[k]]] for k in KEYS}
    if bg:
        for k, v in bg["fixed"].items():
            base[k] += v
            how[k].append([f"{bg['name']} background", v])
        for k in valid_choices(officer, bg):
            base[k] += t.crew["choice_bonus"]
            how[k].append([f"{bg['name']} choice", t.crew["choice_bonus"]])

    slotted, built_in = carried_items(officer, t)
    uses = slot_use(slotted)
    # SG-PROF-04: armour items add to Armour; SG-PROF-05: heavy armour and heavy weapons lower Move (the
    # weapons not when braced by heavy or assault armour)
    effective = dict(base)
    braced = any(i.get("braces_heavy_weapons") for i in slotted)
    for item in slotted:
        if item.get("armour"):
            effective["armour"] += item["armour"]
            how["armour"].append([item["name"], item["armour"]])
        if item.get("move"):
            effective["move"] += item["move"]
            how["move"].append([item["name"], item["move"]])
        if item.get("move_unless_braced") and not braced:
            effective["move"] += item["move_unless_braced"]
            how["move"].append([item["name"], item["move_unless_braced"]])

    # SG-PROF-06: no roll bonus above the pack's cap (+10); the value a roll uses, and the sheet prints, is capped
    cap = t.crew["roll_bonus_cap"]
    for k in KEYS:
        if cap is not None and t.char.get(k, {}).get("bonus") and effective[k] > cap:
            how[k].append([f"roll bonus cap +{cap}", cap - effective[k]])
            effective[k] = cap

    reductions_left = fig["creation_reductions"]
    floor = t.crew["activation_floor"]
    step = t.crew["creation_reduction"]
    powers = []
    for i, entry in enumerate(officer.get("powers", [])):
        name = t.canonical_power(entry.get("name"))
        if not name:
            continue
        p = t.powers[name]
        basic = t.is_basic(p, bg_name)
        act = t.activation(p, role, basic)
        parts = [[f"{name} listed", p["activation"]]]
        penalty = act - p["activation"]
        if penalty:
            parts.append(["basic power" if basic else "not a basic power", penalty])
        reduced = False
        if entry.get("reduced") and reductions_left > 0 and act - step >= floor:
            reductions_left -= 1
            act -= step
            reduced = True
            parts.append(["creation reduction", -step])
        # SG-CAPT-07, SG-FM-05: Fatigue is the power's own, whatever the activation penalty
        powers.append({"pointer": f"/{role}/powers/{i}", "name": name, "activation": act, "base_activation": p["activation"],
                       "fatigue": p["fatigue"], "basic": basic, "category": p["category"],
                       "reduced": reduced, "derivation": parts})

    carried = [i["name"] for i in slotted] + [i["name"] for i in built_in]
    melee = any(i.get("melee") for i in slotted + built_in)
    return {
        "role": role,
        "label": fig["label"],
        "background": bg_name,
        # SG-CAPT-08: the Captain starts at the pack's level 15, built into creation (no level-up upgrades)
        "level": fig["level"],
        "base_profile": base,
        "profile": effective,
        "derivation": how,
        "powers": powers,
        "slots_used": sum(uses),
        # SG-EQ-01: slot capacity per figure (Captain 6, First Mate 5) comes from the pack
        "slots": fig["item_slots"],
        "item_slots": [{"name": i["name"], "slots": u} for i, u in zip(slotted, uses)],
        "built_in": [i["name"] for i in built_in],
        # one status per carried entry, with its pointer (SG-EQ-02/03/09): check and the pages read it
        "item_status": carried_status(officer, role, t, "/" + role),
        "carried": carried,
        "unarmed": not melee,
        "basic_powers": t.basic_powers(bg_name),
    }


def soldier_gear(soldier: dict, stype: dict, t: Tables) -> list[str]:
    gear = list(stype["gear"])
    if soldier.get("shotgun"):
        gear = [t.items[g]["swap_for"] if t.items.get(g, {}).get("swap_for") else g for g in gear]
    return gear


def _trade(soldier: dict, stype: dict, t: Tables) -> dict:
    """SG-SOLD-14: whether the soldier traded its armour's built-in pistol for a carbine, the items built into its
    gear with the trade made, and what then fills its item slot (`slot_words`; None when nothing does)."""
    tr = trade(t, stype)
    traded = bool(soldier.get("armour_trade")) and tr is not None
    return {"armour_trade": traded, "trade_allowed": tr is not None,
            "built_in": traded_gear(t, stype, traded), "slot_words": trade_words(tr) if traded and tr is not None else None}


def derive(data: dict, t: Tables) -> dict:
    out: dict = {}
    for role in ROLES:
        officer = data.get(role)
        if isinstance(officer, dict):
            out[role] = derive_officer(officer, role, t)
    soldiers = []
    spent = 0
    specialists = 0
    for s in data.get("soldiers", []):
        stype = t.soldiers.get(s.get("type"))
        if not stype:
            soldiers.append({"type": s.get("type"), "known": False, "cost": 0, "specialist": False})
            continue
        spent += stype["cost"]
        specialists += 1 if stype["specialist"] else 0
        # SG-SOLD-02, SG-SOLD-03: a soldier's profile is its type's, unchanged: its gear is already in it and
        # soldiers have no levels
        soldiers.append({"type": stype["name"], "known": True, "cost": stype["cost"],
                         "specialist": stype["specialist"], "profile": dict(stype["profile"]),
                         "gear": soldier_gear(s, stype, t), "robot": bool(s.get("robot")),
                         "shotgun_allowed": t.shotgun_allowed(stype), **_trade(s, stype, t)})
    out["soldiers"] = soldiers
    # SG-CREW-04: credits left = the starting credits - the soldiers' costs; SG-EQ-10: officers' items cost nothing
    out["credits_start"] = t.crew["starting_credits"]
    out["credits_spent"] = spent
    out["credits_left"] = t.crew["starting_credits"] - spent
    out["specialists"] = specialists
    upkeep = 0
    for role in ROLES:
        for name in out.get(role, {}).get("carried", []):
            upkeep += t.items[name].get("upkeep", 0)
    for s in soldiers:
        for name in s.get("gear", []):
            upkeep += t.items.get(name, {}).get("upkeep", 0)
    out["upkeep"] = upkeep
    out["members"] = len(ROLES) + len(soldiers)
    return out


def format_value(key: str, value: int, t: Tables) -> str:
    return _signed(value) if t.char.get(key, {}).get("bonus") else str(value)


def format_profile_value(key: str, real: int, effective: int, t: Tables) -> str:
    """SG-PROF-02: "real/effective" where they differ, e.g. "9/11"."""
    if real == effective:
        return format_value(key, real, t)
    return f"{format_value(key, real, t)}/{format_value(key, effective, t)}"
