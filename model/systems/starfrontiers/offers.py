"""What a Star Frontiers editor offers, computed from the same derived values check reads: the shop (each
item with its cost, mass, whether buying it now fits and why not), the race, PSA and Human-bonus choices,
the base scores a player may enter, and each owned entry with its pointer, status and what it asks for.

Pages and sheets read these; they decide nothing of their own.
"""

from __future__ import annotations

from .tables import ABILITIES, Tables

# the shop's headings, in the order the rulebook lists the equipment
CATEGORIES = (("pack", "Standard equipment pack"), ("weapon", "Weapons"), ("grenade", "Grenades"),
              ("defense", "Defenses"), ("ammunition", "Ammunition and power packs"), ("gear", "Other equipment"),
              ("toolkit", "Tool kits"), ("explosive", "Explosives"))


def cr(v) -> str:
    return "not stated" if v is None else f"{v:,} Cr"


def kg(v) -> str:
    return "not stated" if v is None else f"{v:g} kg"


def _item_tip(item: dict) -> str:
    tip = item["notes"]
    if item.get("weapon"):
        w = item["weapon"]
        tip = f"Damage {w['damage']}; ammo use {w['ammo_use']}; {w['range']}.\n{tip}"
    return tip


def _shop_reason(item: dict, d: dict) -> tuple[str, str]:
    """(what stops it, why) buying one more of `item` now does not fit (("", "") when it does)."""
    # SF-EQ-12: credits may not go below zero (an item the rulebook prices as not stated costs what is entered)
    cost = item["cost"]
    if cost and cost > d["credits_left"]:
        short = cost - max(d["credits_left"], 0)
        return "credits", f"{short:,} Cr short"
    # SF-EQ-07, SF-EQ-08: only the named PSA may use it; SF-EQ-05: the kit's PSA bonus is for one PSA
    psa = d.get("psa")
    if item.get("psa_only") and psa and psa != item["psa_only"]:
        return "psa", f"{item['psa_only']} only"
    if item.get("psa_bonus_for") and psa and psa != item["psa_bonus_for"]:
        return "psa", f"no PSA bonus for a {psa}"
    return "", ""


def shop(d: dict, t: Tables) -> list[dict]:
    """Every item of the pack under its heading: cost, mass, what it is, and whether it fits now."""
    out = []
    for cat, label in CATEGORIES:
        for item in (i for i in t.pack["items"] if i["category"] == cat):
            blocked_by, reason = _shop_reason(item, d)
            out.append({"name": item["name"], "category": cat, "category_label": label,
                        "cost": item["cost"], "mass": item["mass"], "cost_text": cr(item["cost"]),
                        "mass_text": kg(item["mass"]), "tip": _item_tip(item), "fits": not reason,
                        "blocked_by": blocked_by, "reason": reason, "owned": d["possessions"].get(item["name"], 0)})
    return out


def _owned_notes(row: dict, status: str) -> str:
    notes = ["custom item" if status == "custom" else "not in the lists"] if status != "known" else []
    if row.get("issued"):
        notes.append("issued")
    if row.get("carried") is False:
        notes.append("stowed")
    if row.get("known") and not row.get("mass_stated"):
        notes.append("mass not stated")
    return "; ".join(notes)


def owned(data: dict, d: dict) -> list[dict]:
    """One entry per document entry, with its pointer, status and the inputs it takes."""
    out = []
    for i, row in enumerate(d["equipment"]):
        status = "custom" if row["category"] == "custom" and row["known"] else "known" if row["known"] else "unknown"
        cost = "" if row["price_entry"] or row["may_be_custom"] else "issued" if row["issued"] else f"{row['cost']:,} Cr"
        mass = ("" if row["mass_entry"] else
                f"{row['mass_total']:g} kg" if row["mass_stated"] or row["mass_total"] else "–")
        out.append({"pointer": f"/equipment/{i}", "name": row["name"], "count": row["count"], "status": status,
                    "cost_text": cost, "mass_text": mass, "notes": _owned_notes(row, status), "carried": bool(row["carried"]),
                    "price_entry": row["price_entry"], "mass_entry": row["mass_entry"],
                    "may_be_custom": row["may_be_custom"]})
    return out


def choices(data: dict, d: dict, t: Tables) -> dict:
    """The race, PSA, Human-bonus and base-score choices, each with what it does."""
    races = []
    for r in t.races.values():
        mods = ", ".join(f"{t.pair_abbr(p)} {v:+d}" for p, v in r["modifiers"].items() if v) or "no modifiers"
        races.append({"name": r["name"], "label": f"{r['name']}  ({mods})", "summary": r["summary"]})
    race = t.races.get(d.get("race") or "")
    amount = (race or {}).get("single_ability_bonus")
    with_bonus = next((r for r in t.races.values() if r.get("single_ability_bonus")), None)
    any_bonus = with_bonus["single_ability_bonus"] if with_bonus else 0
    # SF-RACE-01: only a race with a single-ability bonus (Humans) chooses one; a chosen one stays editable
    # so a wrong choice read from a file can be cleared
    bonus = {"allowed": bool(amount) or bool(data.get("human_bonus")), "amount": amount or 0,
             "label": f"{with_bonus['name']} +{any_bonus} to" if with_bonus else "Bonus to",
             "reason": "" if amount else "only a race with a bonus to one ability chooses one",
             "options": [{"key": k, "label": f"{t.label(k)} ({t.abbr(k)}) +{amount or any_bonus}"} for k in ABILITIES]}
    skill = t.skills.get(d.get("psa") or "")
    return {"races": races, "race_summary": race["summary"] if race else "",
            "psas": [{"name": s["name"], "summary": s["summary"]} for s in t.skills.values()],
            "psa_summary": skill["summary"] if skill else "",
            "human_bonus": bonus,
            "base_scores": [{"score": r["score"], "label": f"{r['score']}  (roll {r['low']}-{r['high']})"}
                            for r in t.ability_table]}


def offers(data: dict, d: dict, t: Tables) -> dict:
    return {"shop": shop(d, t), "owned": owned(data, d), "choices": choices(data, d, t)}
