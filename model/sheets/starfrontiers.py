"""The Star Frontiers character sheet (RULES.md SF-CHAR-20, SF-CHAR-01/06/13/17, SF-RACE-03..08,
SF-WPN-01, SF-DEF-01..03, SF-EQ-01/02).

Page 1: name, race, PSA and level, IM, movement, PSA bonus, credits; the four ability pairs side by
side with their base score and where it came from; a Stamina track; PSA skill chances and racial
abilities; weapons with damage, ammunition and a shot track; grenades; defenses with use/charge
tracks; equipment with mass and cost; notes. Reference page: the race and PSA in brief and the
everyday checks.

Everything printed comes from the document and `result.derived`; nothing here re-applies a rule.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from ..systems.starfrontiers.tables import PAIRS, tables
from .flowables import FieldPanel, SectionBar, TickTrack, house_table, profile_table, rich
from .document import DocumentSheet
from .page import Sheet
from .text import markup, minus, one_line



def _num(x) -> str:
    if x is None:
        return "–"
    return f"{x:g}" if isinstance(x, float) else str(x)


def _kg(x) -> str:
    return "–" if x is None else f"{round(x, 2):g} kg"


def _cr(n) -> str:
    return minus(f"{n:,} Cr") if isinstance(n, int) else ""


def _grid(cells: list, widths: list[float], pad: float = 0) -> Table:
    t = Table([cells], colWidths=widths)
    t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                           ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                           ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
                           ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return t


class CharacterSheet(DocumentSheet):
    system_tables = staticmethod(tables)
    note_lines = (3, 5)

    def muted(self, text: str) -> str:
        return f'<font color="{self.kit.layout["style"]["colors"]["muted"]}">{text}</font>'

    # ---- header -------------------------------------------------------------------------------------
    def header(self) -> Flowable:
        d, data = self.d, self.data
        im = d.get("initiative_modifier")
        values = {
            "name": data.get("name", ""), "race": d.get("race") or data.get("race", ""),
            "psa": d.get("psa") or data.get("psa", ""), "level": str(d.get("psa_level", "")),
            "im": _num(im), "walk": _num(d.get("walk")), "run": _num(d.get("run")),
            "bonus": f"+{d.get('psa_bonus', 0)}", "adventures": str(data.get("adventures", 0)),
            "credits_start": _cr(d.get("credits_start")), "credits_spent": _cr(d.get("credits_spent")),
            "credits_left": _cr(d.get("credits_left")),
        }
        return FieldPanel(self.kit, self.kit.panel("header"), values)

    # ---- abilities -----------------------------------------------------------------------------------
    def pair_block(self, pair: str, width: float) -> list[Flowable]:
        kit, t, d = self.kit, self.t, self.d
        p = t.pairs[pair]
        a = d["abilities"]
        heads = [(t.abbr(p["first"]), t.label(p["first"])), (t.abbr(p["second"]), t.label(p["second"]))]
        values = [_num(a.get(p["first"])), _num(a.get(p["second"]))]
        info = d["pairs"][pair]
        if info["base"] is None:
            origin = "base score not rolled yet"
        elif info["origin"] == "rolled":
            origin = f"base <b>{info['base']}</b> · rolled {info['roll']}"
        else:
            origin = f"base <b>{info['base']}</b> · entered"
        extra = []
        if info["modifier"]:
            extra.append(f"{markup(d.get('race') or '')} {info['modifier']:+d}")
        if info["shift"]:
            extra.append(f"exchange {info['shift']:+d}/{-info['shift']:+d}")
        bonus = self.data.get("human_bonus")
        amount = t.races.get(d.get("race") or "", {}).get("single_ability_bonus")
        if bonus in (p["first"], p["second"]) and amount:
            extra.append(f"{markup(d['race'])} +{amount} {markup(t.abbr(bonus))}")
        note = origin + ("<br/>" + " · ".join(extra) if extra else "")
        return [rich(kit, f'<b>{markup(p["abbr"])}</b>', "head", alignment=1, textColor=kit.color["accent"],
                     fontSize=kit.size["body"]),
                Spacer(1, 0.8 * mm), profile_table(kit, heads, values, width, value_size=15),
                Spacer(1, 0.8 * mm), rich(kit, minus(note), "note", alignment=1)]

    def abilities(self) -> list[Flowable]:
        kit = self.kit
        gap = 3.5 * mm
        w = (kit.frame_width - 3 * gap) / 4
        blocks = [self.pair_block(pair, w) for pair in PAIRS]
        t = Table([blocks], colWidths=[w + gap, w + gap, w + gap, w])
        t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -2), gap),
                               ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        im_how = self.d.get("initiative_derivation", "")
        right = f"IM: {im_how}"
        out: list[Flowable] = [SectionBar(kit, "Abilities", minus(right)), Spacer(1, 1.6 * mm), t]
        sta = self.d["abilities"].get("sta")
        if sta:
            out += [Spacer(1, 2.2 * mm), TickTrack(kit, sta, "Stamina"),
                    Spacer(1, 0.8 * mm),
                    rich(kit, f"Tick a box per point of damage. Original Stamina {sta} caps healing and Stimdose; "
                              "at 0 or less the character is unconscious and dies without a Staydose.", "note")]
        return out

    # ---- PSA and race -----------------------------------------------------------------------------------
    def psa_and_race(self) -> list[Flowable]:
        kit, d = self.kit, self.d
        gap = 5 * mm
        w = (kit.frame_width - gap) / 2
        nxt = d.get("psa_next_level_at")
        level = f"level {d['psa_level']} · bonus +{d['psa_bonus']}" + (f" · next level at {nxt} adventures" if nxt else " · top level")
        bonus = d.get("psa_bonus", 0)
        rows = [[c["name"], f"{self.t.abbr(c['ability'])} {c['chance'] - bonus} + {bonus}" if c["chance"] is not None else "–",
                 f"{c['chance']}%" if c["chance"] is not None else "–"] for c in d.get("skill_chances", [])]
        raw = one_line(self.data.get("psa", ""))
        title = d.get("psa") or (f"{raw} (not a PSA)" if raw else "not chosen")
        left = [SectionBar(kit, f"PSA: {title}", level), Spacer(1, 1.2 * mm),
                house_table(kit, kit.table("skills")["columns"], rows or [["", "", ""]], w)]
        specials = d.get("race_abilities", [])
        rrows = []
        for s in specials:
            if s["kind"] == "chance":
                value = f"{s['value']}%" if s["value"] is not None else "–"
            elif s["kind"] == "count":
                value = _num(s["value"])
            else:
                value = "✓"
            how = f" ({s['how']})" if s.get("how") else ""
            rrows.append([s["name"], value, s["effect"] + how])
        race = self.t.races.get(d.get("race") or "")
        if not rrows and race:
            rrows = [["None", "", f"{race['name']}s have no racial abilities; they add {race['single_ability_bonus']} "
                                  "to one ability instead." if race["single_ability_bonus"] else "No racial abilities."]]
        right = [SectionBar(kit, f"Race: {d.get('race') or 'not chosen'}"), Spacer(1, 1.2 * mm),
                 house_table(kit, kit.table("race")["columns"], rrows or [["", "", ""]], w)]
        return [_grid([left, right], [w + gap, w], pad=gap)]

    # ---- arms -----------------------------------------------------------------------------------------------
    def _track_width(self, table: str, bind: str) -> float:
        cols = self.kit.table(table)["columns"]
        share = sum(c["width"] for c in cols)
        return self.kit.frame_width * next(c["width"] for c in cols if c["bind"] == bind) / share - 4.4

    def weapons(self) -> list[Flowable]:
        kit, d = self.kit, self.d
        out: list[Flowable] = []
        tw = self._track_width("weapons", "track")
        rows = []
        track: TickTrack | str   # the loads' tick boxes, or nothing
        for w in d.get("weapons", []):
            if w["ammo"] is None:
                ammo, track = "power source not stated", ""
            elif w["ammo"] == "grenade":
                ammo, track = f"{w['ammo_carried']} grenades (below)", ""
            else:
                unit = self.t.items[w["ammo"]]["ammunition"]
                ammo = f"{w['ammo_carried']} × {w['ammo']} ({unit['capacity']} {unit['unit']}) = {w['shots']} shots"
                n = w["shots_per_load"] or 0
                track = TickTrack(kit, n, box=min(kit.track_box, (tw - 9 * kit.track_gap) / 10), per_row=10) if n else ""
            name = w["name"] + (f" ×{w['count']}" if w["count"] > 1 else "")
            rng = w["range"] + ("; reload by hand each shot" if w["reload_each_shot"] else "")
            if w["artillery"]:   # SF-WPN-08
                art = self.t.pack["artillery"]
                rng += minus(f"; {art['unskilled_penalty']:+d} if not {art['skilled_psa']}")
            rows.append([name, w["damage"], w["ammo_use"], rng, ammo, track])
        if rows:
            out += [KeepTogether([SectionBar(kit, "Weapons", "range bands are not in the Basic excerpt: ask the referee"),
                                  Spacer(1, 1.2 * mm),
                                  house_table(kit, kit.table("weapons")["columns"], rows, kit.frame_width)])]
        g_rows = []
        gw = self._track_width("grenades", "track")
        for g in d.get("grenades", []):
            g_rows.append([g["name"], g["damage"], g["defense"],
                           TickTrack(kit, g["count"], per_row=min(g["count"], 20),
                                     box=min(kit.track_box, gw / 21)) if g["count"] else ""])
        if g_rows:
            out += [Spacer(1, kit.gap), KeepTogether([SectionBar(kit, "Grenades", "impact or 6-second timer"),
                                                      Spacer(1, 1.2 * mm),
                                                      house_table(kit, kit.table("grenades")["columns"], g_rows, kit.frame_width)])]
        return out

    def defenses(self) -> list[Flowable]:
        kit, d = self.kit, self.d
        tw = self._track_width("defenses", "track")
        rows = []
        for s in d.get("defenses", []):
            if s["kind"] == "armor":
                power = f"{s['uses']} hits, then replace"
                track = TickTrack(kit, s["uses"] * s["count"], per_row=s["uses"], box=min(kit.track_box, tw / (s["uses"] + 3)))
            else:
                power = (f"{s['charges']}-charge {s['power'].lower()} ×{s['packs_carried']}: 1 to switch on, "
                         f"{s['per_minute']} a minute, {s['per_hit']} a hit (about {s['hits_per_pack']} hits a pack)")
                per_row = 25
                track = TickTrack(kit, s["charges"] or 0, per_row=per_row, group=5,
                                  box=min(kit.track_box * 0.78, (tw - 34 * kit.track_gap) / per_row))
            against = f"{'all' if s['absorbs'] == 'all' else 'half'} {s['against']} damage"
            rows.append([s["name"], against, power, track])
        if not rows:
            return []
        return [Spacer(1, kit.gap), KeepTogether([SectionBar(kit, "Defenses", "body armor and belt screens"),
                                                  Spacer(1, 1.2 * mm),
                                                  house_table(kit, kit.table("defenses")["columns"], rows, kit.frame_width)])]

    # ---- equipment -------------------------------------------------------------------------------------------
    def equipment(self) -> list[Flowable]:
        kit, d, t = self.kit, self.d, self.t
        rows = []
        names_seen = set()
        for entry, row in zip(self.data.get("equipment", []), d.get("equipment", [])):
            notes = []
            item = t.items.get(row["name"]) if row["category"] != "custom" else None
            if row["issued"]:
                notes.append("issued")
            if not row["carried"]:
                notes.append("stowed, not carried")
            if not row["known"]:
                notes.append("not in the rules pack")
            if item and not row["mass_stated"]:
                notes.append("mass not stated")
            if item and item.get("includes"):
                notes.append("holds " + ", ".join(item["includes"]))
            if entry.get("note"):
                notes.append(one_line(entry["note"]))
            mass = _kg(row["mass_total"]) if row["carried"] and (row["mass_stated"] or row["mass_total"]) else "–"
            cost = "issued" if row["issued"] else _cr(row["cost"])
            rows.append([row["name"] or entry.get("name", ""), str(row["count"]), mass, cost, "; ".join(notes)])
            names_seen.add(row["name"])
            if item:
                names_seen.update(item.get("includes", []))
        for item in self.t.items.values():   # SF-CHAR-19: what every character carries (the ID Card)
            if item.get("every_character") and item["name"] not in names_seen:
                rows.append([item["name"], "1", "–", "", f"every character carries one: {item['notes']}"])
        cap = d.get("carrying_capacity", {})
        foot = f"Carried {_kg(d.get('total_mass', 0))}"
        if cap.get("enabled") and cap.get("free_kg") is not None:
            foot += (f" · optional encumbrance rule in use: free up to {_kg(cap['free_kg'])} · at most "
                     f"{_kg(cap['max_kg'])} (half speed above {_kg(cap['free_kg'])})")
        alert = d.get("encumbered") or d.get("over_capacity")
        if d.get("encumbered"):
            foot += " · ENCUMBERED: movement halved"
        return [Spacer(1, kit.gap), SectionBar(kit, "Equipment", f"spent {_cr(d.get('credits_spent'))} of {_cr(d.get('credits_start'))}"),
                Spacer(1, 1.2 * mm), house_table(kit, kit.table("equipment")["columns"], rows, kit.frame_width),
                rich(kit, markup(minus(foot)), "note", alignment=2,
                     textColor=kit.color["alert"] if alert else kit.color["muted"])]

    # ---- vehicles (SF-VEH) ------------------------------------------------------------------------------
    def vehicles(self) -> list[Flowable]:
        """Each vehicle owned or rented: speeds and price or rent (SF-VEH-01, SF-VEH-13), capacity and what is
        aboard (SF-VEH-02), who may operate it (SF-VEH-03, SF-VEH-04), and its rules in words (SF-VEH-05..10,
        SF-VEH-14), then the rental and parking rules (SF-VEH-11, SF-VEH-12)."""
        kit, d, t = self.kit, self.d, self.t
        known = [v for v in d.get("vehicles", []) if v.get("known")]
        if not d.get("vehicles"):
            return []
        rows: list[list] = []
        notes: list[tuple[str, str]] = []
        for v in d["vehicles"]:
            if not v.get("known"):
                rows.append([v["name"], "not in the rules pack", "", "", "", ""])
                continue
            held = v["how"] + (" · called from the street" if v["street"] else "")
            price = (f"price {_cr(v['price'])} or {_cr(v['rent_per_day'])}/day" if v["price"] is not None
                     else "price not stated")
            capacity = ("operator only" if not v["passenger_limit"] else f"operator + {v['passenger_limit']}")
            capacity += f"; {v['cargo_limit_kg']:,g} kg in {v['cargo_m3']:g} m³" if v["cargo_limit_kg"] else "; no cargo"
            load = f"{v['passengers']} passenger{'s' if v['passengers'] != 1 else ''}, {_kg(v['cargo_kg'])}"
            rows.append([v["name"], held, f"{v['speeds']}; {price}", capacity, load, v["operator_psa"] or "anyone"])
            if v["name"] not in [n for n, _ in notes]:
                extra = f" Canopy closed above {v['canopy_speed']} m/turn." if v.get("canopy_speed") is not None else ""
                th = v.get("thrust")
                if th:
                    extra += (f" Thrust: {th['turns']} turns; a burst: +{v['climb']} m height or +{v['acceleration']} "
                              f"m/turn (at least {th['min_height']} m and {th['min_speed']} m/turn); gliding: "
                              f"{minus('-')}{th['glide_speed_loss']} m/turn (never below {th['glide_min_speed']}) and "
                              f"{minus('-')}{th['glide_altitude_loss']} m height a turn.")
                notes.append((v["name"], f"<b>{markup(v['name'])}</b> ({', '.join(v['rules'])}). "
                                         f"{markup(v['notes'])} {markup(extra.strip())}"))
        spent = sum(v["cost"] for v in d["vehicles"])
        out: list[Flowable] = [Spacer(1, kit.gap),
                               KeepTogether([SectionBar(kit, "Vehicles", f"cost {_cr(spent)}, counted in the credits spent"),
                                             Spacer(1, 1.2 * mm),
                                             house_table(kit, kit.table("vehicles")["columns"], rows, kit.frame_width)])]
        for _name, text in notes:
            out += [Spacer(1, 0.8 * mm), rich(kit, text, "note")]
        if known:
            for g in t.vehicle_rules["general"]:
                out += [Spacer(1, 0.8 * mm),
                        rich(kit, f"<b>{markup(g['title'])}</b> ({g['rule']}). {markup(g['text'])}", "note")]
        return out

    def notes(self) -> list[Flowable]:
        part = super().notes()
        return [Spacer(1, self.kit.gap)] + part if part else []

    # ---- reference page ---------------------------------------------------------------------------------------
    def reference(self) -> list[Flowable]:
        kit, d, t = self.kit, self.d, self.t
        out: list[Flowable] = [SectionBar(kit, "Quick reference"), Spacer(1, 1.5 * mm)]
        race = t.races.get(d.get("race") or "")
        skill = t.skills.get(d.get("psa") or "")
        lines = []
        if race:
            lines.append(f"<b>{markup(race['name'])}.</b> {markup(race['summary'])}")
        if skill:
            lines.append(f"<b>{markup(skill['name'])} PSA.</b> {markup(skill['summary'])}")
        lines += [f"<b>{markup(r['title'])}{'' if r['text'][:1].islower() else '.'}</b> {markup(r['text'])}"
                  for r in t.pack["reference"]]
        for line in lines:
            out += [rich(kit, minus(line), "body"), Spacer(1, 1.4 * mm)]
        return out

    def sheet(self) -> Sheet:
        kit = self.kit
        story: list[Flowable] = [self.top(self.header()), Spacer(1, kit.gap)]
        story += self.abilities()
        story += [Spacer(1, kit.gap)] + self.psa_and_race()
        story += [Spacer(1, kit.gap)] + self.weapons()
        story += self.defenses()
        story += self.equipment()
        story += self.vehicles()
        story += self.notes()
        return Sheet(running_title=one_line(self.data.get("name", "")), story=story, reference=self.reference() if self.kit.wants("reference") else [],
                     subject="Star Frontiers character sheet")


render = CharacterSheet.render
