"""What the Soldiers page offers: every soldier type with its cost and what blocks hiring it now, and each
hired soldier with its pointer and status. Read from the derived crew as founded (the numbers check judges),
so a page shows the model's reasons and never counts credits or specialists itself."""

from __future__ import annotations

from ....wording import a
from .. import soldier_gear as gear
from ..derive import format_value
from ..tables import KEYS, Tables, tables


def hire_block(stype: dict, hired: int, credits_left: int, specialists: int, t: Tables) -> tuple[str, str]:
    """(rule, reason) hiring one more `stype` would break, ("", "") when it fits: the limits check_soldiers
    reports once they are passed."""
    crew = t.crew
    if hired >= crew["max_soldiers"]:    # SG-CREW-03/05: at most max_soldiers soldiers
        return "SG-CREW-05", f"The roster is full: {crew['max_soldiers']} soldiers is the most a crew may hire."
    if 0 < stype["cost"] and stype["cost"] > credits_left:    # SG-CREW-06: the soldiers' cost within the credits
        return "SG-CREW-06", f"Costs {stype['cost']} Cr; only {max(credits_left, 0)} Cr left."
    if stype["specialist"] and specialists >= crew["max_specialists"]:    # SG-CREW-05: at most 4 specialists
        return "SG-CREW-05", (f"Already {specialists} specialists; at most {crew['max_specialists']} are allowed.")
    return "", ""


def profile_words(profile: dict, t: Tables) -> str:
    """'M6 F+2 S+2 A10 W+0 H12': a profile in one line, in the pack's abbreviations."""
    return " ".join(f"{t.char[k]['abbr']}{format_value(k, profile[k], t)}" for k in KEYS if k in profile)


def soldier_types(data: dict, founded: dict, t: Tables) -> list[dict]:
    hired = len(data.get("soldiers") or []) if isinstance(data.get("soldiers"), list) else 0
    left, specialists = founded.get("credits_left", 0), founded.get("specialists", 0)
    # all they depend on besides the pack: asked again at every edit, made again only when one changes
    return t.remembered("soldier_types", (hired, left, specialists),
                        lambda: _soldier_types(hired, left, specialists, t))


def _soldier_types(hired: int, left: int, specialists: int, t: Tables) -> list[dict]:
    out = []
    for s in t.pack["soldiers"]:
        rule, reason = hire_block(s, hired, left, specialists, t)
        out.append({"name": s["name"], "cost": s["cost"], "specialist": s["specialist"],
                    "profile": dict(s["profile"]), "profile_words": profile_words(s["profile"], t),
                    "gear": list(s["gear"]), "notes": s.get("notes", ""), "fits": not rule, "rule": rule,
                    "reason": reason})
    return out


def hired(data: dict, founded: dict, t: Tables) -> list[dict]:
    """One entry per soldier of the document, in order, with its pointer and status."""
    entries = entries if isinstance(entries := data.get("soldiers"), list) else []
    derived = founded.get("soldiers") or []
    most = t.crew["max_soldiers"]
    out = []
    for i, (s, sd) in enumerate(zip(entries, derived)):
        s = s if isinstance(s, dict) else {}
        known = bool(sd.get("known"))
        allowed = bool(sd.get("shotgun_allowed"))
        status, reason = "known", ""
        if not known:
            status, reason = "unknown", f'"{sd.get("type")}" is not a soldier type in the rules pack.'
        elif i >= most:     # SG-CREW-05: the soldiers past the limit
            status, reason = "past the limit", f"Soldier {i + 1} of at most {most}."
        out.append({"pointer": f"/soldiers/{i}", "index": i, "name": s.get("name") or "", "type": sd.get("type"),
                    "known": known, "status": status, "reason": reason, "cost": sd.get("cost", 0),
                    "specialist": bool(sd.get("specialist")), "robot": bool(s.get("robot")),
                    "shotgun": bool(s.get("shotgun")), "shotgun_allowed": allowed,   # SG-SOLD-11
                    "shotgun_reason": "" if allowed or not known else
                    f"{a(str(sd.get('type')), True)} has no carbine, so there is nothing to swap for a shotgun.",
                    "profile_words": profile_words(sd["profile"], t) if known else "",
                    "gear": list(sd.get("gear") or []),
                    # SG-SOLD-14: the armour's pistol traded for a carbine (the slot is empty at founding)
                    "armour_trade": bool(s.get("armour_trade")), "trade_allowed": bool(sd.get("trade_allowed")),
                    "trade_reason": gear.trade_block(t, t.soldiers.get(sd.get("type")), None) if known else "",
                    "slot_words": sd.get("slot_words")})
    return out


def roster_offers(data: dict, derived: dict, pack) -> dict:
    """{"soldier_types": [...], "hired": [...]} for the crew as founded (what the Soldiers page edits)."""
    t = tables(pack)
    founded = (derived or {}).get("founded") or derived or {}
    return {"soldier_types": soldier_types(data, founded, t), "hired": hired(data, founded, t)}
