"""Starchasers cards: the starship card (attributes, Passive Defense / Dodge / Initiative, weapons with
their ready attack pools, hard points, tick rows for Shields, Hull, Structure and Stress) and the
character card (attributes, trained skills with their pools, the pools brought to a ship station,
motivators, equipment, Hit Points). Values come from the document and `result.derived`."""

from __future__ import annotations

from ..systems.starchasers.tables import tables
from . import Card, num, one

# The profile row of a ship card: attribute key -> the short head printed over it (labels from the pack).
SHIP_HEADS = {"size": "SIZE", "speed": "SPD", "armor": "ARM", "maneuverability": "MAN",
              "power_generation": "PWR", "shield_rating": "SHLD"}
# Tracks on a ship card: attribute key -> the track's name (SC-SHIP-03/12/13/19).
SHIP_TRACKS = {"shield_rating": "Shields", "hull_points": "Hull", "structure_points": "Structure",
               "system_durability": "Stress"}
SHIP_POOLS = ("dodge", "initiative")
# Boxes on a blank ship card: room to tick, the rest crossed out by hand (Shields: the largest rating).
BLANK_SHIP_BOXES = {"Shields": 5, "Hull": 30, "Structure": 15, "Stress": 10}


def _ship_heads(t) -> list[list[str]]:
    return [[abbr, t.attributes[k]["label"]] for k, abbr in SHIP_HEADS.items()]


def _legend(heads) -> str:
    return " · ".join(f"{a} {label}" for a, label in heads)


def _ship(data: dict, result) -> list[Card]:
    d, t = result.derived, tables(result.pack)
    role = t.roles.get(data.get("role", ""), {}).get("label", data.get("role", ""))
    heads = _ship_heads(t)
    profile = {"heads": heads, "legend": _legend(heads),
               "values": [num(data.get(k), t.attributes[k].get("signed", False)) for k in SHIP_HEADS]}
    defense = [["Passive Defense", num(d.get("passive_defense"))], ["Dodge", num(d.get("dodge"))],
               ["Initiative", num(d.get("initiative"))]]
    weapons = []
    for w, dw in zip(data.get("weapons", []), d.get("weapons", [])):
        rng = f"{dw['range_value']} {dw['range_label']}" if dw.get("range_value") else num(w.get("range"))
        pool = f"{dw['pool']} dice" if dw.get("pool") is not None else f"{num(w.get('damage'))} + gunner"
        weapons.append([one(w.get("name")), one(w.get("arc")), rng, pool])
    hp = [["Hard points", f"{d.get('hard_points_used')} of {d.get('hard_points_total')} used"],
          ["Cargo", f"{data['cargo_tons']} t" if data.get("cargo_tons") is not None else "—"]]
    tracks = [[label, data.get(k) if isinstance(data.get(k), int) else None] for k, label in SHIP_TRACKS.items()]
    sub = ", ".join(x for x in (one(data.get("class")), role) if x)
    return [Card("ship", {"name": one(data.get("name")) or "Unnamed ship", "type": sub, "profile": profile,
                          "defense": defense, "weapons": weapons,
                          "equipment": [one(e.get("name")) for e in data.get("equipment", [])],
                          "hard_points": hp, "tracks": tracks})]


def _char_heads(t) -> list[list[str]]:
    return [[a["label"][:3].upper(), a["label"]] for a in t.char_attributes.values()]


def _character(data: dict, result) -> list[Card]:
    d, t = result.derived, tables(result.pack)
    heads = _char_heads(t)
    attrs = d.get("attributes") or {}
    profile = {"heads": heads, "legend": _legend(heads) + " · dice",
               "values": [num((attrs.get(k) or {}).get("level")) for k in t.char_attributes]}
    skills = [[s["name"], f"{s['level']} {s['level_name']}" if s.get("level_name") else num(s.get("level")),
               num(s.get("pool"))]
              for s in d.get("skills", []) if (s.get("level") or 0) > 0 or (s.get("bonus") or 0) > 0]
    pools = d.get("ship_pools") or {}
    ship = [[pools[k]["label"], num(pools[k]["dice"])] for k in SHIP_POOLS if k in pools]
    classes = ", ".join(f"{one(c.get('name')) or '?'} {num(c.get('level'))}" for c in data.get("classes", []))
    species = one(data.get("species")) + (" (Droid)" if data.get("droid") else "")
    sub = ", ".join(x for x in (species, classes, f"Force {num(d.get('force_rating'))}" if not data.get("droid") else "") if x)
    motivators = [one(m.get("text")) for m in data.get("motivators", []) if one(m.get("text"))]
    equipment = [one(e.get("name") if isinstance(e, dict) else e) for e in data.get("equipment", [])]
    hp = data.get("hit_points")
    return [Card("character", {"name": one(data.get("name")) or "Unnamed character", "type": sub,
                               "profile": profile, "skills": skills, "ship": ship, "motivators": motivators,
                               "equipment": [e for e in equipment if e],
                               "tracks": [["Hit Points", hp if isinstance(hp, int) else None]]})]


def cards(data: dict, result) -> list[Card]:
    return _ship(data, result) if "ship" in str(data.get("format")) else _character(data, result)


def facts(data: dict, result) -> list[tuple[str, str]]:
    d = result.derived
    if "ship" in str(data.get("format")):
        out = []
        for c in d.get("crew") or []:
            out.append((c["label"], c["name"] if c["status"] == "ok" else f"not linked ({c['file']})"))
        return out
    return []


def blank(card_type: str, pack) -> dict:
    t = tables(pack)
    if card_type == "ship":
        heads = _ship_heads(t)
        return {"name": "", "type": "", "profile": {"heads": heads, "values": [""] * len(heads), "legend": _legend(heads)},
                "defense": [["Passive Defense", ""], ["Dodge", ""], ["Initiative", ""]], "weapons": [],
                "equipment": [], "hard_points": [["Hard points", ""], ["Cargo", ""]],
                "tracks": [[label, BLANK_SHIP_BOXES[label]] for label in SHIP_TRACKS.values()]}
    heads = _char_heads(t)
    return {"name": "", "type": "", "profile": {"heads": heads, "values": [""] * len(heads), "legend": _legend(heads) + " · dice"},
            "skills": [], "ship": [["Dodge", ""], ["Initiative", ""]], "motivators": [], "equipment": [],
            "tracks": [["Hit Points", 20]]}
