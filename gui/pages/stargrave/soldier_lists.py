"""The Soldiers page's two lists as Qt models: the catalogue of soldier types and the roster as hired.

Both show `result.offers` (model/systems/stargrave/offers/roster.py): what each type costs and what blocks hiring
it now, each hired soldier with its status. No rule is decided here."""

from __future__ import annotations

from model.systems.stargrave.derive import format_value
from model.systems.stargrave.tables import KEYS

from ...widgets.rows_model import Row, RowsModel

# roster columns
C_TYPE, C_NAME, C_COST, C_ROBOT, C_SHOTGUN, C_TRADE = range(6)   # issues show on the type (column 0)


def cost_words(cost: int) -> str:
    return f"{cost} Cr" if cost else "free"


def catalogue_model(t) -> RowsModel:
    return RowsModel(["Type", "Cost"] + [t.char[k]["abbr"] for k in KEYS] + ["Standard gear"],
                     ["A star marks a specialist", "What hiring costs, and whether the crew can hire it now"]
                     + [t.label(k) for k in KEYS] + ["Already counted in the profile"])


def catalogue_rows(offers: list[dict], t) -> list[Row]:
    """One row per soldier type: a star for a specialist, a warning on the cost when something blocks it."""
    rows = []
    for o in offers:
        gear = ", ".join(o["gear"]) or "none"
        about = (o["notes"] or ("Specialist: counts toward the specialist limit" if o["specialist"] else ""))
        why = o["reason"] or "Double-click to hire"
        cells = (o["name"], cost_words(o["cost"])) + tuple(format_value(k, o["profile"][k], t) for k in KEYS) + (gear,)
        tips = ("\n".join(x for x in (about, why) if x), why) + ("",) * len(KEYS) + (gear,)
        rows.append(Row(o["name"], cells, tips, ("specialist" if o["specialist"] else "",
                                                 "" if o["fits"] else "warning"),
                        center=tuple(range(2, 2 + len(KEYS))), data=o))
    return rows


def roster_model() -> RowsModel:
    return RowsModel(["Type", "Name", "Cost", "Robot", "Shotgun", "Trade"],
                     ["A star marks a specialist; the profile and gear are in each type's tooltip", "", "",
                      "A robot soldier (the rules for robots apply in play)", "Swap the carbine for a shotgun",
                      "Trade the assault armour's pistol for a carbine: it fills the soldier's item slot (SG-SOLD-14)"])


def roster_rows(hired: list[dict]) -> list[Row]:
    """One row per hired soldier, keyed by its place (the name, robot and shotgun fields sit in the row); the
    profile and gear (with a shotgun swapped in) are the type's tooltip and the line under the roster."""
    rows = []
    for h in hired:
        gear = ", ".join(h["gear"]) or "none" if h["known"] else "unknown soldier type"
        tip = f"{h['type']}: {h['profile_words']}; {gear}" if h["known"] else h["reason"]
        if h.get("slot_words"):
            tip += f"; item slot: {h['slot_words']}"
        rows.append(Row(h["pointer"], (h["type"], "", cost_words(h["cost"]), "", "", ""),
                        ("\n".join(x for x in (tip, h["reason"] if h["known"] else "") if x),
                         "", "", "", h["shotgun_reason"], h.get("trade_reason", "")),
                        ("specialist" if h["specialist"] else "",), pointer=h["pointer"], data=h))
    return rows
