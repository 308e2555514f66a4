"""Starchasers character COMPUTE rules: the dice pool of every skill and the ship-station pools, with parts.

SC-CHAR-04: the sheet's ready total per skill is attribute + bonus + skill. SC-CHAR-08: temporary dice
(Motivation, Force Powers, class abilities) are never baked into it. A value not chosen yet (null) makes
the pools that need it null, never a guess.
"""

from __future__ import annotations

from typing import Any

from ..tables import Tables, fold


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _attribute(t: Tables, a: dict, value: Any) -> dict:
    """An attribute's label, its level when the document holds a whole number, and the name of that level."""
    level = _int(value)
    return {"label": a["label"], "level": level,
            "name": t.attribute_names.get(level) if level is not None else None}


def skill_names(data: dict, t: Tables) -> list[str]:
    """The rules pack's skills, then the skills the player added, each once (a known skill under its pack name)."""
    out = list(t.skills)
    seen = {fold(n) for n in out}
    for name in list(data.get("skills", {})) + list(data.get("bonuses", {})) + list(data.get("skill_attributes", {})):
        if fold(name) not in seen:
            seen.add(fold(name))
            out.append(name)
    return out


def _lookup(mapping: dict, name: str) -> tuple[str | None, Any]:
    """The key of `mapping` that names this skill (any letter case) and its value."""
    for k, v in mapping.items():
        if fold(k) == fold(name):
            return k, v
    return None, None


def governing_attribute(data: dict, name: str, t: Tables) -> str | None:
    _, chosen = _lookup(data.get("skill_attributes", {}), name)
    if chosen:
        return chosen
    known = t.canonical_skill(name)
    return t.skills[known]["attribute"] if known else None


def skill_pool(data: dict, name: str, t: Tables) -> dict:
    attrs = data.get("attributes", {})
    attr = governing_attribute(data, name, t)
    attr_dice = _int(attrs.get(attr)) if attr else None
    _, level = _lookup(data.get("skills", {}), name)
    level = _int(level)
    level = 0 if level is None else level
    parts = []
    _, extra = _lookup(data.get("bonuses", {}), name)
    if _int(extra):
        parts.append(["bonus", extra])
    for item in data.get("equipment", []):
        if any(fold(s) == fold(name) for s in item.get("skills", [])) and _int(item.get("bonus")):
            parts.append([item.get("name", "equipment"), item["bonus"]])
    # SC-CHAR-06 is not checked here (GAP-SC-08): the excerpts give no Force Power Sets, so a character records
    # no Force Powers whose +1 to +3 dice could be bounded; such dice are temporary and stay off the total (SC-CHAR-08)
    bonus = sum(p[1] for p in parts)
    carried = {fold(i.get("name")) for i in data.get("equipment", [])}
    needs = [e["name"] for e in t.char["equipment_examples"]
             if any(fold(s) == fold(name) for s in e["required_for"]) and fold(e["name"]) not in carried]
    pool = attr_dice + level + bonus if attr_dice is not None else None
    return {"name": name, "known": t.canonical_skill(name) is not None, "attribute": attr,
            "attribute_label": t.attribute_label(attr) if attr else None, "attribute_dice": attr_dice,
            "level": level, "level_name": t.skill_names.get(level), "bonus": bonus, "bonus_parts": parts,
            "pool": pool, "needs": needs,
            "over_limit": pool is not None and pool > t.char["pool_warning_above"]}


def ship_pools(data: dict, by_name: dict[str, dict], t: Tables) -> dict:
    """SC-CHAR-27: attribute + skill level for each ship-station roll (Dodge adds the ship's Passive Defense);
    SC-CHAR-12: Initiative is Perception + Piloting (the pack's ship_pools)."""
    attrs = data.get("attributes", {})
    out = {}
    for sp in t.char["ship_pools"]:
        a = _int(attrs.get(sp["attribute"]))
        parts = [[t.attribute_label(sp["attribute"]), a]]
        level = 0
        if sp["skill"]:
            level = by_name.get(fold(sp["skill"]), {}).get("level", 0)
            parts.append([sp["skill"], level])
        out[sp["key"]] = {"label": sp["label"], "dice": a + level if a is not None else None, "parts": parts,
                          "adds_passive_defense": sp["adds_passive_defense"]}
    return out


def class_moves(data: dict, t: Tables) -> tuple[list[dict], list[str]]:
    """SC-CHAR-28: the special moves whose class the character has (Ace: Clip, Counter Shot...; Scoundrel: Lucky
    Hit, Cargo Drop), and the advanced maneuvers an Ace may fly on any ship; both from the pack."""
    classes = {fold(c.get("name")) for c in data.get("classes", []) if isinstance(c, dict)}
    moves = [m for m in t.char.get("special_moves", []) if fold(m["class"]) in classes]
    adv = t.char.get("advanced_maneuvers")
    return moves, (list(adv["names"]) if adv and fold(adv["class"]) in classes else [])


def dark_side(data: dict, t: Tables) -> dict | None:
    """SC-CHAR-23: the Dark Side track (0 to the pack's max); at the max the character has fallen."""
    track = t.char.get("dark_side")
    if not track:
        return None
    level = _int(data.get("dark_side")) or 0
    return {"level": level, "max": track["max"], "fallen": level >= track["max"]}


def derive(data: dict, t: Tables) -> dict:
    skills = [skill_pool(data, n, t) for n in skill_names(data, t)]
    by_name = {fold(s["name"]): s for s in skills}
    attrs = data.get("attributes", {})
    motivators = data.get("motivators", [])
    moves, advanced = class_moves(data, t)
    return {
        "pools": {s["name"]: s["pool"] for s in skills},
        "skills": skills,
        "attributes": {k: _attribute(t, a, attrs.get(k)) for k, a in t.char_attributes.items()},
        "force_rating": 0 if data.get("droid") else (_int(data.get("force_rating")) or 0),
        "motivators": {"total": len(motivators),
                       "from_flaw": sum(1 for m in motivators if fold(m.get("source")) == "flaw")},
        "ship_pools": ship_pools(data, by_name, t),
        "dark_side": dark_side(data, t),
        "special_moves": moves,
        "advanced_maneuvers": advanced,
    }
