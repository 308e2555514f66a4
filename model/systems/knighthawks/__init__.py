"""Knight Hawks starships: the rules of RULES.md section 4 (KH-SHIP, KH-WPN, KH-DEF), with DECISIONS.md
applied and the ship data of reference/knighthawks-basic-ships.csv (GAP-KH-01) in the rules pack."""

from __future__ import annotations

from ...issues import Issue
from ..lookup import repeats
from . import check as _check
from . import actions
from . import derive as _derive
from . import offers as _offers
from .derive import describe
from .tables import DEFENSES, GROUPS, WEAPONS, Tables, tables
from ...system_contract import GameSystem

__all__ = ["new", "derive", "check", "pack_problems", "tables", "Tables", "describe", "WEAPONS", "DEFENSES", "GROUPS", "offers",
           "actions"]


def new(pack) -> dict:
    """A new, valid starter ship: the pack's starter type, carrying nothing yet (fewer is always legal)."""
    starter = pack.data["starter"]
    return {
        "format": "starwright/knighthawks-ship",
        "version": 2,
        "name": starter["name"],
        "type": starter["type"],
        "weapons": {},
        "defenses": {},
        "hull_points": None,
        "notes": "",
    }


def derive(data: dict, pack) -> dict:
    return _derive.derive(data, tables(pack))


def check(data: dict, derived: dict, pack) -> list[Issue]:
    return _check.check(data, derived, tables(pack))


def offers(data: dict, derived: dict, pack) -> dict:
    """Types, configurations and every weapon and defense with its limit (model/systems/knighthawks/offers.py)."""
    return _offers.offers(data, derived, tables(pack))


def _limit_problems(limit, ptr: str) -> list[tuple[str, str]]:
    if isinstance(limit, dict) and limit["min"] > limit["max"]:
        return [(ptr, f"the range {limit['min']} to {limit['max']} runs backwards")]
    return []


def pack_problems(pack: dict) -> list[tuple[str, str]]:
    """Cross-references the schema cannot see: codes, phases and types that must exist elsewhere."""
    out: list[tuple[str, str]] = []
    restriction = {c["code"] for c in pack["restriction_codes"]}
    phases = {p["key"] for p in pack["phases"]}
    known = {WEAPONS: [w["code"] for w in pack[WEAPONS]], DEFENSES: [d["code"] for d in pack[DEFENSES]]}
    for group, codes in known.items():
        for i, code in enumerate(codes):
            if code in codes[:i]:
                out.append((f"/{group}/{i}/code", f'"{code}" is listed twice'))
    for code in set(known[WEAPONS]) & set(known[DEFENSES]):
        out.append((f"/{DEFENSES}/{known[DEFENSES].index(code)}/code", f'"{code}" is both a weapon and a defense code'))
    for i, w in enumerate(pack[WEAPONS]):
        for j, r in enumerate(w["restrictions"]):
            if r not in restriction:
                out.append((f"/weapons/{i}/restrictions/{j}", f'"{r}" is not a restriction code in this pack'))
        for j, k in enumerate(w["fires_in"]):
            if k not in phases:
                out.append((f"/weapons/{i}/fires_in/{j}", f'"{k}" is not a phase in this pack'))
    names = [s["name"] for s in pack["ship_types"]]
    twice = set(repeats(names))
    for i, s in enumerate(pack["ship_types"]):
        base = f"/ship_types/{i}"
        if i in twice:
            out.append((base + "/name", f'"{s["name"]}" is listed twice'))
        out += _limit_problems(s["hull_points"], base + "/hull_points")
        for group in GROUPS:
            for code, limit in s[group].items():
                if code not in known[group]:
                    out.append((f"{base}/{group}/{code}", f'"{code}" is not a {group[:-1]} code in this pack'))
                out += _limit_problems(limit, f"{base}/{group}/{code}")
        numbers = set()
        for j, c in enumerate(s.get("configurations", [])):
            if c["number"] in numbers:
                out.append((f"{base}/configurations/{j}/number", f"configuration {c['number']} is listed twice"))
            numbers.add(c["number"])
            for code in (c[WEAPONS] or {}):
                if code not in known[WEAPONS]:
                    out.append((f"{base}/configurations/{j}/weapons/{code}", f'"{code}" is not a weapon code in this pack'))
    if pack["starter"]["type"] not in set(names):
        out.append(("/starter/type", f'"{pack["starter"]["type"]}" is not a ship type in this pack'))
    combat = pack["combat"]
    if combat["automatic_hit_max"] >= combat["automatic_miss_min"]:
        out.append(("/combat/automatic_miss_min", "automatic misses must start above automatic hits"))
    return out


SYSTEM = GameSystem(__name__, tables, new, derive, check, pack_problems, offers=offers)
