"""What a Knight Hawks editor offers, from the limits derive computed for check: each ship type with its
numbers and limits, the fighter configurations, and every weapon and defense with the most this hull may
carry, how many of those entered count and why the rest do not. Pages and sheets read these."""

from __future__ import annotations

from .tables import DEFENSES, GROUPS, WEAPONS, Tables, bounds

GROUP_TITLE = {WEAPONS: "Weapons", DEFENSES: "Defenses"}


def _limit_words(limit) -> str:
    lo, hi = bounds(limit)
    return f"{lo}–{hi}" if isinstance(limit, dict) else str(hi)


def type_summary(stype: dict) -> str:
    """A type's numbers and limits in one line, from the pack."""
    hp = stype["hull_points"]
    hp_words = f"{hp['min']}–{hp['max']} hull points (chosen per ship)" if isinstance(hp, dict) else f"{hp} hull points"
    parts = [hp_words, f"ADF {stype['adf']}", f"MR {stype['mr']}"]
    for group in GROUPS:
        items = [f"{_limit_words(v)} {c}" for c, v in stype[group].items()]
        parts.append(f"{GROUP_TITLE[group].lower()}: {', '.join(items) if items else 'none'}")
    return " · ".join(parts)


def _info(group: str, e: dict, t: Tables) -> str:
    if group == WEAPONS:
        codes = " ".join(e["restrictions"]) or "no codes"
        phases = [t.phases[k]["short"] for k in e["fires_in"] if k in t.phases]
        fires = " + ".join(phases) + (", one per turn" if e["once_per_turn"] else "")
        return f"{codes} · range {e['range']} · {e['damage']} · fires: {fires}"
    return "limited supply: tick off as used" if e["limited"] else "always on, not used up"


def _limit_text(limit: dict | None) -> str:
    if limit is None:
        return ""
    if limit["max"] is None:
        return "no limit known"
    if limit["max"] == 0:
        return "not carried by this type"
    if limit["min"]:
        return f"at most {limit['max']} (type range {limit['min']}-{limit['max']})"
    return f"at most {limit['max']}"


def entries(d: dict, group: str, t: Tables) -> list[dict]:
    """Every weapon or defense of the pack, with the limit of this ship and how many entered count."""
    out = []
    for code, e in t.entries[group].items():
        # KH-SHIP-03, KH-SHIP-05: the type (or the fighter's configuration) limits each entry;
        # entries above the limit are kept and shown, but only the limit counts
        limit = (d.get("limits") or {}).get(group, {}).get(code)
        row = next((r for r in d.get(group, []) if r["code"] == code), None)
        count, usable = (row["count"], row["usable"]) if row else (0, 0)
        reason = f"only {usable} of {count} count" if row and usable != count else ""
        out.append({"code": code, "pointer": f"/{group}/{code}", "name": e["name"], "label": f"{e['name']} ({code})",
                    "tip": e.get("summary") or e.get("effect", ""), "info": _info(group, e, t),
                    "limit": limit, "limit_text": _limit_text(limit), "count": count, "usable": usable,
                    "fits": limit is None or limit["max"] != 0, "reason": reason,
                    "accessible": f"{e['many'].capitalize()} carried"})
    return out


def unknown(data: dict, group: str, t: Tables) -> list[dict]:
    """Entries whose code the pack does not know (kept as written; removable)."""
    value = data.get(group) or {}
    return [{"code": k, "pointer": f"/{group}/{k}", "value": value[k]} for k in value if k not in t.entries[group]]


def configurations(d: dict, t: Tables) -> list[dict]:
    stype = t.types.get(d.get("type") or "")
    return [{"label": "Not declared", "number": None}] + [
        {"label": c["name"], "number": c["number"]} for c in (stype or {}).get("configurations", [])]


_TYPES: dict[int, tuple] = {}


def type_offers(t: Tables) -> list[dict]:
    """Every ship type of the pack with its summary: the same for every ship of one pack, made once per pack."""
    hit = _TYPES.get(id(t))
    if hit is None or hit[0] is not t:
        hit = _TYPES[id(t)] = (t, [{"name": s["name"], "summary": type_summary(s),
                                    "tip": f"{s['summary']}\n{type_summary(s)}"} for s in t.pack["ship_types"]])
    return hit[1]


def offers(data: dict, d: dict, t: Tables) -> dict:
    stype = t.types.get(d.get("type") or "")
    return {
        "types": type_offers(t),
        "type_summary": type_summary(stype) if stype else "",
        # KH-SHIP-02: only a space station chooses its hull points; KH-SHIP-06: a fighter declares a configuration
        "hull_points_chosen": bool(d.get("station")),
        "has_configurations": bool(stype and stype.get("configurations")),
        "configurations": configurations(d, t),
        WEAPONS: entries(d, WEAPONS, t),
        DEFENSES: entries(d, DEFENSES, t),
        "unknown": {g: unknown(data, g, t) for g in GROUPS},
    }
