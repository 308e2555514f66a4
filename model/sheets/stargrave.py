"""The Stargrave crew sheet (RULES.md SG-CREW-13, SG-CAPT-11, SG-FM-08, SG-SOLD-15, SG-EQ-12).

Page 1 (and on, as lists grow): crew name, credits, XP box; Captain and First Mate side by side
(name, species, background, level, profile with real/effective values, Health track, powers, items
with slot use); the soldiers table with a Health track each; notes. Reference pages: a cut-out card
per power and the equipment table of what the crew carries.

Everything printed comes from the document and `result.derived`; nothing here re-applies a rule.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer

from ..systems.stargrave.derive import format_profile_value, format_value
from ..systems.stargrave.tables import KEYS, ROLES, tables
from . import fonts
from .flowables import (Card, CardRow, CheckBox, Columns, FieldPanel, SectionBar, TickTrack, house_table,
                        profile_table, rich)
from .document import DocumentSheet
from .page import Sheet
from .spans import TextBlock, spans
from .text import minus, one_line

LAYOUT = "stargrave-crew"


def _cr(n) -> str:
    return f"{n} Cr" if isinstance(n, int) else ""


def _dm(item: dict) -> str:
    dm = item.get("damage_modifier")
    if dm is None:
        return "see notes" if item.get("kind") == "weapon" else ""   # the pack's null: the notes say
    if isinstance(dm, int):
        return f"+{dm}" if dm > 0 else str(dm).replace("-", "−")
    return str(dm)


def _kind(item: dict) -> str:
    return {"weapon": "Melee" if item.get("melee") else "Ranged", "armour": "Armour", "shield": "Shield",
            "equipment": "Equipment"}.get(item.get("kind", ""), item.get("kind", "").title())



class CrewSheet(DocumentSheet):
    system_tables = staticmethod(tables)
    note_lines = (3, 5)

    # ---- prepared values -------------------------------------------------------------------------
    @property
    def campaign_games(self) -> int:
        return (self.d.get("campaign") or {}).get("games", 0)

    def profile_heads(self) -> list[tuple[str, str]]:
        return [(self.t.char[k]["abbr"], self.t.char[k]["label"]) for k in KEYS]

    def officer_profile(self, od: dict) -> list[str]:
        return [minus(format_profile_value(k, od["base_profile"][k], od["profile"][k], self.t)) for k in KEYS]

    def power_rows(self, officer: dict, od: dict) -> list[list]:
        known = list(od.get("powers", []))
        rows = []
        for entry in officer.get("powers", []):
            name = self.t.canonical_power(entry.get("name"))
            if name and known and known[0]["name"] == name:
                p = known.pop(0)
                act = str(p["activation"])
                rows.append([p["name"], act, str(p["fatigue"]), p["category"]])
            else:
                rows.append([entry.get("name", ""), "?", "?", "not in the rules pack"])
        for p in known:   # powers learned in the campaign (SG-CAMP-14)
            if p.get("learned"):
                rows.append([p["name"], str(p["activation"]), str(p["fatigue"]), p["category"]])
        return rows

    def item_rows(self, officer: dict, od: dict) -> list[list]:
        slots = list(od.get("item_slots", []))
        rows = []
        # the crew now carries what its last re-equip gave it (SG-CAMP-19): the derived slots list it
        items = [s["name"] for s in slots] if self.campaign_games else officer.get("items", [])
        for raw in items:
            name = self.t.canonical_item(raw)
            if name and slots and slots[0]["name"] == name:
                s = slots.pop(0)
                item = self.t.items[name]
                rows.append([name, str(s["slots"]) if s["slots"] else "free", _dm(item), item.get("range") or "",
                             _kind(item)])
            elif slots and slots[0]["name"] == raw:
                s = slots.pop(0)
                rows.append([raw, str(s["slots"]) if s["slots"] else "free", "", "", "campaign find"])
            else:
                rows.append([raw, "?", "", "", "not on the list"])
        for name in od.get("built_in", []):
            item = self.t.items[name]
            rows.append([f"{name} (built in)", "0", _dm(item), item.get("range") or "", _kind(item)])
        return rows

    # ---- blocks ----------------------------------------------------------------------------------
    def header(self) -> Flowable:
        d = self.d
        upkeep = d.get("upkeep", 0)
        values = {"crew_name": self.data.get("name", ""), "credits_start": _cr(d.get("credits_start")),
                  "credits_spent": _cr(d.get("credits_spent")), "credits_left": minus(_cr(d.get("credits_left"))),
                  "upkeep": _cr(upkeep) if upkeep else "none"}
        panel = self.kit.panel("header")
        c = d.get("campaign") or {}
        if self.campaign_games:
            # SG-CAMP-20 / SG-CREW-12: the crew's XP pool, written in instead of the box to fill by hand
            values["xp"] = f"{c.get('xp_unspent', 0)} unspent · {c.get('xp_earned', 0)} earned"
            panel = {**panel, "fields": [{**{k: v for k, v in f.items() if k != "kind"}, "size": 10, "align": "center"}
                                         if f["bind"] == "xp" else f for f in panel["fields"]]}
        return FieldPanel(self.kit, panel, values)

    def officer(self, role: str, width: float) -> list[Flowable]:
        kit = self.kit
        officer = self.data.get(role) or {}
        od = self.d.get(role) or {}
        species = one_line(officer.get("species", ""))
        if officer.get("represents"):
            species = f"{species} (represents {one_line(officer['represents'])})" if species else \
                f"represents {one_line(officer['represents'])}"
        values = {"name": officer.get("name", ""), "species": species,
                  "background": od.get("background") or officer.get("background", ""),
                  "level": str(od.get("level", ""))}
        out: list[Flowable] = [SectionBar(kit, self.t.figures[role]["label"]), Spacer(1, 1.5 * mm),
                               FieldPanel(kit, kit.panel("officer"), values), Spacer(1, 2 * mm)]
        if od:
            out.append(profile_table(kit, self.profile_heads(), self.officer_profile(od), width))
            if any(od["base_profile"][k] != od["profile"][k] for k in KEYS):  # SG-PROF-02: say what 9/11 means
                out.append(rich(kit, "Two numbers (9/11): the figure's own value / with its equipment.", "note",
                                textColor=kit.color["muted"]))
            out += [Spacer(1, 1.6 * mm), TickTrack(kit, od["profile"]["health"], "Health")]
            if od.get("unarmed"):
                f, dmg = self.t.crew["unarmed_fight"], self.t.crew["unarmed_damage"]
                out += [Spacer(1, 1 * mm),
                        rich(kit, minus(f"<b>Unarmed:</b> {f:+d} Fight in melee and {dmg:+d} damage (no melee weapon)."),
                             "note", textColor=kit.color["alert"])]
        powers = self.power_rows(officer, od)
        out += [Spacer(1, 2.2 * mm), house_table(kit, kit.table("powers")["columns"], powers or [["", "", "", ""]], width)]
        items = self.item_rows(officer, od)
        foot = f"Slots used {od.get('slots_used', '?')} of {od.get('slots', '?')}" if od else ""
        out += [Spacer(1, 2.2 * mm), house_table(kit, kit.table("items")["columns"], items or [["", "", "", "", ""]], width)]
        if foot:
            over = od["slots_used"] > od["slots"]
            out.append(rich(kit, foot, "note", alignment=2,
                            textColor=kit.color["alert"] if over else kit.color["muted"]))
        return out

    def officers(self) -> list[Flowable]:
        kit = self.kit
        gap = 6 * mm
        cw = (kit.frame_width - gap) / 2
        cap, fm = self.officer("captain", cw), self.officer("first_mate", cw)
        pair = Columns([cap, [], fm], [cw, gap, cw])
        # Side by side while both blocks fit on one page with room to spare (measured by rows, which is
        # cheap: a table row is about one line; the fixed parts take about 60 mm).
        rows = max(len(self.power_rows(self.data.get(r) or {}, self.d.get(r) or {})) +
                   len(self.item_rows(self.data.get(r) or {}, self.d.get(r) or {})) for r in ROLES)
        if 60 * mm + rows * 5.2 * mm <= kit.frame_height * 0.62:
            return [pair]
        # Too long to sit side by side (many powers or items): one under the other, full width, so the
        # tables can split across pages.
        return self.officer("captain", kit.frame_width) + [Spacer(1, kit.gap)] + \
            self.officer("first_mate", kit.frame_width)

    def soldiers(self) -> list[Flowable]:
        kit = self.kit
        cols = kit.table("soldiers")["columns"]
        widths_total = kit.frame_width
        share = sum(c["width"] for c in cols)
        track_w = widths_total * next(c["width"] for c in cols if c["bind"] == "track") / share - 4.4
        rows = []
        # the roster now (after deaths, hires and dismissals): the derived soldiers carry name, item, injured
        roster = self.d.get("soldiers", []) if self.campaign_games else self.data.get("soldiers", [])
        for s, sd in zip(roster, self.d.get("soldiers", [])):
            known = sd.get("known", False)
            tags = []
            if sd.get("specialist"):
                tags.append("specialist")
            if s.get("shotgun"):
                tags.append("shotgun")
            # the type over a second, smaller line (specialist, shotgun; or why the type is unknown)
            body, small = kit.size["body"], kit.size["small"]
            lines = [spans(sd.get("type") if known else s.get("type", ""), fonts.COND, body, kit.color["ink"])]
            if not known:
                lines.append(spans("not in the rules pack", fonts.COND, small, kit.color["alert"]))
            elif sd.get("injured"):   # SG-CAMP-06: the next game at half Health
                lines.append(spans(", ".join(tags + [f"injured: starts at {sd.get('health_now')} Health"]),
                                   fonts.COND, small, kit.color["alert"]))
            elif tags:
                lines.append(spans(", ".join(tags), fonts.COND, small, kit.color["muted"]))
            type_cell = TextBlock(lines, body * 1.15)
            prof = sd.get("profile") or {}
            values = [minus(format_value(k, prof[k], self.t)) if k in prof else "?" for k in KEYS]
            health = prof.get("health", 0)
            track = TickTrack(kit, health, per_row=7, group=0, box=min(kit.track_box * 0.86, (track_w - 6 * kit.track_gap) / 7)) \
                if health else ""
            rows.append([s.get("name") or None, type_cell, str(sd.get("cost", "")) if known else "?",
                         CheckBox(kit, bool(s.get("robot"))), *values,
                         ", ".join(sd.get("gear", [])) or ("none" if known else ""),
                         # SG-SOLD-14: a carbine traded for the armour's pistol fills the item slot
                         s.get("item") or sd.get("slot_words") or None, track])
        if not rows:
            rows.append([None] * len(cols))
        t = house_table(kit, cols, rows, widths_total)
        count = len(roster)
        right = f"{count} of {self.t.crew['max_soldiers']} · specialists {self.d.get('specialists', 0)} of {self.t.crew['max_specialists']}"
        return [KeepTogether([SectionBar(kit, "Soldiers", right), Spacer(1, 1.2 * mm), t])]

    def cards(self) -> list[Flowable]:
        kit = self.kit
        holders: dict[str, list[tuple[str, int]]] = {}
        for role in ROLES:
            for p in (self.d.get(role) or {}).get("powers", []):
                held = holders.setdefault(p["name"], [])
                if (self.t.figures[role]["label"], p["activation"]) not in held:   # a power listed twice: once
                    held.append((self.t.figures[role]["label"], p["activation"]))
        if not holders:
            return []
        n = kit.layout.get("cards", {}).get("columns", 3)
        ch = kit.layout.get("cards", {}).get("height_mm", 44) * mm
        gap = 3 * mm
        cw = (kit.frame_width - (n - 1) * gap) / n
        cards = []
        for name in sorted(holders, key=str.casefold):
            p = self.t.powers[name]
            acts: list[tuple[str, bool, bool]] = [("ACTIVATION ", False, True)]
            for k, (who, a) in enumerate(holders[name]):
                acts += [(f"{' · ' if k else ''}", False, False), (f"{a}", True, False), (f" {who}", False, False)]
            meta = [acts, [("FATIGUE ", False, True), (str(p["fatigue"]), True, False), (" CATEGORY ", False, True),
                           (p["category"], False, False)]]
            foot = []
            if p.get("basic_for"):
                foot.append("Basic for " + ", ".join(p["basic_for"]))
            if p.get("rulebook_name") and p["rulebook_name"] != name:
                foot.append("Rulebook name: " + p["rulebook_name"])
            cards.append(Card(kit, cw, ch, name, meta, p.get("summary", ""), " · ".join(foot)))
        rows = [CardRow(cards[i:i + n], gap) for i in range(0, len(cards), n)]
        return [SectionBar(kit, "Power reference cards", "cut along the dashed lines"), Spacer(1, 2.5 * mm), *rows]

    def equipment(self) -> list[Flowable]:
        kit = self.kit
        carried: set[str] = set()
        for role in ROLES:
            carried.update((self.d.get(role) or {}).get("carried", []))
        for sd in self.d.get("soldiers", []):
            carried.update(sd.get("gear", []))
        rows = []
        for item in self.t.pack["items"]:
            if item["name"] not in carried:
                continue
            arm = item.get("armour")
            arm_s = f"+{arm}" if arm else ""
            if item.get("move"):
                arm_s += minus(f" ({item['move']:+d} M)")
            rows.append([item["name"], _kind(item), str(item["slots"]), _dm(item), item.get("range") or "",
                         arm_s, item.get("notes", "")])
        if not rows:
            return []
        return [Spacer(1, kit.gap), KeepTogether([SectionBar(kit, "Equipment carried by the crew", "DM: damage modifier"),
                                                  Spacer(1, 1.2 * mm),
                                                  house_table(kit, kit.table("equipment")["columns"], rows,
                                                              kit.frame_width)])]

    def stash(self) -> list[Flowable]:
        """The crew's stash (SG-LOOT-05/08): finds and kept Secrets, with slots and sale value."""
        items = (self.d.get("campaign") or {}).get("stash_items", [])
        if not self.campaign_games:
            return []
        kit = self.kit
        rows = [[f["name"], str(f["slots"]), _cr(f["value"]) or "?", "Secret" if f["name"] == "Secret" else "find"]
                for f in items] or [["empty", "", "", ""]]
        return [Spacer(1, kit.gap), KeepTogether([SectionBar(kit, "Stash", f"{len(items)} item{'s' if len(items) != 1 else ''}"),
                                                  Spacer(1, 1.2 * mm),
                                                  house_table(kit, kit.table("stash")["columns"], rows, kit.frame_width)])]

    def campaign(self) -> list[Flowable]:
        """The campaign page: every game with its XP, levels, loot and credits, and the running totals."""
        if not self.campaign_games or not self.kit.wants("campaign"):
            return []
        from reportlab.platypus import PageBreak
        kit = self.kit
        c = self.d["campaign"]
        rows = []
        for h in c.get("history", []):
            when = f" ({h['date']})" if h.get("date") else ""
            title = (h.get("title") or "untitled") + when if not h.get("skipped") else "record not readable"
            if h.get("temporary"):    # SG-CREW-08: who played this game only
                title += f"; temporary: {', '.join(h['temporary'])}"
            xp = str(h.get("game_xp", 0)) + (f" +{h['info_xp']}" if h.get("info_xp") else "")
            survival = "; ".join(f"{x['name']}: {x['result'] or '?'}" for x in h.get("survival", [])) or "–"
            levels = "; ".join(f"{x['label']} {x['level']}: {x['did'] or x['upgrade']}" for x in h.get("levels", [])) or "–"
            loot = " · ".join(part for part in ("; ".join(x["label"] for x in h.get("loot", [])),
                                                "; ".join(h.get("after", []))) if part) or "–"
            rows.append([str(h["index"] + 1), title, xp, survival, levels, loot, str(h.get("credits_in", 0)),
                         str(h.get("credits_out", 0)), f"{h.get('xp_unspent', 0)} · {minus(_cr(h.get('credits')))}"])
        levels = " · ".join(f"{self.t.figures[r]['label']} level {(self.d.get(r) or {}).get('level', '?')}" for r in ROLES)
        right = f"{c['games']} game{'s' if c['games'] != 1 else ''} · {levels}"
        totals = (f"XP earned {c['xp_earned']}, spent {c['xp_spent']}, unspent {c['xp_unspent']} · "
                  f"credits now {minus(_cr(c['credits']))} · XP per game (without Information): "
                  f"{', '.join(str(x) for x in c['game_xp'])}")
        return [PageBreak(), SectionBar(kit, "Campaign", right), Spacer(1, 1.2 * mm),
                house_table(kit, kit.table("campaign")["columns"], rows, kit.frame_width),
                Spacer(1, 1.5 * mm), rich(kit, minus(totals), "note")]

    def sheet(self) -> Sheet:
        kit = self.kit
        story: list[Flowable] = [self.top(self.header()), Spacer(1, kit.gap)]
        story += self.officers()
        story += [Spacer(1, kit.gap)] + self.soldiers() + self.stash()
        story += [Spacer(1, kit.gap)] + self.notes() + self.campaign()
        # the reference pages are only built when they are printed (cards off: they would be thrown away)
        reference = ((self.cards() if kit.wants("power-cards") else [])
                     + (self.equipment() if kit.wants("equipment") else []))
        return Sheet(running_title=one_line(self.data.get("name", "")), story=story, reference=reference,
                     subject="Stargrave crew sheet")


render = CrewSheet.render
