"""Star Frontiers COMPUTE rules: every derived value of a character, each with how it was derived.

Works on any document that passed the schema. What the player typed is used as typed (a shift of 11
is applied as 11 and reported by check); unknown names are skipped here and reported by check.
"""

from __future__ import annotations

from ...optional_rules import is_on
from .tables import PAIRS, Tables, rounded
from .vehicles import derive_vehicles

ENCUMBRANCE = "encumbrance"   # the id of SF-CHAR-18 in the pack's optional_rules


def _signed(n: float) -> str:
    return f"+{n:g}" if n >= 0 else f"{n:g}"


def _kg(x: float) -> str:
    return f"{round(x, 2):g} kg"


def ability_scores(data: dict, t: Tables, race: dict | None) -> tuple[dict, dict, dict]:
    """(scores, derivation, pair facts) in the DECISIONS order: base, race, exchange, Human bonus."""
    base = data.get("base") or {}
    rolls = data.get("rolls") or {}
    shifts = data.get("shifts") or {}
    bonus_key = data.get("human_bonus")
    scores: dict[str, int | None] = {}
    how: dict[str, list] = {}
    pairs: dict[str, dict] = {}
    for pair in PAIRS:
        p = t.pairs[pair]
        b = base.get(pair)
        roll = rolls.get(pair)
        # SF-CHAR-04: the race's modifier applies to both abilities of the pair (SF-RACE-02: Dralasite STR/STA +5)
        mod = race["modifiers"][pair] if race else 0
        shift = shifts.get(pair) or 0
        pairs[pair] = {
            "abbr": p["abbr"], "base": b, "roll": roll,
            "origin": "unset" if b is None else ("rolled" if roll is not None else "entered"),
            "table_score": t.table_score(roll) if isinstance(roll, int) else None,
            "modifier": mod, "shift": shift,
            "after_race": None if b is None else b + mod,
        }
        for side, sign in ((p["first"], 1), (p["second"], -1)):
            if b is None:
                scores[side], how[side] = None, []
                continue
            parts = [[f"base score {b}" + (f" (d100 roll {roll})" if roll is not None else " (entered)"), b]]
            value = b
            if race and mod:
                parts.append([f"{race['name']} modifier", mod])
                value += mod
            if shift:
                parts.append([f"exchange inside {p['abbr']}", sign * shift])
                value += sign * shift
            if race and race.get("single_ability_bonus") and bonus_key == side:
                parts.append([f"{race['name']} bonus to one ability", race["single_ability_bonus"]])
                value += race["single_ability_bonus"]
            scores[side], how[side] = value, parts
    return scores, how, pairs


def initiative(scores: dict, t: Tables) -> tuple[int | None, str]:
    rule = t.initiative
    value = scores.get(rule["ability"])
    if value is None:
        return None, f"{t.abbr(rule['ability'])} not set yet"
    im = rounded(value / rule["divisor"], rule["round"])
    return im, f"{t.abbr(rule['ability'])} {value} / {rule['divisor']} = {value / rule['divisor']:g}, rounded {rule['round']}: {im}"


def race_abilities(race: dict | None, scores: dict, t: Tables) -> list[dict]:
    out = []
    # SF-RACE-04, SF-RACE-05, SF-RACE-06: racial chances are a fraction of an ability, rounded as the pack says
    # (battle rage reads the original STA, the score before play)
    for s in (race or {}).get("specials", []):
        entry = {"name": s["name"], "kind": s["kind"], "effect": s["effect"], "rule": s.get("rule", ""),
                 "value": None, "how": ""}
        if s["kind"] in ("chance", "count"):
            v = scores.get(s["ability"])
            if v is not None:
                entry["value"] = rounded(v / s["divisor"], s["round"])
                frac = "half" if s["divisor"] == 2 else f"1/{s['divisor']}"
                entry["how"] = f"{frac} of {t.abbr(s['ability'])} {v}, rounded {s.get('round', 'up')}"
            else:
                entry["how"] = f"{t.abbr(s['ability'])} not set yet"
        out.append(entry)
    return out


def psa_values(data: dict, scores: dict, t: Tables) -> dict:
    name = t.canonical_psa(data.get("psa"))
    adventures = data.get("adventures") or 0
    # SF-CHAR-10, SF-CHAR-12: the PSA level follows adventures completed (level 1 for a new character);
    # SF-CHAR-11: +5 a level, at most level 6
    level, nxt = t.psa_level(adventures)
    bonus = level * t.psa["bonus_per_level"]
    skill = t.skills.get(name) if name else None
    chances = []
    # SF-CHAR-21, SF-PLAY-11: a Military PSA's to-hit bases are STR in melee and DEX at range plus the PSA
    # bonus (the pack's uses); the situational modifiers are printed on the sheet
    for use in (skill or {}).get("uses", []):
        v = scores.get(use["ability"])
        chances.append({"name": use["name"], "ability": use["ability"],
                        "chance": None if v is None else v + bonus,
                        "how": f"{t.abbr(use['ability'])} {v} + PSA bonus {bonus}" if v is not None else "not set yet"})
    return {
        "psa": name, "psa_level": level, "psa_bonus": bonus, "psa_next_level_at": nxt,
        "psa_derivation": f"{adventures} adventure{'s' if adventures != 1 else ''} completed: level {level}; "
                          f"+{t.psa['bonus_per_level']} x {level} = +{bonus}",
        "skill_chances": chances,
    }


def _price_and_mass(entry: dict, item: dict | None) -> tuple[int, float, bool, bool]:
    """(price each, mass each, price stated?, mass stated?) for one equipment entry."""
    if item is None:
        return entry.get("price", 0), entry.get("mass", 0), "price" in entry, "mass" in entry
    price = item["cost"] if item["cost"] is not None else entry.get("price")
    mass = item["mass"] if item["mass"] is not None else entry.get("mass")
    return price or 0, mass or 0, price is not None, mass is not None


def equipment(data: dict, t: Tables) -> dict:
    rows: list[dict] = []
    possessions: dict[str, int] = {}
    spent, mass_total = 0, 0.0
    not_stated: list[str] = []
    for entry in data.get("equipment", []):
        name = t.canonical_item(entry.get("name"))
        item = t.items.get(name) if name else None
        custom = bool(entry.get("custom"))
        known = item is not None and not custom
        listed: dict = item if item is not None and not custom else {}   # the pack's entry of a known item
        count = entry.get("count", 1)
        price, mass, price_stated, mass_stated = _price_and_mass(entry, item if known else None)
        issued = bool(entry.get("issued"))
        carried = entry.get("carried", True)
        cost = 0 if issued else price * count
        spent += cost
        if carried:
            mass_total += mass * count
            if known and not mass_stated and listed["name"] not in not_stated:
                not_stated.append(listed["name"])
        rows.append({"name": name if known else entry.get("name", ""), "known": known or custom,
                     "category": listed["category"] if known else "custom", "count": count,
                     "price": price, "price_stated": price_stated, "cost": cost,
                     "mass": mass, "mass_stated": mass_stated, "mass_total": round(mass * count, 3) if carried else 0,
                     "issued": issued, "carried": carried,
                     # what the player can enter for this entry (SF-EQ-02, SF-EQ-12): a price or mass the
                     # rulebook does not state (or any, for a custom item); an unlisted name can become custom
                     "price_entry": custom or (known and listed["cost"] is None and not issued),
                     "mass_entry": custom or (known and listed["mass"] is None),
                     "may_be_custom": not known and not custom})
        if known:
            possessions[listed["name"]] = possessions.get(listed["name"], 0) + count
            for inner in listed.get("includes", []):
                possessions[inner] = possessions.get(inner, 0) + count
    return {"equipment": rows, "possessions": possessions, "credits_spent": spent,
            "total_mass": round(mass_total, 3), "mass_not_stated": not_stated}


def arms(possessions: dict, t: Tables) -> dict:
    grenades_carried = sum(n for name, n in possessions.items() if t.items.get(name, {}).get("category") == "grenade")
    weapons, grenades, defenses, ammo = [], [], [], []
    for name, n in possessions.items():
        item = t.items.get(name)
        if not item:
            continue
        if item.get("weapon"):
            w = item["weapon"]
            carried, capacity = 0, None
            if w["ammo"] == "grenade":
                carried, capacity = grenades_carried, 1
            elif w["ammo"] in t.items:
                carried, capacity = possessions.get(w["ammo"], 0), t.items[w["ammo"]]["ammunition"]["capacity"]
            shots_each = capacity // w["per_shot"] if capacity and w["per_shot"] else None
            # SF-WPN-08: artillery is flagged (non-Military operators take -10, printed on the sheet)
            weapons.append({"name": name, "count": n, "type": w["type"], "class": w["class"], "damage": w["damage"],
                            "ammo_use": w["ammo_use"], "range": w["range"], "ammo": w["ammo"],
                            "ammo_carried": carried, "shots_per_load": shots_each,
                            "shots": (shots_each or 0) * carried, "artillery": bool(w.get("artillery")),
                            "reload_each_shot": bool(w.get("reload_each_shot")), "cost": item["cost"], "mass": item["mass"]})
        elif item["category"] == "grenade":
            grenades.append({"name": name, "count": n, "damage": item["grenade"]["damage"],
                             "defense": item["grenade"]["defense"]})
        elif item.get("defense"):
            d = item["defense"]
            row = {"name": name, "count": n, "kind": d["kind"], "against": d["against"], "absorbs": d["absorbs"]}
            # SF-DEF-02: an albedo suit absorbs laser damage 5 times; SF-DEF-04, SF-DEF-05: screens spend their
            # pack's charges a hit (albedo screen 4, inertia screen 2)
            if d["kind"] == "armor":
                row["uses"] = d["uses"]
                row["how"] = f"absorbs {d['absorbs']} damage from {d['against']} attacks {d['uses']} times, then replace"
            else:
                cap = t.items.get(d["power"], {}).get("ammunition", {}).get("capacity")
                row.update({"power": d["power"], "charges": cap, "activation": d["activation"],
                            "per_minute": d["per_minute"], "per_hit": d["per_hit"],
                            "packs_carried": possessions.get(d["power"], 0),
                            "hits_per_pack": (cap - d["activation"]) // d["per_hit"] if cap else None})
                row["how"] = (f"{cap}-charge {d['power'].lower()}: {d['activation']} to switch on, "
                              f"{d['per_minute']} a minute while on, {d['per_hit']} a hit")
            defenses.append(row)
        elif item.get("ammunition"):
            fits = [w["name"] for w in t.pack["items"] if w.get("weapon", {}).get("ammo") == name]
            fits += [x["name"] for x in t.pack["items"] if x.get("defense", {}).get("power") == name]
            a = item["ammunition"]
            ammo.append({"name": name, "count": n, "capacity": a["capacity"], "unit": a["unit"], "fits": fits,
                         "used_by": [f for f in fits if f in possessions]})
    return {"weapons": weapons, "grenades": grenades, "defenses": defenses, "ammunition": ammo}


def carrying(scores: dict, t: Tables, enabled: bool) -> dict:
    """SF-CHAR-18, an optional rule: `enabled` is whether this character plays with it (model/optional_rules)."""
    e = t.encumbrance
    v = scores.get(e["ability"])
    if not enabled:
        # the optional rule is off for this character, so nothing is limited or slowed
        return {"free_kg": None, "max_kg": None, "enabled": False,
                "how": "the optional encumbrance rule is not in use (switch it on under Optional rules)"}
    if v is None:
        return {"free_kg": None, "max_kg": None, "enabled": True, "how": f"{t.abbr(e['ability'])} not set yet"}
    free, most = v * e["free_fraction"], v * e["max_fraction"]
    return {"free_kg": free, "max_kg": most, "enabled": True,
            "how": f"up to {_kg(free)} freely ({e['free_fraction']:g} x {t.abbr(e['ability'])} {v}); "
                   f"up to {_kg(most)} at {e['movement_factor']:g} x speed"}


def derive(data: dict, t: Tables) -> dict:
    race_name = t.canonical_race(data.get("race"))
    race = t.races.get(race_name) if race_name else None
    scores, how, pairs = ability_scores(data, t, race)
    im, im_how = initiative(scores, t)
    out: dict = {"race": race_name, "abilities": scores, "derivation": how, "pairs": pairs,
                 "initiative_modifier": im, "initiative_derivation": im_how}
    out.update(psa_values(data, scores, t))
    out["race_abilities"] = race_abilities(race, scores, t)
    eq = equipment(data, t)
    possessions = eq.pop("possessions")
    out.update(eq)
    out.update(arms(possessions, t))
    out["possessions"] = possessions
    cap = carrying(scores, t, is_on(data, t.pack, ENCUMBRANCE))
    out["carrying_capacity"] = cap
    encumbered = bool(cap["enabled"] and cap["free_kg"] is not None and eq["total_mass"] > cap["free_kg"])
    out["encumbered"] = encumbered
    # SF-CHAR-18: more than the most STR allows is an error (check), shown by the editor and the sheet
    out["over_capacity"] = bool(cap["enabled"] and cap["max_kg"] is not None and eq["total_mass"] > cap["max_kg"])
    # SF-RACE-08: walking and running speeds by race (the MOVEMENT TABLE, in the pack)
    walk, run = (race["walk"], race["run"]) if race else (None, None)
    move_how = f"{race['name']}: walk {walk} m, run {run} m a turn" if race else "choose a race"
    if race and encumbered:
        f = t.encumbrance["movement_factor"]
        walk, run = walk * f, run * f
        move_how += f"; carrying {_kg(eq['total_mass'])} (over {_kg(cap['free_kg'])}) x {f:g}"
    out["walk"] = walk if walk is None or walk != int(walk) else int(walk)
    out["run"] = run if run is None or run != int(run) else int(run)
    out["movement_derivation"] = move_how
    # SF-VEH-13: vehicles bought or rented are paid from the same credits
    out.update(derive_vehicles(data, t))
    out["credits_spent"] = eq["credits_spent"] + out["vehicle_costs"]
    start = data.get("credits", 0)
    out["credits_start"] = start
    out["credits_left"] = start - out["credits_spent"]
    out["stamina"] = scores.get("sta")
    return out
