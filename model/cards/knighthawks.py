"""The Knight Hawks ship card: hull points, ADF and MR; each weapon with its range, damage and
restriction codes; the defenses; a tick row for hull damage and one per limited supply (torpedoes,
rockets, masking screens, ICMs). Values come from the document and `result.derived`."""

from __future__ import annotations

from . import Card, num, one

HEADS = [["HP", "Hull points"], ["ADF", "Acceleration/deceleration factor"], ["MR", "Maneuver rating"]]
# Boxes on a blank card: room for most ships (a heavy cruiser's 70 hull points), to cross out the rest.
BLANK_BOXES = {"Hull": 70, "Torpedoes": 4, "Rockets": 8, "Masking screens": 4, "ICM": 8}
LEGEND = "HP Hull points · ADF Acceleration/deceleration factor · MR Maneuver rating"


def cards(data: dict, result) -> list[Card]:
    d = result.derived
    profile = {"heads": HEADS, "legend": LEGEND, "values": [num(d.get("hull_points")), num(d.get("adf")), num(d.get("mr"))]}
    weapons, defenses, supplies = [], [], []
    for w in d.get("weapons", []):
        if w["usable"] <= 0:
            continue
        name = f"{w['name']} ({w['code']})" + (f" ×{w['usable']}" if w["usable"] > 1 else "")
        weapons.append([name, num(w["range"]), one(w["damage"]), " ".join(w["restrictions"]) or "—"])
        if w["limited"]:
            supplies.append([f"{w['name']} ({w['code']})", w["usable"]])
    for x in d.get("defenses", []):
        if x["usable"] <= 0:
            continue
        defenses.append(f"{x['name']} ({x['code']})" + (f" ×{x['usable']}" if x["usable"] > 1 else ""))
        if x["limited"]:
            supplies.append([f"{x['name']} ({x['code']})", x["usable"]])
    traits = []
    if one(data.get("side")):
        traits.append(["Side", one(data.get("side"))])
    ev = d.get("evasive_action")
    if ev:
        traits.append(["Evasive action", f"torpedoes {ev['torpedo_modifier']}% to hit"])
    config = d.get("configuration")
    sub = (d.get("type") or one(data.get("type"))) + (f", configuration {config['number']}" if config else "")
    hp = d.get("hull_points")
    return [Card("ship", {"name": one(data.get("name")) or "Unnamed ship", "type": sub, "profile": profile,
                          "weapons": weapons, "defenses": defenses, "traits": traits,
                          "tracks": [["Hull", hp if isinstance(hp, int) else None]] + supplies})]


def facts(data: dict, result) -> list[tuple[str, str]]:
    return []


def blank(card_type: str, pack) -> dict:
    return {"name": "", "type": "", "profile": {"heads": HEADS, "values": ["", "", ""], "legend": LEGEND},
            "weapons": [], "defenses": [], "traits": [["Side", ""]],
            "tracks": [[label, BLANK_BOXES[label]] for label in BLANK_BOXES]}
