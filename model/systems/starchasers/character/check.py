"""Starchasers character ENFORCE rules (SC-CHAR): Issues with the RULES.md id and the pointer at fault.

Nothing the player entered is refused or changed: an attribute of 6 stays 6 and is reported here.
"""

from __future__ import annotations

from typing import Any

from .... import pointer as jp
from ....issues import ERROR, INFO, WARNING, Issue
from ....wording import count_word
from ..tables import Tables, fold


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _names(levels: dict[int, str]) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(levels.items()))


def check_attributes(data: dict, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    lo, hi = t.char["attribute_range"]["min"], t.char["attribute_range"]["max"]
    attrs = data.get("attributes", {})
    for key, a in t.char_attributes.items():
        v = attrs.get(key)
        ptr = jp.join("attributes", key)
        if v is None:
            out.append(Issue(ptr, "SC-CHAR-01", WARNING, f"{a['label']}: not chosen yet ({lo} to {hi})."))
        elif not lo <= v <= hi:
            out.append(Issue(ptr, "SC-CHAR-02", ERROR, f"{a['label']} is {v}; an attribute level is from {lo} to {hi} "
                                                       f"({_names(t.attribute_names)})."))
    for key in attrs:
        if key not in t.char_attributes:
            out.append(Issue(jp.join("attributes", key), "SC-CHAR-01", ERROR,
                             f'"{key}" is not one of the {count_word(len(t.char_attributes))} attributes '
                             f'({", ".join(a["label"] for a in t.char_attributes.values())}).'))
    return out


def check_force(data: dict, d: dict, t: Tables) -> list[Issue]:
    fr = _int(data.get("force_rating"))
    lo, hi = t.char["force_rating"]["min"], t.char["force_rating"]["max"]
    if fr is None:
        return []
    if data.get("droid") and fr > 0:
        return [Issue("/force_rating", "SC-CHAR-09", ERROR,
                      f"A droid cannot have a Force Rating; this droid has {fr}. Set it to 0.")]
    if not lo <= fr <= hi:
        return [Issue("/force_rating", "SC-CHAR-09", ERROR, f"Force Rating is {fr}; it is from {lo} to {hi}.")]
    return []


def check_skills(data: dict, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    lo, hi = t.char["skill_range"]["min"], t.char["skill_range"]["max"]
    for name, v in data.get("skills", {}).items():
        ptr = jp.join("skills", name)
        if v is not None and not lo <= v <= hi:
            out.append(Issue(ptr, "SC-CHAR-03", ERROR, f"{name} is at level {v}; a skill level is from {lo} to {hi} "
                                                       f"({_names(t.skill_names)})."))
    blo, bhi = t.char["bonus_range"]["min"], t.char["bonus_range"]["max"]
    for name, v in data.get("bonuses", {}).items():
        if v is not None and not blo <= v <= bhi:
            out.append(Issue(jp.join("bonuses", name), "SC-CHAR-05", ERROR,
                             f"{name}: a bonus gives {blo} to {bhi} dice; this one gives {v}."))
    for name, attr in data.get("skill_attributes", {}).items():
        if attr not in t.char_attributes:
            out.append(Issue(jp.join("skill_attributes", name), "SC-CHAR-04", ERROR,
                             f'{name}: "{attr}" is not an attribute; choose one of '
                             f'{", ".join(a["label"] for a in t.char_attributes.values())}.'))
    for s in d["skills"]:
        key, level = None, None
        for k, v in data.get("skills", {}).items():
            if fold(k) == fold(s["name"]):
                key, level = k, v
        ptr = jp.join("skills", key) if key else "/skills"
        if s["attribute"] is None and (level or 0) > 0:
            what = "a skill you added" if not s["known"] else "the rules pair it with no attribute"
            out.append(Issue(jp.join("skill_attributes", s["name"]), "SC-CHAR-04", WARNING,
                             f"{s['name']}: {what}; choose its governing attribute so its pool can be shown."))
        if s["over_limit"]:
            out.append(Issue(ptr, "SC-CHAR-07", WARNING,
                             f"{s['name']} rolls {s['pool']} dice; most characters top out at "
                             f"{t.char['pool_warning_above']}."))
        if s["needs"] and (level or 0) > 0:
            out.append(Issue(ptr, "SC-CHAR-05", WARNING,
                             f"{s['name']} can only be used with {' or '.join(s['needs'])}, which is not in the equipment."))
    return out


def check_equipment(data: dict, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    blo, bhi = t.char["equipment_bonus_range"]["min"], t.char["equipment_bonus_range"]["max"]
    for i, item in enumerate(data.get("equipment", [])):
        b = item.get("bonus")
        name = item.get("name") or "This equipment"
        if b is not None and b != 0 and not blo <= b <= bhi:
            out.append(Issue(f"/equipment/{i}/bonus", "SC-CHAR-05", ERROR,
                             f"{name} gives {b} bonus dice; equipment gives {blo} to {bhi}."))
        if _int(b) and not item.get("skills"):
            out.append(Issue(f"/equipment/{i}/skills", "SC-CHAR-05", WARNING,
                             f"{name} gives bonus dice but names no skill they go to."))
    return out


def check_motivators(data: dict, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    rules = t.char["motivators"]
    mots = data.get("motivators", [])
    sources = rules["sources"]
    flaws = 0
    for i, m in enumerate(mots):
        src = m.get("source")
        if fold(src) not in [fold(s) for s in sources]:
            out.append(Issue(f"/motivators/{i}/source", "SC-CHAR-14", ERROR,
                             f'A motivator comes from {" or ".join(sources)}, not "{src}".'))
        elif fold(src) == "flaw":
            flaws += 1
            if flaws > rules["max_from_flaw"]:
                out.append(Issue(f"/motivators/{i}/source", "SC-CHAR-14", ERROR,
                                 f"Only {rules['max_from_flaw']} motivator may come from the flaw; this is flaw "
                                 f"motivator number {flaws}."))
        if not str(m.get("text", "")).strip():
            out.append(Issue(f"/motivators/{i}/text", "SC-CHAR-15", WARNING, "Describe what this motivator is."))
    if len(mots) > rules["max"]:
        out.append(Issue(f"/motivators/{rules['max']}", "SC-CHAR-14", ERROR,
                         f"A character has at most {rules['max']} active motivators; this one has {len(mots)}."))
    return out


def check_classes_and_hit_points(data: dict, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    lo, hi = t.char["class_levels"]["min"], t.char["class_levels"]["max"]
    known = [fold(c) for c in t.char.get("known_classes", [])]
    for i, c in enumerate(data.get("classes", [])):
        lv = c.get("level")
        if lv is not None and not lo <= lv <= hi:
            out.append(Issue(f"/classes/{i}/level", "SC-CHAR-22", ERROR,
                             f"{c.get('name') or 'This class'} is at level {lv}; class levels run from {lo} to {hi}."))
        if not str(c.get("name", "")).strip():
            out.append(Issue(f"/classes/{i}/name", "GAP-SC-03", WARNING, "Name this class."))
        elif fold(c["name"]) not in known:
            out.append(Issue(f"/classes/{i}/name", "GAP-SC-03", INFO,
                             f"{c['name']} is a class you entered; the rules excerpts name only "
                             f"{' and '.join(t.char.get('known_classes', []))}."))
    hp = data.get("hit_points")
    if hp is None:
        out.append(Issue("/hit_points", "SC-CHAR-10", WARNING,
                         "Hit Points: enter them; the rules give no formula from Toughness."))
    elif hp < 0:
        out.append(Issue("/hit_points", "SC-CHAR-10", ERROR, f"Hit Points cannot be negative ({hp})."))
    return out


def check_dark_side(data: dict, d: dict, t: Tables) -> list[Issue]:
    """SC-CHAR-23: the Dark Side track runs 0 to 10 (the pack's range); at the top the character has fallen."""
    track, level = t.char.get("dark_side"), _int(data.get("dark_side"))
    if not track or level is None:
        return []
    lo, hi = track["min"], track["max"]
    if not lo <= level <= hi:
        return [Issue("/dark_side", "SC-CHAR-23", ERROR, f"Dark Side is {level}; the track runs from {lo} to {hi}.")]
    if level == hi:
        return [Issue("/dark_side", "SC-CHAR-23", WARNING,
                      f"Dark Side {level} of {hi}: the character has fallen to The Dark Side and is not playable "
                      f"until redeemed.")]
    return []


def check(data: dict, derived: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    for fn in (check_attributes, check_force, check_skills, check_equipment, check_motivators, check_dark_side,
               check_classes_and_hit_points):
        out += fn(data, derived, t)
    if not str(data.get("name", "")).strip():
        out.append(Issue("/name", "NAME", WARNING, "The character has no name yet."))
    return out
