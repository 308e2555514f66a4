"""The rows the officer page's lists show, made from the model's offers (Result.offers): no rule is decided here."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from ....widgets.rows_model import Row, RowsModel

POWER_COLUMNS = ["Power", "Basic", "Category", "Activation in the book", "Activation", "Fatigue", "English edition"]


class PowerModel(RowsModel):
    """Powers, the background's basic ones in bold (each row's data is its offer or chosen entry)."""

    bold: QFont | None = None   # made once: a font per cell and repaint was a good part of the grid's repaint

    def _row_roles(self, row: Row) -> list[dict]:
        roles = super()._row_roles(row)
        if (row.data or {}).get("basic"):
            if PowerModel.bold is None:
                PowerModel.bold = QFont()
                PowerModel.bold.setBold(True)
            roles[0][Qt.ItemDataRole.FontRole] = PowerModel.bold
        return roles

    def font_key(self, row: Row):
        return bool((row.data or {}).get("basic"))


def power_detail(o: dict, who: str) -> str:
    """What one power would be for this figure, in words (the tooltip and the line under the chooser)."""
    alias = f" (English edition: {o['rulebook_name']})" if o["rulebook_name"] != o["name"] else ""
    extra = o["activation"] - o["base_activation"]
    how = f"{o['base_activation']} in the book" + (
        f", {extra:+d} as {'a basic' if o['basic'] else 'not a basic'} power" if extra else "")
    why = " Chosen: untick it to drop it." if o["chosen"] else \
        f" Cannot be taken now: {o['reason']}." if o["reason"] else ""
    return (f"{o['name']}{alias} · {o['category']} · activation {o['activation']} for this {who} ({how}) · "
            f"fatigue {o['fatigue']}{' · basic' if o['basic'] else ''}.{why}")


def power_rows(offers: list[dict], who: str) -> list[Row]:
    return [Row(key=o["name"], cells=(o["name"], "basic" if o["basic"] else "",
                                      o["category"], o["base_activation"], o["activation"], o["fatigue"],
                                      o["rulebook_name"]),
                tips=(power_detail(o, who) + ("\n" + o["summary"] if o["summary"] else ""),),
                check=o["chosen"], pointer=o["pointer"], data=o) for o in offers]


def chosen_rows(chosen: list[dict], lowering: bool) -> list[Row]:
    rows: list[Row] = []
    seen: dict[str, int] = {}
    for c in chosen:
        n = seen[c["name"]] = seen.get(c["name"], 0) + 1
        if c["known"]:
            how = "\n".join(f"{k}: {v:+d}" if i else f"{k}: {v}" for i, (k, v) in enumerate(c["derivation"]))
            cells = (c["name"], c["activation"], c["fatigue"])
            tips = ("Untick to drop this power" + (" (basic)" if c["basic"] else " (not basic)"),
                    f"{how}\n= {c['activation']}", "Fatigue: never changes")
        else:
            cells, tips = (c["name"], "–", "–"), ("Not a power in the rules pack", "", "")
        lower = ("" if not lowering else c["lower_reason"] or "Lower this power's activation number by 1",)
        rows.append(Row(key=f"{c['name']}#{n}", cells=cells + ("",) * lowering, tips=tips + lower * lowering,
                        check=True, pointer=c["pointer"], center=(1, 2, 3), data=c))
    return rows


def item_rows(offers: list[dict], carried: list[dict]) -> list[Row]:
    """One row per General Equipment List item (ticked when carried) and one per carried name it lacks."""
    by_name: dict[str, list[dict]] = {}
    for c in carried:
        by_name.setdefault(c["name"] if c["known"] else "?" + c["pointer"], []).append(c)
    rows = []
    for o in offers:
        mine = by_name.pop(o["name"], [])
        rows.append(_item_row(o["name"], o, mine))
    for key, mine in by_name.items():
        rows.append(_item_row(key, None, mine))
    return rows


def _item_row(key: str, offer: dict | None, mine: list[dict]) -> Row:
    bad = next((c for c in mine if not c["fits"]), None)
    name = offer["name"] if offer else mine[0]["name"]
    label = f"{name} ×{len(mine)}" if len(mine) > 1 else name
    if mine:
        slots = sum(c["slots"] for c in mine) if all(c["known"] for c in mine) else "–"
        status = bad["reason"] if bad else "Carried"
        icon = "error" if bad else "ok"
        pointer = (bad or mine[0])["pointer"]
    else:
        assert offer is not None, "a row is an offer, or items carried without one"   # (gear_rows makes no other)
        slots, status, icon, pointer = offer["slots"], offer["reason"] or "Fits", "", ""
    notes = offer["notes"] if offer else ""
    alias = f"\nEnglish edition: {offer['rulebook_name']}" if offer and offer["rulebook_name"] != name else ""
    tip_name = "\n".join(x for x in (notes + alias, "Tick to carry it; untick to leave it. Double-click adds one more.")
                         if x)
    # a carried item that fits shows the tick icon alone (its tooltip says "Carried"): the word did not fit beside
    # it in the default window
    shown = "" if mine and not bad else status
    return Row(key=key, cells=(label, slots, shown), tips=(tip_name, "Slots it uses for this figure", status),
               icons=("", "", icon), check=bool(mine), pointer=pointer, center=(1,),
               enabled=bool(mine) or bool(offer and offer["fits"]), data={"name": name, "carried": mine})
