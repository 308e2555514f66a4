"""What a Starchasers character can add or choose, and why the rest cannot (Result.offers of
`starchasers-character`). Computed inside evaluate from the derived values check uses; the pages read it.

- `skills`: one entry per skill row (derived.skills) with the pointers its level, bonus and attribute live at,
  whether its governing attribute is the pack's or the player's choice, the pool's words, and whether it can
  be removed (only skills the player added).
- `attributes`: the attributes a skill may be governed by (key, label).
- `classes`: the class a new row starts with (the first known class not taken yet).
- `motivators`: the source a new motivator starts with (SC-CHAR-14: the flaw while none comes from it).
- `equipment_examples`: the equipment the pack names, with what it adds and whether it is carried already.
- `special_moves`, `advanced_maneuvers`: what the character's classes give (SC-CHAR-28).
"""

from __future__ import annotations

from .... import pointer as jp
from ..tables import Tables, fold, tables


def key_for(mapping, name: str) -> str:
    """The key a document uses for a skill (any letter case), or the name itself when it has none."""
    for k in (mapping or {}):
        if fold(k) == fold(name):
            return k
    return name


def pool_words(s: dict, above: int) -> tuple[str, str, bool]:
    """(the pool as shown, how it is made, whether it is flagged) for a derived skill (SC-CHAR-04)."""
    parts = []
    if s["attribute"]:
        parts.append(f"{s['attribute_label']} {s['attribute_dice'] if s['attribute_dice'] is not None else '?'}")
    parts += [f"{n} {v}" for n, v in s["bonus_parts"]]
    parts.append(f"{s['name']} {s['level']}")
    if s["pool"] is None:
        text = "–"
        tip = ("Choose the governing attribute to see the pool." if not s["attribute"]
               else f"Choose {s['attribute_label']} on the Character page to see the pool.")
    else:
        text = str(s["pool"])
        tip = " + ".join(parts) + f" = {s['pool']} dice"
        if s["over_limit"]:
            tip += f" (more than {above}: most characters top out at {above})"
    needs = bool(s["needs"] and s["level"] > 0)
    if needs:
        tip += f". Needs {' or '.join(s['needs'])} in the equipment."
    return text, tip, bool(s["over_limit"] or needs)


def skills(data: dict, derived: dict, t: Tables) -> list[dict]:
    above = t.char["pool_warning_above"]
    out = []
    for s in derived.get("skills", []):
        name = s["name"]
        pack_attr = t.skills.get(t.canonical_skill(name) or "", {}).get("attribute")
        text, tip, flagged = pool_words(s, above)
        out.append({"name": name, "known": s["known"], "label": name if s["known"] else f"{name} (added)",
                    "pointer": jp.join("skills", key_for(data.get("skills"), name)),
                    "bonus_pointer": jp.join("bonuses", key_for(data.get("bonuses"), name)),
                    "attribute_pointer": jp.join("skill_attributes", key_for(data.get("skill_attributes"), name)),
                    "attribute_fixed": t.attribute_label(pack_attr) if pack_attr else None,
                    "level": s["level"], "pool": text, "pool_how": tip, "flagged": flagged,
                    "removable": not s["known"]})
    return out


def next_class(data: dict, t: Tables) -> str:
    have = {c.get("name") for c in data.get("classes", []) if isinstance(c, dict)}
    return next((k for k in t.char.get("known_classes", []) if k not in have), "")


def next_motivator_source(data: dict, t: Tables) -> str:
    """SC-CHAR-14: a new motivator comes from the flaw while none does, else from a class."""
    sources = t.char["motivators"]["sources"]
    flaws = sum(1 for m in data.get("motivators", []) if fold(m.get("source")) == "flaw")
    return "flaw" if flaws == 0 and "flaw" in sources else ("class" if "class" in sources else sources[0])


def equipment_examples(data: dict, t: Tables) -> list[dict]:
    carried = {fold(i.get("name")) for i in data.get("equipment", []) if isinstance(i, dict)}
    out = []
    for e in t.char["equipment_examples"]:
        adds = (f"+{e['bonus']} to {', '.join(e['skills'])}" if e["bonus"]
                else f"required for {', '.join(e['required_for'])}")
        out.append({"name": e["name"], "label": f"{e['name']} ({adds})", "carried": fold(e["name"]) in carried,
                    "entry": {"name": e["name"], "bonus": e["bonus"] or None, "skills": list(e["skills"]),
                              "required_for": list(e["required_for"])}})
    return out


def offers(data: dict, derived: dict, pack) -> dict:
    t = tables(pack)
    if not derived:
        return {}
    return {
        "skills": skills(data, derived, t),
        "attributes": [{"key": k, "label": a["label"]} for k, a in t.char_attributes.items()],
        "classes": {"next": next_class(data, t), "known": list(t.char.get("known_classes", []))},
        "motivators": {"next_source": next_motivator_source(data, t), "sources": list(t.char["motivators"]["sources"])},
        "equipment_examples": equipment_examples(data, t),
        "special_moves": derived.get("special_moves", []),
        "advanced_maneuvers": derived.get("advanced_maneuvers", []),
    }
