"""The Starchasers starship sheet. What it prints, by RULES.md id: every attribute the pack lists (SC-SHIP-02,
SC-SHIP-03, SC-SHIP-10, SC-SHIP-16, SC-SHIP-17, SC-SHIP-18 when set), hard point use (SC-SHIP-09), Passive
Defense, Dodge and Initiative with how they are made (SC-SHIP-14, SC-SHIP-15, SC-SHIP-27), the maneuver chart
(SC-SHIP-22) and how the crew talks inside the ship (SC-SHIP-21), the tracks (SC-SHIP-25, without temporary
Hull Points: GAP-SC-19), the crew by station (SC-SHIP-26), the weapons (SC-SWPN-01, SC-SWPN-08) and the range
rules (SC-SWPN-07), Stress against System Durability (SC-SCMB-06), the System Damage table and range bands
(SC-SCMB-09, SC-SCMB-12), the damage carried over and the repairs made with their cost and time and the total
(SC-REP-01/04/05/06/07, starchasers_repairs.py) and the repair tables (SC-REP-02/03). Not printed: the hull section count (GAP-SC-19), the clamp, escape pods, and
Maneuverability's effect on unusual piloting rolls.

One page for most ships: name, class, role, size and every attribute (optional ones when set);
Passive Defense, Dodge and Initiative with how they are made; the weapons table with each weapon's
ready attack pool; hard point use per weapon and equipment; tick-box tracks for Shields (shield
rating), Hull Points, Structure Points and Stress against System Durability; the System Damage table
and the range bands as a reference block.

Everything printed comes from the document, `result.derived` and the rules pack; nothing here
re-applies a rule. A value the player has not set prints as a blank box to fill in by hand.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer

from ..systems.starchasers.tables import signed, tables
from .flowables import FieldPanel, SectionBar, TickTrack, house_table, para, rich, two_columns
from .document import DocumentSheet
from . import starchasers_repairs as _repairs
from .page import Sheet
from .text import markup, one_line

NOT_SET = "not set"


def _num(v, signed_: bool = False) -> str:
    if v is None:
        return "—"
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return signed(v) if signed_ and isinstance(v, int) else f"{v:,}" if isinstance(v, int) and abs(v) >= 10000 else str(v)


def _how(parts: list) -> str:
    return " + ".join(f"{label} {v}" if v >= 0 else f"{label} ({v})" for label, v in parts)




def overreach_note(t) -> str:
    """SC-SWPN-07 as the pack states it: how far beyond its range a weapon may fire, and at what cost."""
    rule = t.pack.get("weapon_range_overreach") or {}
    n, bonus = rule.get("max_bands_beyond", 0), rule.get("one_band_defender_bonus", 0)
    if not n:
        return "A target beyond a weapon's range cannot be attacked. "
    bands = "one band" if n == 1 else f"up to {n} bands"
    return (f"A target {bands} beyond a weapon's range may be attacked with +{bonus} defense "
            f"{'die' if bonus == 1 else 'dice'}; further beyond cannot be attacked. ")

class ShipSheet(DocumentSheet):
    subject = "Starchasers starship sheet"
    system_tables = staticmethod(tables)

    # ---- panels ----------------------------------------------------------------------------------
    def header(self) -> Flowable:
        data, t = self.data, self.t
        role = t.roles.get(data.get("role"), {}).get("label", data.get("role", ""))
        size = data.get("size")
        size_text = f"{size} ({self.d['size_example']})" if self.d.get("size_example") else _num(size)
        values = {"name": data.get("name", ""), "class": data.get("class", ""), "role": role, "size": size_text}
        return FieldPanel(self.kit, self.kit.panel("header"), values)

    def defense(self) -> Flowable:
        d = self.d
        pilot = self.data.get("pilot") or {}
        who = f" ({one_line(pilot['name'])})" if pilot.get("name") and not d.get("pilot_linked") else ""
        values = {
            "passive_defense": _num(d.get("passive_defense")),
            "passive_how": _how(d["passive_defense_derivation"]) if d.get("passive_defense_derivation") else "set Armor and Maneuverability",
            "dodge": _num(d.get("dodge")),
            "dodge_how": (_how(d["dodge_derivation"]) + who) if d.get("dodge_derivation") else "enter the pilot's Deftness and Piloting",
            "initiative": _num(d.get("initiative")),
        }
        return FieldPanel(self.kit, self.kit.panel("defense"), values)

    # ---- attributes and tracks -------------------------------------------------------------------
    def attribute_rows(self) -> list[list]:
        t, data = self.t, self.data
        rows = []
        for key, a in t.attributes.items():
            v = data.get(key)
            lo, hi = a["min"], a["max"]
            rng = f"{_num(lo, a.get('signed', False))} to {_num(hi, a.get('signed', False))}" if lo is not None and hi is not None else ""
            note = rng
            if key == "structure_points" and self.d.get("structure_points_expected") is not None:
                note = f"{self.d['structure_points_expected']} for this role"
            if key == "system_durability":
                note = "stock ships 5"
            if key == "added_hard_points":
                note = "at most the base Hard Points"
            if v is None and key != "added_hard_points":
                note = f"{NOT_SET}: write it in" + (f" ({rng})" if rng else "")
            rows.append([a["label"], _num(v, a.get("signed", False)) if v is not None else "", note])
        for key, a in t.optional.items():
            v = data.get(key)
            if v is None:
                continue
            rows.append([a["label"], _num(v, a.get("signed", False)), "optional"])
        return rows

    def track(self, label: str, count, note: str, width: float) -> list[Flowable]:
        kit = self.kit
        out: list[Flowable] = [rich(kit, f"<b>{markup(label)}</b> · {markup(note)}", "small"), Spacer(1, 0.8 * mm)]
        if isinstance(count, int) and count > 0:
            per_row = max(1, int(width // (kit.track_box + kit.track_gap)) - 2)
            out.append(TickTrack(kit, count, per_row=min(per_row, 25)))
        else:
            out.append(rich(kit, "no boxes: the value is not set" if count is None else "none", "note",
                            textColor=kit.color["alert"] if count is None else kit.color["muted"]))
        out.append(Spacer(1, 2 * mm))
        return out

    def tracks(self, width: float) -> list[Flowable]:
        data = self.data
        sd = data.get("system_durability")
        out: list[Flowable] = []
        notes = self.t.ship["track_notes"]
        out += self.track("Shields", data.get("shield_rating"), notes["shields"], width)
        out += self.track("Hull Points", data.get("hull_points"), notes["hull_points"], width)
        out += self.track("Structure Points", data.get("structure_points"), notes["structure_points"], width)
        out += self.track("Stress", sd if isinstance(sd, int) else None,
                          f"System Durability {_num(sd)}: {notes['stress']}", width)
        return out

    def hard_points(self) -> list[Flowable]:
        kit, d = self.kit, self.d
        head = (f"{d['hard_points_used']} of {d['hard_points_total']} used "
                f"({_num(d['hard_points_base'])} base + {d['hard_points_added']} added) · {d['hard_points_free']} free")
        shares = [f"{markup(s['name'] or s['kind'])} {s['hard_points'] if s['hard_points'] is not None else '?'}"
                  for s in d["hard_points_shares"]]
        body = " · ".join(shares) if shares else "nothing installed"
        color = kit.color["alert"] if d["hard_points_free"] < 0 else kit.color["ink"]
        return [rich(kit, f"<b>Hard points:</b> {markup(head)}", "small", textColor=color),
                rich(kit, body, "small")]

    def maneuvers(self) -> list[Flowable]:
        m = self.d.get("maneuvers") or []
        if not m:
            return []
        # SC-SHIP-23 is not enforced (GAP-SC-19): which advanced maneuvers a ship supports is per-ship data the excerpts
        # do not give; the sheet prints that they are always Hard
        text = " · ".join(f"{x['name']} up to {x['max_speed']}" for x in m)
        comms = self.d.get("inside_comms")
        inside = f" · Talking inside the ship: {markup(comms['action'])}" if comms else ""
        return [rich(self.kit, f"<b>Maneuvers:</b> {markup(text)} · Advanced maneuvers are always Hard{inside}", "small")]

    def body(self) -> list[Flowable]:
        kit = self.kit
        gap = 6 * mm
        lw = (kit.frame_width - gap) * 0.46
        rw = kit.frame_width - gap - lw
        left = [house_table(kit, kit.table("attributes")["columns"], self.attribute_rows(), lw)]
        right = self.tracks(rw) + self.hard_points() + [Spacer(1, 1 * mm)] + self.maneuvers()
        return [SectionBar(kit, "Attributes and damage tracks"), Spacer(1, 1.5 * mm),
                two_columns(left, right, kit.frame_width, gap, 0.46)]

    # ---- weapons and equipment -------------------------------------------------------------------
    def weapons(self) -> list[Flowable]:
        kit = self.kit
        cols = kit.table("weapons")["columns"]
        rows = []
        for w, dw in zip(self.data.get("weapons", []), self.d.get("weapons", [])):
            rng = w.get("range")
            rtext = f"{dw['range_value']} ({dw['range_label']})" if dw["range_value"] else ("" if rng is None else str(rng))
            rows.append([w.get("name", ""), w.get("skill", ""), w.get("arc", ""), _num(w.get("damage")),
                         w.get("damage_type", ""), rtext, dw["pool_text"], _num(w.get("hard_points")),
                         ", ".join(w.get("qualities", [])), w.get("rarity", ""), _num(w.get("cost"))])
        if not rows:
            rows.append(["No weapons installed", "", "", "", "", "", "", "", "", "", ""])
        gunner = self.data.get("gunner") or {}
        name = self.d.get("gunner_name") or gunner.get("name")
        right = f"gunner: {one_line(name)}" if name else "attack pools without a gunner: add the gunner's dice if proficient"
        return [KeepTogether([SectionBar(kit, "Weapons", right), Spacer(1, 1.2 * mm),
                              house_table(kit, cols, rows, kit.frame_width)])]

    def equipment(self) -> list[Flowable]:
        kit = self.kit
        eq = self.data.get("equipment", [])
        if not eq:
            return []
        rows = [[e.get("name", ""), _num(e.get("hard_points")), _num(e.get("cost")), e.get("notes", "")] for e in eq]
        return [KeepTogether([SectionBar(kit, "Equipment"), Spacer(1, 1.2 * mm),
                              house_table(kit, kit.table("equipment")["columns"], rows, kit.frame_width)])]

    def crew(self) -> list[Flowable]:
        """SC-SHIP-26 / SC-CHAR-27: the characters linked at the stations and the pools they bring."""
        kit = self.kit
        links = self.d.get("crew") or []
        if not links:
            return []
        cols = kit.layout["tables"].get("crew", {}).get("columns") or [
            {"bind": "station", "label": "Station", "width": 0.16, "font": "cond_bold"},
            {"bind": "name", "label": "Character", "width": 0.18, "font": "cond_bold"},
            {"bind": "pools", "label": "Pools at this station", "width": 0.44},
            {"bind": "file", "label": "File", "width": 0.22}]
        rows, styles = [], []
        for i, c in enumerate(links, start=1):
            if c["status"] == "ok":
                parts = []
                for p in c["pools"].values():  # each pool's total on this ship is derived (crew.public)
                    if p["passive_defense"] is not None and p["total"] is not None:
                        parts.append(f"{p['label']} {p['total']} (with Passive Defense {p['passive_defense']})")
                    else:
                        parts.append(f"{p['label']} {'?' if p['dice'] is None else p['dice']}")
                rows.append([c["label"], c["name"], " · ".join(parts) or "—", c["file"]])
            else:
                problem = c.get("problem") or c["message"]
                rows.append([c["label"], "not linked", problem[:1].upper() + problem[1:], c["file"]])
                styles.append(("TEXTCOLOR", (1, i), (2, i), kit.color["alert"]))
        return [KeepTogether([SectionBar(kit, "Crew", "linked character files; their dice drive Dodge, Initiative "
                                                      "and the attack pools"), Spacer(1, 1.2 * mm),
                              house_table(kit, cols, rows, kit.frame_width, extra_styles=styles)])]

    # ---- reference -------------------------------------------------------------------------------
    def reference(self) -> list[Flowable]:
        if not self.kit.wants("reference"):
            return []
        kit, t = self.kit, self.t
        gap = 6 * mm
        lw = (kit.frame_width - gap) * 0.62
        rw = kit.frame_width - gap - lw
        sd_rows = [[r["roll"], r["name"], r["effect"]] for r in t.system_damage]
        left = [house_table(kit, kit.table("system_damage")["columns"], sd_rows, lw)]

        def mod(v, word):
            return "—" if v is None else (f"+{v} {word}" if v else "0")

        band_rows = [[b["name"], b.get("squares", ""), mod(b["attacker"], "die"), mod(b["defender"], "dice"),
                      _num(b["weapon_range"]) if b["weapon_range"] is not None else "—"] for b in t.bands]
        right = [house_table(kit, kit.table("bands")["columns"], band_rows, rw),
                 Spacer(1, 1.2 * mm),
                 para(kit, overreach_note(t) + "Shields absorb Hits first, then the hull. "
                           "Uncancelled Crits cause System Damage.", "note")]
        die = self.t.pack["system_damage_die"]
        return [KeepTogether([SectionBar(kit, "System Damage and range bands", f"roll {die} for each uncancelled Crit"),
                              Spacer(1, 1.5 * mm), two_columns(left, right, kit.frame_width, gap, 0.62)])]

    def sheet(self) -> Sheet:
        return self.assemble([self.top(self.header()), Spacer(1, 1.5 * mm), self.defense(), Spacer(1, self.kit.gap)],
                             [self.body, self.repairs, self.crew, self.weapons, self.equipment, self.reference,
                              self.repair_reference, self.notes])

    def repairs(self) -> list[Flowable]:
        """SC-REP: the damage carried over and the repairs made between sessions, with their costs and the total."""
        return _repairs.repairs(self) if self.kit.wants("repairs") else []

    def repair_reference(self) -> list[Flowable]:
        """SC-REP-02/03: the repair tables and the Reputability modifiers from the pack."""
        return _repairs.reference(self) if self.kit.wants("repair-costs") else []


render = ShipSheet.render
