"""The Starchasers character sheet (RULES.md SC-CHAR-01..04, 09, 14, 16-20, 27 PRINT; SC-DICE-01/02).

Name, species, classes with levels, Force Rating and Hit Points in the header; the eight attributes with
their dice and level names (Weak ... Genius); the skill table where every skill reads
attribute + bonus + skill = pool, the ready total to roll (SC-CHAR-04); tick boxes for Hit Points, Crits
taken, Motivation and the Focus token; motivators with their source; equipment with the dice it adds and
what it is required for; the pools the character brings to a ship station; the two dice.

Everything printed comes from the document, `result.derived` and the rules pack: nothing here re-applies
a rule. A value not chosen yet prints as an empty box to write in.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer

from ..systems.starchasers.tables import tables
from .flowables import FieldPanel, SectionBar, TickTrack, house_table, rich, two_columns
from .document import DocumentSheet
from .page import Sheet
from .text import markup

# How many boxes the sheet gives for tallies the rules do not cap: space to tick in play, not a rule.



class CharacterSheet(DocumentSheet):
    subject = "Starchasers character sheet"
    system_tables = staticmethod(tables)

    # ---- header ----------------------------------------------------------------------------------
    def header(self) -> Flowable:
        data = self.data
        classes = ", ".join(f"{c.get('name') or '?'} {c['level']}" if c.get("level") is not None else
                            (c.get("name") or "?") for c in data.get("classes", []))
        species = data.get("species", "")
        if data.get("droid"):
            species = f"{species} (Droid)" if species else "Droid"
        fr = data.get("force_rating")
        force = "none (Droid)" if data.get("droid") else ("" if fr is None else str(fr))
        hp = data.get("hit_points")
        values = {"name": data.get("name", ""), "species": species, "classes": classes,
                  "force": force, "hit_points": "" if hp is None else str(hp)}
        return FieldPanel(self.kit, self.kit.panel("header"), values)

    # ---- attributes, tracks ----------------------------------------------------------------------
    def attribute_rows(self) -> list[list]:
        rows = []
        for _key, a in self.d["attributes"].items():
            lv = a["level"]
            name = a["name"] or ("not chosen: write it in" if lv is None else f"{lv} is outside 1-5")
            rows.append([a["label"], "" if lv is None else str(lv), name])
        return rows

    def track(self, label: str, count: int | None, note: str) -> list[Flowable]:
        kit = self.kit
        out: list[Flowable] = [rich(kit, f"<b>{markup(label)}</b> · {markup(note)}", "small"), Spacer(1, 0.8 * mm)]
        if isinstance(count, int) and count > 0:
            out.append(TickTrack(kit, count, per_row=20))
        else:
            out.append(rich(kit, "no boxes: Hit Points are not entered yet" if count is None else "none", "note",
                            textColor=kit.color["alert"]))
        out.append(Spacer(1, 1.8 * mm))
        return out

    def tracks(self) -> list[Flowable]:
        hp = self.data.get("hit_points")
        ch = self.t.char
        notes = ch["track_notes"]
        out: list[Flowable] = []
        out += self.track("Hit Points", hp if isinstance(hp, int) and hp >= 0 else None, notes["hit_points"])
        out += self.track("Crits taken", ch["crit_boxes"], notes["crits"])
        out += self.track("Motivation", ch["motivation_boxes"], notes["motivation"])
        out += self.track("Focus", ch["focus_tokens_max"], notes["focus"])
        return out

    def dark_side(self) -> list[Flowable]:
        """SC-CHAR-23: the Dark Side track, one box a level, with where the character stands now."""
        ds = self.d.get("dark_side")
        if not ds:
            return []
        fallen = " · FALLEN: not playable until redeemed" if ds["fallen"] else ""
        return [Spacer(1, 2 * mm)] + self.track(
            "Dark Side", ds["max"], f"now {ds['level']} of {ds['max']}; a selfish, cruel or brutal act adds 1 "
                                    f"(never Stress); fallen at {ds['max']}{fallen}")

    # ---- skills ----------------------------------------------------------------------------------
    def skill_rows(self) -> tuple[list[list], list]:
        rows, styles = [], []
        above = self.t.char["pool_warning_above"]
        for i, s in enumerate(self.d["skills"], start=1):
            if s["attribute"]:
                attr = f"{s['attribute_label']} {s['attribute_dice'] if s['attribute_dice'] is not None else '?'}"
            else:
                attr = "choose one"
            bonus = ""
            if s["bonus"]:
                bonus = f"+{s['bonus']}"
            level = f"{s['level']} {s['level_name'] or ''}".strip()
            if s["pool"] is None:
                pool = "—"
            else:
                pool = f"{s['pool']} (over {above})" if s["over_limit"] else str(s["pool"])
                if s["over_limit"]:
                    styles.append(("TEXTCOLOR", (4, i), (4, i), self.kit.color["alert"]))
            if s["needs"] and s["level"] > 0:
                level += f" · needs {' or '.join(s['needs'])}"
            if s["level"] == 0 and not s["bonus"]:
                styles.append(("TEXTCOLOR", (0, i), (3, i), self.kit.color["muted"]))
            rows.append([s["name"], attr, bonus, level, pool])
        return rows, styles

    def ship_pool_rows(self) -> list[list]:
        rows = []
        for p in self.d.get("ship_pools", {}).values():
            how = " + ".join(f"{label} {v if v is not None else '?'}" for label, v in p["parts"])
            if p["adds_passive_defense"]:
                how += " + Passive Defense"
            dice = "—" if p["dice"] is None else (f"{p['dice']} + PD" if p["adds_passive_defense"] else str(p["dice"]))
            rows.append([p["label"], how, dice])
        return rows

    def body(self) -> list[Flowable]:
        kit = self.kit
        gap = 5 * mm
        split = 0.38
        lw = (kit.frame_width - gap) * split
        rw = kit.frame_width - gap - lw
        left = [house_table(kit, kit.table("attributes")["columns"], self.attribute_rows(), lw),
                Spacer(1, 3 * mm)] + self.tracks()
        rows, styles = self.skill_rows()
        right = [house_table(kit, kit.table("skills")["columns"], rows, rw, extra_styles=styles),
                 Spacer(1, 1.2 * mm),
                 rich(kit, "Roll the pool in attack dice (d8). Motivation dice, Force Powers and class or species "
                           "abilities add to a roll in play and are not printed in the pool.", "note")] + self.dark_side()
        return [SectionBar(kit, "Attributes and skills", "attribute + bonus + skill = pool"), Spacer(1, 1.5 * mm),
                two_columns(left, right, kit.frame_width, gap, split)]

    # ---- motivators, equipment, station pools ----------------------------------------------------
    def motivators(self) -> list[Flowable]:
        kit, t = self.kit, self.t
        rules = t.char["motivators"]
        mots = self.data.get("motivators", [])
        rows = [[str(m.get("source", "")).capitalize(), m.get("text", "")] for m in mots]
        rows += [["", ""]] * max(0, rules["max"] - len(rows))
        right = (f"{len(mots)} of at most {rules['max']}; at most {rules['max_from_flaw']} from the flaw")
        return [KeepTogether([SectionBar(kit, "Motivators", right), Spacer(1, 1.2 * mm),
                              house_table(kit, kit.table("motivators")["columns"], rows, kit.frame_width)])]

    def equipment(self) -> list[Flowable]:
        kit = self.kit
        rows = []
        for e in self.data.get("equipment", []):
            b = e.get("bonus")
            skills = ", ".join(e.get("skills", []))
            adds = f"+{b} {'die' if b == 1 else 'dice'} to {skills}" if b and skills else (f"+{b} dice" if b else "")
            rows.append([e.get("name", ""), adds, ", ".join(e.get("required_for", [])), e.get("notes", "")])
        if not rows:
            rows = [["", "", "", ""]] * 3
        return [KeepTogether([SectionBar(kit, "Equipment", "dice it adds are already in the skill pools"),
                              Spacer(1, 1.2 * mm),
                              house_table(kit, kit.table("equipment")["columns"], rows, kit.frame_width)])]

    def stations_and_dice(self) -> list[Flowable]:
        kit = self.kit
        gap = 5 * mm
        split = 0.55
        lw = (kit.frame_width - gap) * split
        left = [house_table(kit, kit.table("ship_pools")["columns"], self.ship_pool_rows(), lw)]
        dice = self.t.pack["dice"]
        lines = []
        for key, name in (("attack_die", "Attack die"), ("defense_die", "Defense die")):
            die = dice[key]
            faces: dict[str, list[int]] = {}
            for n, face in enumerate(die["faces"], start=1):
                faces.setdefault(face, []).append(n)
            parts = [f"{f}: {v[0]}" + (f"-{v[-1]}" if len(v) > 1 else "") for f, v in faces.items()]
            lines.append(f"<b>{name} (d{die['sides']})</b> · " + markup(" · ".join(parts)))
        right: list[Flowable] = [rich(kit, line, "small") for line in lines]
        right.append(rich(kit, "A Focus token turns every Focus result of the next roll into a Hit (or an Evade). "
                               "Each Evade cancels one Hit; Crits are cancelled last.", "note"))
        right += self.class_moves()
        return [KeepTogether([SectionBar(kit, "Ship stations and dice"), Spacer(1, 1.2 * mm),
                              two_columns(left, right, kit.frame_width, gap, split)])]

    def class_moves(self) -> list[Flowable]:
        """SC-CHAR-28: the special moves and advanced maneuvers this character's classes allow (from derived)."""
        kit, d = self.kit, self.d
        parts = [f"{markup(m['name'])} ({markup(m['cost'])})" for m in d.get("special_moves", [])]
        lines = []
        if parts:
            classes = sorted({m["class"] for m in d["special_moves"]})
            lines.append(f"<b>Special moves</b> ({markup(', '.join(classes))}) · " + " · ".join(parts))
        if d.get("advanced_maneuvers"):
            lines.append("<b>Advanced maneuvers</b>, always Hard, on any ship · "
                         + markup(" · ".join(d["advanced_maneuvers"])))
        return [Spacer(1, 1 * mm)] + [rich(kit, line, "note") for line in lines] if lines else []

    def sheet(self) -> Sheet:
        return self.assemble([self.top(self.header()), Spacer(1, self.kit.gap)],
                             [self.body, self.motivators, self.equipment, self.stations_and_dice, self.notes])


render = CharacterSheet.render
