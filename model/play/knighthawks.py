"""Knight Hawks at the table: Hull Points, speed and the limited supplies (LTD) a ship carries.

Damage dice come off the Hull Points; at 0 or less the ship is destroyed and removed (KH-WPN-11, KH-SHIP-13), so
the hull may go under 0 (DECISIONS.md): information, not an error. Torpedoes, assault rockets and
rocket batteries are crossed off when fired (KH-WPN-09), masking screens when raised (KH-DEF-02), ICMs when
launched (KH-DEF-05). Speed is recorded after each move (KH-MOV-02). The rulebook never uses the Damage
Control Rating (GAP-KH-03), so the tracker has nothing for it.
"""

from __future__ import annotations

from .. import pointer as jp
from . import Group, Track, stored

HULL = "/play/hull_damage"
SPEED = "/play/speed"


def _supply_rule(item: dict) -> str:
    if item.get("kind") == "weapon":
        return "KH-WPN-09"
    return "KH-DEF-02" if item.get("code") == "MS" else "KH-DEF-05"


def groups(data: dict, derived: dict, pack) -> list[Group]:
    hp = derived.get("hull_points")
    if not isinstance(hp, int) or hp <= 0:
        return []
    # KH-SHIP-13: "0 Hull Points or less", so the hull may go under 0 (below)
    tracks = [Track(HULL, "Hull Points", "KH-WPN-11", hp, True, stored(data, HULL), "track",
                    "Damage dice are subtracted from Hull Points; at 0 or less the ship is destroyed and removed "
                    "(KH-WPN-11, KH-SHIP-13).", below=True),
              Track(SPEED, "Speed", "KH-MOV-02", None, False, stored(data, SPEED), "counter",
                    f"Hexes moved this turn, recorded after each move (KH-MOV-02). It may change by at most the "
                    f"ADF ({derived.get('adf')}) a turn.")]
    for s in derived.get("supplies") or []:
        count, code = s.get("count"), s.get("code")
        if not isinstance(count, int) or count <= 0 or not isinstance(code, str):
            continue
        ptr = jp.child("/play/spent", code)
        rule = _supply_rule(s)
        verb = "fired" if s.get("kind") == "weapon" else ("raised" if rule == "KH-DEF-02" else "launched")
        tracks.append(Track(ptr, str(s.get("name") or code), rule, count, True, stored(data, ptr), "supply",
                            f"A limited supply: one is crossed off each time it is {verb} ({rule})."))
    facts = tuple((k.upper(), str(derived.get(k))) for k in ("adf", "mr") if derived.get(k) is not None)
    name = str(data.get("name") or "").strip() or str(derived.get("type") or "Ship")
    status = "Destroyed and removed (KH-WPN-11, KH-SHIP-13)" if tracks[0].at_zero else ""
    return [Group("ship", name, tuple(tracks), status, (), facts)]
