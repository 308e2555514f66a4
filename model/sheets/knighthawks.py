"""The Knight Hawks ship record sheet (RULES.md KH-SHIP-01, KH-WPN-01/08/09, KH-DEF-02/05, KH-MOV-01).

One page for most ships: name, type, side, hull points (max, and a tick-box track to mark damage),
ADF, MR, boxes to write DCR and current speed in; each weapon with its restriction codes, range,
damage, field of fire and the phases it fires in; the defenses and what they do; one check box per
limited-supply item (each torpedo, assault rocket, rocket battery, masking screen and ICM) to tick off
in play; a short reference of the turn sequence, the restriction codes and the combat numbers.

Everything printed comes from the document, `result.derived` and the rules pack's reference text;
nothing here re-applies a rule. The Combat Table is not printed (GAP-KH-02, DECISIONS.md).
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from ..systems.knighthawks.tables import tables
from .flowables import FieldPanel, SectionBar, TickTrack, house_table, para, rich
from .document import DocumentSheet
from .page import Sheet
from .text import markup, minus, one_line

LAYOUT = "knighthawks-ship"
FIELD = {"forward": "Forward (FF)", "any": "Any direction"}



class ShipSheet(DocumentSheet):
    subject = "Knight Hawks ship record sheet"
    system_tables = staticmethod(tables)

    # ---- prepared values -------------------------------------------------------------------------
    def type_text(self) -> str:
        name = self.d.get("type") or self.data.get("type", "")
        config = self.d.get("configuration")
        if config:
            return f"{name}, configuration {config['number']}"
        return name

    def traits(self) -> str:
        d = self.d
        bits = []
        ev = d.get("evasive_action")
        if ev:
            bits.append(minus(f"Evasive action: torpedoes {ev['torpedo_modifier']}% to hit"))
        if d.get("type"):
            bits.append("May land on a planet" if d.get("may_land") else "Cannot land on a planet")
        if d.get("station"):
            bits.append("Hull points and armament chosen per station")
        return " · ".join(bits)

    def header(self) -> Flowable:
        d = self.d
        hp = d.get("hull_points")
        values = {"name": self.data.get("name", ""), "type": self.type_text(),
                  "side": one_line(self.data.get("side", "")),
                  "hull_points": str(hp) if hp is not None else "?",
                  "adf": str(d["adf"]) if d.get("adf") is not None else "?",
                  "mr": str(d["mr"]) if d.get("mr") is not None else "?",
                  "traits": self.traits()}
        return FieldPanel(self.kit, self.kit.panel("header"), values)

    def hull(self) -> list[Flowable]:
        kit = self.kit
        hp = self.d.get("hull_points")
        if hp is None:
            why = "choose this station's hull points" if self.d.get("station") else "the ship type is not known"
            return [SectionBar(kit, "Hull points"), Spacer(1, 1.5 * mm),
                    rich(kit, f"No track printed: {why}.", "note", textColor=kit.color["alert"])]
        right = f"{hp} · tick one box per point of damage; at 0 the ship is destroyed"
        # rows of whole tens, as many tens as fit the width, so damage is easy to count
        per_box = kit.track_box + kit.track_gap + 2 * kit.track_gap / kit.track_group
        per_row = max(10, int(kit.frame_width // per_box) // 10 * 10)
        return [KeepTogether([SectionBar(kit, "Hull points", right), Spacer(1, 1.8 * mm),
                              TickTrack(kit, hp, per_row=per_row)])]

    def supply(self, count: int, width: float) -> Flowable:
        kit = self.kit
        return TickTrack(kit, count, per_row=max(1, int((width - 4.4) // (kit.track_box + kit.track_gap)) - 1))

    def fires_text(self, w: dict) -> str:
        names = [self.t.phases[k]["short"] for k in w["fires_in"] if k in self.t.phases]
        text = " + ".join(names) if len(names) > 1 else f"{names[0]} only" if names else ""
        if w["once_per_turn"]:
            text += "; one per turn"
        return text

    def with_supply(self, part: str, cols: list, unlimited: str) -> list[tuple[dict, Flowable]]:
        """The entries of `part` aboard, each with its supply cell: boxes to tick off or what `unlimited` says."""
        width = self.kit.frame_width * cols[-1]["width"] / sum(c["width"] for c in cols)
        return [(e, self.supply(e["usable"], width) if e["limited"] else rich(self.kit, unlimited, "cell_small"))
                for e in self.d.get(part, []) if e["usable"] > 0]

    def weapons(self) -> list[Flowable]:
        kit = self.kit
        cols = kit.table("weapons")["columns"]
        rows = [[f"{w['name']} ({w['code']})", str(w["usable"]), " ".join(w["restrictions"]) or "–",
                 str(w["range"]), w["damage"], FIELD.get(w["field"], w["field"]), self.fires_text(w), supply]
                for w, supply in self.with_supply("weapons", cols, "not used up")]
        if not rows:
            rows.append(["None carried", "", "", "", "", "", "", None])
        phases = []
        for p in self.d.get("phases", []):
            codes = ", ".join(p["weapons"]) or "none"
            phases.append(f"<b>{markup(p['name'])}:</b> {markup(codes)}")
        out = [SectionBar(kit, "Weapons", "range in hexes · damage in d10"), Spacer(1, 1.2 * mm),
               house_table(kit, cols, rows, kit.frame_width)]
        if phases:
            out += [Spacer(1, 1.2 * mm), rich(kit, " · ".join(phases), "small")]
        return [KeepTogether(out)]

    def defenses(self) -> list[Flowable]:
        kit = self.kit
        cols = kit.table("defenses")["columns"]
        rows = [[f"{dfn['name']} ({dfn['code']})", str(dfn["usable"]), dfn["effect"], supply]
                for dfn, supply in self.with_supply("defenses", cols, "always on, not used up")]
        if not rows:
            rows.append(["None", "", "", None])
        return [KeepTogether([SectionBar(kit, "Defenses"), Spacer(1, 1.2 * mm),
                              house_table(kit, cols, rows, kit.frame_width)])]

    def reference(self) -> list[Flowable]:
        """The turn sequence beside the restriction codes and combat numbers (all from the pack)."""
        if not self.kit.wants("reference"):
            return []
        kit = self.kit
        gap = 6 * mm
        cw = (kit.frame_width - gap) / 2
        left: list[Flowable] = []
        n = 0
        for part in self.t.pack["turn_sequence"]:
            left.append(rich(kit, f"<b>{markup(part['title'])}</b>", "small"))
            for step in part["steps"]:
                n += 1
                left.append(rich(kit, f"{n}. {markup(step)}", "small", leftIndent=8, firstLineIndent=-8))
            left.append(Spacer(1, 1 * mm))
        codes = [[c["code"], rich(kit, f"<b>{markup(c['name'])}.</b> {markup(c['text'])}", "cell")]
                 for c in self.t.pack["restriction_codes"]]
        c = self.t.combat
        notes = (f"A d100 roll of {c['automatic_hit_max']} or less always hits a target in range; "
                 f"{c['automatic_miss_min']} or more always misses. A masking screen halves laser damage "
                 "into or out of it (round up). Hit chances come from the rulebook's Combat Table, "
                 "which is not printed here.")
        right: list[Flowable] = [house_table(kit, kit.table("codes")["columns"], codes, cw, zebra=False),
                                 Spacer(1, 1.2 * mm), para(kit, notes, "note")]
        grid = Table([[left, "", right]], colWidths=[cw, gap, cw])
        grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                  ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                  ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        return [KeepTogether([SectionBar(kit, "Turn sequence and codes", "each side's half of the turn"),
                              Spacer(1, 1.8 * mm), grid])]

    def sheet(self) -> Sheet:
        return self.assemble([self.top(self.header()), Spacer(1, self.kit.gap)],
                             [self.hull, self.weapons, self.defenses, self.reference, self.notes])


render = ShipSheet.render
