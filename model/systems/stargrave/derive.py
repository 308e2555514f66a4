"""Stargrave COMPUTE rules: every derived value of a crew, each with how it was derived.

Works on any document that passed the schema; unknown names (a power or soldier type the pack lacks)
are skipped here and reported by check.
"""

from __future__ import annotations

from ...wording import count_word
from .tables import KEYS, ROLES, Tables


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


def carried_items(officer: dict, t: Tables) -> tuple[list[dict], list[dict]]:
    """(items in slots, items built into other items) as pack entries; unknown names are skipped."""
    # SG-EQ-05: an officer's Grenades are one item (one slot) for both kinds; SG-EQ-06: a grenade launcher and
    # SG-EQ-07: assault armour bring their built-in items (`includes`), which use no slot
    slotted = [t.items[n] for n in (t.canonical_item(x) for x in officer.get("items", [])) if n]
    built_in = [t.items[n] for i in slotted for n in i.get("includes", []) if n in t.items]
    return slotted, built_in


def slot_use(items: list[dict]) -> list[int]:
    """Slots each item uses for an officer: the first of a kind marked officer_first_free is free (SG-EQ-04)."""
    seen_free: set[str] = set()
    out = []
    for item in items:
        if item.get("officer_first_free") and item["name"] not in seen_free:
            seen_free.add(item["name"])
            out.append(0)
        else:
            out.append(item["slots"])
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
    for entry in officer.get("powers", []):
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
        powers.append({"name": name, "activation": act, "base_activation": p["activation"],
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
        "carried": carried,
        "unarmed": not melee,
        "basic_powers": t.basic_powers(bg_name),
    }


def soldier_gear(soldier: dict, stype: dict, t: Tables) -> list[str]:
    gear = list(stype["gear"])
    if soldier.get("shotgun"):
        gear = [t.items[g]["swap_for"] if t.items.get(g, {}).get("swap_for") else g for g in gear]
    return gear


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
                         "shotgun_allowed": t.shotgun_allowed(stype)})
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


# ---- Choices a builder offers (used by the GUI's pickers; pure, driven by the rules pack) ----

def power_options(officer: dict, role: str, t: Tables) -> list[dict]:
    """Every power the figure could take, the background's basic ones first (SG-BG-06, SG-CAPT-05, SG-FM-03).

    Each entry: name, rulebook_name, category, fatigue, base_activation, activation (what it would be for this
    figure), basic, chosen, chosen_at (its index in the figure's powers, or None: what removing it removes), summary.
    """
    bg_name = t.canonical_background(officer.get("background"))
    chosen: dict[str, int] = {}
    for i, e in enumerate(officer.get("powers", [])):
        if isinstance(e, dict):
            chosen.setdefault(t.canonical_power(e.get("name")), i)
    out = []
    for p in t.pack["powers"]:
        basic = t.is_basic(p, bg_name)
        out.append({"name": p["name"], "rulebook_name": p.get("rulebook_name", p["name"]),
                    "category": p["category"], "fatigue": p["fatigue"], "base_activation": p["activation"],
                    "activation": t.activation(p, role, basic), "basic": basic, "chosen": p["name"] in chosen,
                    "chosen_at": chosen.get(p["name"]), "summary": p.get("summary", "")})
    out.sort(key=lambda o: (not o["basic"], o["name"]))
    return out


def item_options(officer: dict, role: str, t: Tables) -> list[dict]:
    """Every General Equipment List item with the slots it would use and, if it cannot be added, why.

    Each entry: name, rulebook_name, kind, slots (for this figure now), fits, reason, notes.
    """
    fig = t.figures[role]
    slotted, _ = carried_items(officer, t)
    used = sum(slot_use(slotted))
    free = fig["item_slots"] - used
    has_free = {i["name"] for i in slotted if i.get("officer_first_free")}
    armour = [i["name"] for i in slotted if i["kind"] == "armour"]
    shields = [i for i in slotted if i.get("bars_weapon_slots")]
    out = []
    for item in t.pack["items"]:
        slots = 0 if item.get("officer_first_free") and item["name"] not in has_free else item["slots"]
        reason = ""
        if item.get("at_creation") is False:
            reason = "found during a campaign, not chosen at creation"
        elif item["kind"] == "armour" and len(armour) >= t.crew["max_armours"]:
            reason = f"already wears {' and '.join(armour)}; only {count_word(t.crew['max_armours'])} armour"
        elif item["kind"] == "weapon" and any(item["slots"] >= s["bars_weapon_slots"] for s in shields):
            reason = f"cannot be carried with a {shields[0]['name'].lower()}"
        elif slots and slots > free:
            reason = (f"needs {slots} slot{'s' if slots != 1 else ''}; "
                      f"{max(free, 0)} of {fig['item_slots']} free")
        out.append({"name": item["name"], "rulebook_name": item.get("rulebook_name", item["name"]),
                    "kind": item["kind"], "slots": slots, "fits": not reason, "reason": reason,
                    "notes": item.get("notes", "")})
    return out


def carried_status(officer: dict, role: str, t: Tables) -> list[dict]:
    """The figure's items in order with the slots each uses and, for those past the limit, why they do not fit.

    Entries line up with officer["items"]: name (as written), known, slots, fits, reason.
    """
    limit = t.figures[role]["item_slots"]
    seen_free: set[str] = set()
    armour_seen: list[str] = []
    used = 0
    out = []
    for raw in officer.get("items", []):
        name = t.canonical_item(raw)
        if not name:
            out.append({"name": raw, "known": False, "slots": 0, "fits": False,
                        "reason": "not on the General Equipment List"})
            continue
        item = t.items[name]
        if item.get("officer_first_free") and name not in seen_free:
            seen_free.add(name)
            slots = 0
        else:
            slots = item["slots"]
        used += slots
        reason = ""
        if item.get("at_creation") is False:
            reason = "found during a campaign, not chosen at creation"
        elif item["kind"] == "armour" and len(armour_seen) >= t.crew["max_armours"]:
            reason = f"one armour too many; {' and '.join(armour_seen)} already worn"
        elif slots and used > limit:
            reason = f"does not fit: {used} of {limit} slots would be used"
        if item["kind"] == "armour" and len(armour_seen) < t.crew["max_armours"]:
            armour_seen.append(name)
        out.append({"name": name, "known": True, "slots": slots, "fits": not reason, "reason": reason})
    return out
