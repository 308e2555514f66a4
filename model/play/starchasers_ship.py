"""A Starchasers starship at the table: shields, hull, structure and system damage, stress and crits.

The three damage counts (hull_damage, structure_damage: points lost from the ship's own ratings; system_damage:
the System Damage suffered, with no maximum) are carried over between sessions until repaired (SC-REP rules, the
ship page's repair section), so a new game keeps them (`KEEP`). Shields are not damage: a ship starts each combat
with its Shield Rating in tokens (SC-SHIP-19), so a new game raises them again, like stress and crits sustained,
which belong to one game too.

The hull may go under 0 (SC-SHIP-03 and DECISIONS.md: "0 or less"), information with the Hull Breach it means. The
Structure track stops at the ship's Structure Points: when the damage reaches them the ship is destroyed
(SC-SCMB-13, AMB-SC-06 "reaches"), and a destroyed ship cannot be repaired (ship/repair.py).
"""

from __future__ import annotations

from . import Group, Track, stored

KEEP = ("hull_damage", "structure_damage", "system_damage", "repairs")


def _rating(data: dict, key: str) -> int | None:
    v = data.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


def groups(data: dict, derived: dict, pack) -> list[Group]:
    tracks = []
    shields = _rating(data, "shield_rating")
    if shields:
        tracks.append(Track("/play/shields_down", "Shields", "SC-SHIP-19", shields, True,
                            stored(data, "/play/shields_down"), "track",
                            "Shield tokens: the ship starts a combat with its Shield Rating and never holds more; "
                            "each uncancelled Hit or Crit removes one before the hull (SC-SHIP-19, SC-SCMB-09)."))
    hull = _rating(data, "hull_points")
    if hull:
        tracks.append(Track("/play/hull_damage", "Hull Points", "SC-SHIP-03", hull, True,
                            stored(data, "/play/hull_damage"), "track",
                            "Damage past the shields comes off the Hull Points (SC-SHIP-03). At 0 or less the ship "
                            "suffers a Hull Breach and 1 Structure damage (SC-SCMB-11).", below=True))
    structure = _rating(data, "structure_points")
    if structure:
        tracks.append(Track("/play/structure_damage", "Structure Points", "SC-SCMB-13", structure, True,
                            stored(data, "/play/structure_damage"), "track",
                            "The ship is destroyed when Structure damage reaches its Structure Points; the crew "
                            "get one Shipboard Round to reach the escape pods, and it cannot be repaired "
                            "(SC-SCMB-13)."))
    if not tracks:
        return []
    tracks.append(Track("/play/system_damage", "System Damage", "SC-SCMB-12", None, False,
                        stored(data, "/play/system_damage"), "counter",
                        "Uncancelled Crits can cause System Damage, rolled on the System Damage Table; the "
                        "effects add up (SC-SCMB-12)."))
    tracks.append(Track("/play/stress_taken", "Stress Taken", "SC-SCMB-06", None, False,
                        stored(data, "/play/stress_taken"), "counter",
                        f"Stress beyond the System Durability ({data.get('system_durability')}) causes System "
                        "Damage (SC-SCMB-06); an Easy maneuver or an Engineer clears it (SC-SCMB-07)."))
    tracks.append(Track("/play/crits_sustained", "Crits Sustained", "SC-SCMB-14", None, False,
                        stored(data, "/play/crits_sustained"), "counter",
                        "Damage Shunting needs Hits at least the Crits Sustained so far to avoid System "
                        "Damage (SC-SCMB-14)."))
    status = ""
    by = {t.pointer: t for t in tracks}
    if structure and by["/play/structure_damage"].at_zero:
        status = "Destroyed: Structure damage has reached the Structure Points; it cannot be repaired (SC-SCMB-13)"
    elif hull and by["/play/hull_damage"].at_zero:
        status = "Hull breach (SC-SCMB-11)"
    name = str(data.get("name") or "").strip() or "Ship"
    return [Group("ship", name, tuple(tracks), status)]
