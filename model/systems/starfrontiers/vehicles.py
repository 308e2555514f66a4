"""Star Frontiers vehicles (RULES.md 3.7, SF-VEH): what each vehicle the character owns or rents costs, carries
and may do (derive), and the checks of its passengers, cargo, operator and rental (check).

Every number is the rules pack's (`vehicles`); a document entry stores only the player's choices: the vehicle's
name, `rent_days` when it is rented (absent: owned), `street` for a rental called from the street, and the
`passengers` and `cargo_kg` aboard.

Who drives (SF-VEH-03): the character is taken to be the operator. A vehicle whose operator needs a PSA the
character lacks is a warning, not an error: the character may still own or rent it, with someone who has that
PSA at the controls (the character then rides as one of the passengers).
"""

from __future__ import annotations

from ...issues import ERROR, WARNING, Issue
from .tables import Tables


def _cr(n: int) -> str:
    return f"{n:,} Cr"


def _m(x) -> str:
    return "–" if x is None else f"{x:g} m"


def _kg(x: float) -> str:
    return f"{round(x, 2):g} kg"


def speeds_text(v: dict) -> str:
    """The vehicle's speed table line (SF-VEH-01), in m a turn."""
    if v.get("take_off") is not None:
        bits = [f"take-off {v['take_off']['height']} m in {v['take_off']['turns']} turn{'s' if v['take_off']['turns'] != 1 else ''}",
                f"accelerates {v['acceleration']} m/turn" if v.get("acceleration") else "",
                f"climbs {v['climb']} m/turn" if v.get("climb") else "",
                f"top {v['top_speed']} m/turn",
                f"turns up to {v['maneuver']}°" if v.get("maneuver") is not None else ""]
        return ", ".join(b for b in bits if b)
    accel = (f", +{v['acceleration']} m a turn" if v.get("acceleration") else ", top speed on its second turn")
    turn = f", corners at {v['turn_speed']}" if v.get("turn_speed") is not None else ""
    return f"start {_m(v['start_speed'])}{accel}, top {v['top_speed']}{turn} (m/turn)"


def derive_vehicles(data: dict, t: Tables) -> dict:
    """Each vehicle entry with its pack data and cost; `vehicle_costs` is what they cost together (SF-VEH-13)."""
    rows, total = [], 0
    for entry in data.get("vehicles") or []:
        name = t.canonical_vehicle(entry.get("name"))
        v = t.vehicles.get(name) if name else None
        days = entry.get("rent_days")
        rented = days is not None
        row = {"name": name or entry.get("name", ""), "known": v is not None, "rented": rented,
               "rent_days": days, "street": bool(entry.get("street")) and rented,
               "passengers": entry.get("passengers", 0), "cargo_kg": entry.get("cargo_kg", 0), "cost": 0, "how": ""}
        if v is not None:
            # SF-VEH-13: the purchase price, or the rental fee times the days rented
            if rented:
                row["cost"] = (v["rent_per_day"] or 0) * days
                row["how"] = f"rented: {_cr(v['rent_per_day'] or 0)} a day × {days} day{'s' if days != 1 else ''} = {_cr(row['cost'])}"
            else:
                row["cost"] = v["price"] or 0
                row["how"] = f"bought: {_cr(row['cost'])}"
            row.update({
                "class": v["class"], "start_speed": v["start_speed"], "top_speed": v["top_speed"],
                "turn_speed": v["turn_speed"], "acceleration": v["acceleration"], "speed_rule": v["speed_rule"],
                "speeds": speeds_text(v), "price": v["price"], "rent_per_day": v["rent_per_day"],
                # SF-VEH-02: people aboard besides the operator, and the cargo, within the capacity table
                "passenger_limit": v["persons"] - 1, "cargo_limit_kg": v["cargo_kg"], "cargo_m3": v["cargo_m3"],
                "operator_psa": v["operator_psa"], "street_rental": v["street_rental"],
                "rules": list(v["rules"]), "notes": v["notes"],
                "climb": v.get("climb"), "maneuver": v.get("maneuver"), "take_off": v.get("take_off"),
                "thrust": v.get("thrust"), "canopy_speed": v.get("canopy_speed")})
        total += row["cost"]
        rows.append(row)
    # the Play view's faster/slower step (model/play/sf_vehicles.py)
    return {"vehicles": rows, "vehicle_costs": total, "vehicle_speed_step": t.vehicle_rules["speed_step"]}


def _has_rental_item(d: dict, t: Tables) -> bool:
    need = t.vehicle_rules["rental_needs_item"]
    item = t.items.get(need, {})
    return bool(item.get("every_character")) or need in (d.get("possessions") or {})


def check_vehicles(data: dict, d: dict, t: Tables, running: int, over_reported: bool) -> list[Issue]:
    """SF-VEH-02, SF-VEH-03, SF-VEH-11 and SF-VEH-13 for each vehicle entry. `running` is the credits left after
    the equipment; `over_reported` whether the equipment already took them below zero."""
    out: list[Issue] = []
    for i, (entry, row) in enumerate(zip(data.get("vehicles") or [], d["vehicles"])):
        ptr = f"/vehicles/{i}"
        if not row["known"]:
            out.append(Issue(ptr + "/name", "SF-VEH-13", ERROR,
                             f'"{entry.get("name", "")}" is not a vehicle of the rules pack; choose one of '
                             f"{', '.join(t.vehicles)}."))
            continue
        name = row["name"]
        # SF-VEH-02: passenger and cargo limits
        if row["passengers"] > row["passenger_limit"]:
            room = ("only the operator" if row["passenger_limit"] == 0 else
                    f"the operator and {row['passenger_limit']} passenger{'s' if row['passenger_limit'] != 1 else ''}")
            out.append(Issue(ptr + "/passengers", "SF-VEH-02", ERROR,
                             f"The {name} carries {room}; {row['passengers']} passengers is too many."))
        if row["cargo_kg"] > row["cargo_limit_kg"]:
            room = ("no cargo beyond what its operator carries" if not row["cargo_limit_kg"] else
                    f"at most {_kg(row['cargo_limit_kg'])} of cargo (in {row['cargo_m3']:g} cubic metres)")
            out.append(Issue(ptr + "/cargo_kg", "SF-VEH-02", ERROR,
                             f"The {name} takes {room}; {_kg(row['cargo_kg'])} is too much."))
        # SF-VEH-03: the operator's PSA (a warning: someone else may drive)
        psa = d.get("psa")
        if row["operator_psa"] and psa and psa != row["operator_psa"]:
            out.append(Issue(ptr, "SF-VEH-03", WARNING,
                             f"The {name} needs an operator with the {row['operator_psa']} PSA; a {psa} character "
                             f"cannot drive it, so take a {row['operator_psa']} character along to operate it "
                             f"(this character then rides as a passenger)."))
        # SF-VEH-11: street rentals are ground and hover cars and cycles; every rental needs the ID card
        if entry.get("street") and not row["rented"]:
            out.append(Issue(ptr + "/street", "SF-VEH-11", WARNING,
                             f"The {name} is owned, not rented: only a rental is called from the street."))
        elif row["street"] and not row["street_rental"]:
            street = ", ".join(v["name"] for v in t.vehicles.values() if v["street_rental"]) or "none"
            out.append(Issue(ptr + "/street", "SF-VEH-11", ERROR,
                             f"The {name} cannot be rented in the street (only {street}); rent it at a vehicle "
                             f"rental or sales facility instead."))
        if row["rented"] and not _has_rental_item(d, t):
            need = t.vehicle_rules["rental_needs_item"]
            out.append(Issue(ptr + "/rent_days", "SF-VEH-11", ERROR,
                             f"Renting the {name} needs an {need}: the renter shows it (and the driver needs it); "
                             f"add one to the equipment."))
        # SF-VEH-13: the vehicle's cost counts in the credits spent
        running -= row["cost"]
        if running < 0 and not over_reported and row["cost"]:
            over_reported = True
            out.append(Issue(ptr, "SF-VEH-13", ERROR,
                             f"The {name} ({row['how']}) takes the credits below zero: {_cr(d['credits_spent'])} "
                             f"spent of {_cr(d['credits_start'])} ({_cr(-d['credits_left'])} short)."))
    # a game in progress: a vehicle's speed or thrust past its rules (model/play/sf_vehicles.py, SF-VEH-07/08...)
    from ...play.sf_vehicles import issues as play_issues
    return out + play_issues(data, d)


CLASS_LABELS = {"hover": "Hovercraft", "ground": "Ground vehicle", "aerial": "Aerial vehicle"}


def capacity_text(v: dict) -> str:
    """People and cargo (the capacity table, SF-VEH-02)."""
    people = "operator only" if v["persons"] == 1 else f"operator + {v['persons'] - 1}"
    cargo = f"{v['cargo_kg']:,g} kg in {v['cargo_m3']:g} m³" if v["cargo_kg"] else "no cargo"
    return f"{people}; {cargo}"


def speeds_short(v: dict) -> str:
    """The speeds in a few words, in m a turn, for a list that has one line a vehicle."""
    if v.get("thrust") is not None:
        return f"bursts: +{v['acceleration']} m/turn up to {v['top_speed']}, or +{v['climb']} m up"
    if v.get("take_off") is not None:
        return (f"lifts {v['take_off']['height']} m in {v['take_off']['turns']} turns; +{v['acceleration']} a turn "
                f"up to {v['top_speed']}; climbs {v['climb']}")
    gain = f"+{v['acceleration']} a turn up to {v['top_speed']}" if v["acceleration"] else f"{v['top_speed']} next turn"
    turn = f", corners {v['turn_speed']}" if v["turn_speed"] is not None else ""
    return f"from {_m(v['start_speed'])}, {gain}{turn}"


def vehicle_offers(derived: dict, t: Tables) -> list[dict]:
    """The pack's vehicles as the Vehicles page lists them: price and rent, speeds, capacity, who may drive and
    whether the credits left cover a purchase or a day's rent."""
    left = derived.get("credits_left", 0) if derived else 0
    psa = (derived or {}).get("psa")
    out = []
    for v in t.vehicles.values():
        needs = v["operator_psa"]
        out.append({"name": v["name"], "class": v["class"], "class_label": CLASS_LABELS[v["class"]],
                    "price": v["price"], "rent_per_day": v["rent_per_day"],
                    "price_text": _cr(v["price"]) if v["price"] is not None else "not stated",
                    "rent_text": f"{_cr(v['rent_per_day'])}/day" if v["rent_per_day"] is not None else "not stated",
                    "speeds": speeds_text(v), "speeds_short": speeds_short(v), "capacity": capacity_text(v),
                    "operator": f"{needs} PSA" if needs else "anyone",
                    "street_rental": v["street_rental"],
                    "can_drive": not needs or psa is None or psa == needs,
                    "affordable": (v["price"] or 0) <= left, "rent_affordable": (v["rent_per_day"] or 0) <= left})
    return out
