"""The Starchasers ship sheet's repair blocks (RULES.md 2.6): the damage carried over and the repairs made between
sessions with each one's cost and time and the total (SC-REP-01..07 as derived), and a compact reference of the
repair tables and Reputability modifiers from the rules pack (SC-REP-02/03 printed).

Everything printed is `result.derived` or the pack's `repair` section; nothing here prices a repair."""

from __future__ import annotations

import copy

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer

from ..systems.starchasers.ship.repair import credits, hours_text, modifier_text
from .flowables import SectionBar, house_table, rich, two_columns
from .text import markup

PARTS = ("hull", "structure", "system")


def n(v: float) -> str:
    """A table's credits without the unit (the block's head says they are credits)."""
    return credits(v).removesuffix(" Cr")


def damage_line(d: dict) -> str:
    """Hull 6 of 10 · Structure 6 of 7 · System Damage 2 (what is left of each rating, the damage carried over in
    brackets; System Damage, which has no maximum, as its count)."""
    out = []
    for key in PARTS:
        p = d["damage"][key]
        if p["counted"]:
            out.append(f"<b>{markup(p['label']).replace(' ', '&nbsp;')}</b>&nbsp;{p['damage']}")
            continue
        left = "?" if p["left"] is None else p["left"]
        rating = "?" if p["rating"] is None else p["rating"]
        out.append(f"<b>{markup(p['label']).replace(' ', '&nbsp;')}</b>&nbsp;{left}&nbsp;of&nbsp;{rating}"   # a value never splits
                   + (f" ({p['damage']} damage)" if p["damage"] else ""))
    return " · ".join(out)


def has_play(d: dict) -> bool:
    return bool(d.get("repairs")) or any(d["damage"][k]["damage"] for k in PARTS)


def repairs(sheet) -> list[Flowable]:
    """Damage carried over and the repair log, with the total spent (only for a ship that has either)."""
    kit, d = sheet.kit, sheet.d
    if not d.get("damage") or not has_play(d):
        return []
    out: list[Flowable] = [SectionBar(kit, "Damage and repairs", "damage carried over between sessions"),
                           Spacer(1, 1.2 * mm), rich(kit, "Damage carried over: " + damage_line(d), "small"),
                           Spacer(1, 1.2 * mm)]
    if d.get("destroyed"):     # SC-SCMB-13: the damage reached the Structure Points
        out += [rich(kit, "<b>Destroyed:</b> the Structure damage has reached the Structure Points; the ship "
                          "cannot be repaired (SC-SCMB-13).", "small"), Spacer(1, 1.2 * mm)]
    rows, styles = [], []
    for i, r in enumerate(d["repairs"], start=1):
        where = r["place_label"] + (f", {r['region_label']}" if r["region_label"] else "")
        who = r["by_label"] + (f", {r['reputability_label']}" if r["reputability_label"] else "")
        how = "; ".join(r["how"] + r["notes"] + ([r["note"]] if r["note"] else []))
        rows.append([str(i), r["text"], f"{who}, {where}", r["cost_text"], r["time_text"],
                     how])
        if r["cost"] is None:
            styles.append(("TEXTCOLOR", (3, i), (3, i), kit.color["alert"]))
    if rows:
        out.append(house_table(kit, kit.table("repairs")["columns"], rows, kit.frame_width, extra_styles=styles))
        out += [Spacer(1, 1.2 * mm), rich(kit, f"<b>Spent on repairs:</b> {markup(d['repairs_total_text'])}", "small")]
    else:
        out.append(rich(kit, "No repairs made yet.", "small"))
    return [KeepTogether(out)]


def reference(sheet) -> list[Flowable]:
    """The repair tables and modifiers, as the pack gives them."""
    kit, t = sheet.kit, sheet.t
    rep = t.pack["repair"]
    gap = 5 * mm
    hull = rep["hull"]
    half = (len(hull) + 1) // 2
    hull_rows = []
    for a, b in zip(hull[:half], hull[half:] + [None] * (2 * half - len(hull))):
        row = [str(a["points"]), hours_text(a["hours"]), n(a["labour"])]
        row += [str(b["points"]), hours_text(b["hours"]), n(b["labour"])] if b else ["", "", ""]
        hull_rows.append(row)
    sys_rows = [[str(r["points"]), n(r["parts"]), hours_text(r["hours"]), n(r["labour"])]
                for r in rep["system"]]
    st = rep["structure"]
    cols = copy.deepcopy(kit.table("repair_structure")["columns"])
    labels = {g["key"]: g["label"] for g in st["regions"]}
    cols = [c for c in cols if c["bind"] in labels or c["bind"] in ("points", "parts_only")]
    for c in cols:
        c["label"] = labels.get(c["bind"], c["label"])
    st_rows = [[str(r["points"])] + [n(r["prices"][c["bind"]]) for c in cols[1:-1]] + [n(r["parts_only"])]
               for r in st["rows"]]
    mods = " · ".join(f"{markup(r['reputability'])} / {markup(r['disposition'])} {modifier_text(r['modifier'])}"
                      for r in rep["reputability"])
    crew = next((r for r in rep["reputability"] if r["key"] == rep["crew_parts_reputability"]), None)
    lw = (kit.frame_width - gap) * 0.4
    rw = kit.frame_width - gap - lw
    left = [rich(kit, "<b>Hull Points</b> (the table's time, not ½ hour a point)", "small"), Spacer(1, 0.6 * mm),
            house_table(kit, kit.table("repair_hull")["columns"], hull_rows, lw)]
    right = [rich(kit, "<b>System Damage</b> (out of combat: a Mechanics roll, difficulty = the System Damage)",
                  "small"), Spacer(1, 0.6 * mm),
             house_table(kit, kit.table("repair_system")["columns"], sys_rows, rw), Spacer(1, 1.5 * mm),
             rich(kit, f"<b>Structure</b> (only at a spaceport or drydock; {st['days_per_point']} day per point; "
                       f"labour {credits(st['labour_per_hour'])}/hour × the modifier, included)", "small"),
             Spacer(1, 0.6 * mm), house_table(kit, cols, st_rows, rw)]
    foot = (f"<b>Reputability / Disposition:</b> {mods}. A shop's price is the table's times its modifier. "
            + (f"The crew's Engineer pays System Damage parts at {markup(crew['reputability'])} "
               f"{modifier_text(crew['modifier'])} and no labour; " if crew else "")
            + "the crew repairs Structure only at a drydock with Starship Hull Repair tools (Parts only); "
              "a field hull repair restores the Hits of Deftness + Mechanics. Beyond a table's last row: "
              "repeated jobs of the last row.")
    return [KeepTogether([SectionBar(kit, "Repair costs", "credits; between sessions"), Spacer(1, 1.5 * mm),
                          two_columns(left, right, kit.frame_width, gap, 0.4), Spacer(1, 1.2 * mm),
                          rich(kit, foot, "note")])]
