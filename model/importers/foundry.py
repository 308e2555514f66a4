"""A Foundry VTT actor of the Star Frontiers system (finderski/star-frontiers, 0.2.x) as a Starwright Star
Frontiers character, with the import report (what came across, what was worked out or defaulted, what has no
place, where Foundry's numbers differ from the rules).

Foundry keeps final numbers; Starwright keeps the choices behind them and recomputes every number. So:
- each pair's base is the abilities' `base` (the same for both), the exchange their `swap` (or, when swap
  is not kept, what the values show), a Human's bonus the character's race bonus pick;
- equipment is the owned items by name through the rules pack (an item the rules do not know comes as the
  player's own item, with its price and mass); clips and power sources of one kind are one entry;
- credits: Foundry keeps what is left, Starwright what the character started with: left + spent;
- a game in progress: Stamina below its maximum is Stamina lost; ammunition used is clips x capacity less
  what is left in the clips, weapons and power sources (in shots: rounds, or charges / charges a shot);
- what Starwright wrote into `flags.starwright` on export (the d100 rolls, adventures, issued marks and
  notes, clips bought, grenades thrown) is taken where it agrees with the system's own data, which wins.
Then every number Foundry shows is compared with what Starwright works out, and each difference is reported.
"""

from __future__ import annotations

from ..evaluate import evaluate
from ..foundry_vtt import ABILITY_KEYS, PAIRS, SQUARE_M, html_to_text, text_to_html
from ..kinds import KINDS
from ..systems.starfrontiers.tables import tables
from ..validation import schema
from .foundry_actor import MAX_HTML, Reader, check_actor
from .foundry_equipment import EquipmentReading
from .report import ALIAS, AMBIGUOUS, AS_IS, DEFAULTED, DIFFERS, INFERRED, NO_PLACE, Report

KIND = KINDS["starfrontiers-character"]
FILE_VERSION = KIND.version


def _shape(data: dict, r: Reader) -> str:
    version = r.str(data, "_stats", "systemVersion", limit=40)
    made = " written by Starwright" if r.str(data, "flags", "starwright", "format", limit=80) else ""
    return f"Foundry VTT actor, Star Frontiers system{f' {version}' if version else ''}{made}"


class _Import(EquipmentReading):
    def __init__(self, data: dict, pack, file_name: str):
        self.data, self.r = data, Reader()
        self.t = tables(pack)
        self.rep = Report(_shape(data, self.r), file_name)
        self.sys = data["system"]
        self.flags = self.r.dict(data, "flags", "starwright")
        items = [(self.r.int(i, "sort") or 0, n, i) for n, i in enumerate(data.get("items", []))]
        self.items = [(n, i) for _, n, i in sorted(items, key=lambda x: (x[0], x[1]))]
        self.by_id = {i["_id"]: i for _, i in self.items if isinstance(i.get("_id"), str)}
        self.doc: dict = {"format": KIND.format, "version": FILE_VERSION}

    # ---- the character -------------------------------------------------------------------------------
    def name(self) -> None:
        name = self.r.str(self.data, "name", limit=500)
        if name and name.strip():
            self.doc["name"] = name
            self.rep.add(AS_IS, "Actor", f"name {name}", "/name")
        else:
            self.doc["name"] = "Imported Character"
            self.rep.add(DEFAULTED, "Actor", "no name: named \"Imported Character\"", "/name")

    def race(self) -> dict | None:
        raw = self.r.str(self.sys, "race", where="/system", limit=100) or ""
        if not raw:
            raw = next((i.get("name", "") for _, i in self.items if i["type"] == "race"), "")[:100]
        name = self.t.canonical_race(raw)
        if name:
            self.doc["race"] = name
            self.rep.add(AS_IS if name == raw else ALIAS, "Race", raw if name == raw else f"{raw} is the {name}",
                         "/race")
            return self.t.races[name]
        self.doc["race"] = raw
        if raw:
            self.rep.add(DIFFERS, "Race", f"{raw} is not a race of the rules pack: kept as written; the checks say "
                                          "so", "/race")
        else:
            self.rep.add(DEFAULTED, "Race", "no race: left to choose", "/race")
        return None

    def abilities(self, race: dict | None) -> None:
        ab = self.r.dict(self.sys, "abilities", where="/system")
        generated = self.r.get(self.sys, "charGen", "statsInitialized")
        base: dict[str, int | None] = {}
        shifts: dict[str, int] = {}
        bonus = self._bonus(race)
        for pair, (a, b) in PAIRS.items():
            where = f"Abilities › {a.upper()}/{b.upper()}"
            ba = self.r.int(ab, a, "base", where="/system/abilities", lo=1, hi=100)
            bb = self.r.int(ab, b, "base", where="/system/abilities", lo=1, hi=100)
            init = [self.r.get(ab, k, "initialized") for k in (a, b)]
            if ba is None or init == [False, False] or (generated is False and not any(init)):
                base[pair], shifts[pair] = None, 0
                self.rep.add(DEFAULTED, where, "not rolled in Foundry: left to roll", f"/base/{pair}")
                continue
            if bb is not None and bb != ba:
                self.rep.add(AMBIGUOUS, where, f"base {ba} and {bb}: both abilities of a pair share one score; "
                                               f"took {a.upper()}'s", f"/base/{pair}")
            base[pair] = ba
            sa = self.r.int(ab, a, "swap", where="/system/abilities", lo=-100, hi=100) or 0
            sb = self.r.int(ab, b, "swap", where="/system/abilities", lo=-100, hi=100) or 0
            shift = sa
            if sa != -sb:
                self.rep.add(AMBIGUOUS, where, f"swap {sa} and {sb} do not mirror each other; took {sa} for "
                                               f"{a.upper()}", f"/shifts/{pair}")
            va = self.r.int(ab, a, "value", where="/system/abilities")
            vb = self.r.int(ab, b, "value", where="/system/abilities")
            if not shift and race and va is not None and vb is not None:   # no swap kept: what the values show
                mod = race["modifiers"][pair]
                da = va - ba - mod - (bonus if self.doc.get("human_bonus") == a else 0)
                db = vb - ba - mod - (bonus if self.doc.get("human_bonus") == b else 0)
                if da and da == -db:
                    shift = da
                    self.rep.add(INFERRED, where, f"{a.upper()} {va} and {b.upper()} {vb} from base {ba}: "
                                                  f"{abs(da)} points moved {'to' if da > 0 else 'from'} {a.upper()}",
                                 f"/shifts/{pair}")
            shifts[pair] = shift
            self.rep.add(AS_IS, where, f"base {ba}" + (f", {shift:+d} exchanged" if shift else ""), f"/base/{pair}")
        self.doc["base"], self.doc["shifts"] = base, shifts
        self._rolls(base)

    def _bonus(self, race: dict | None) -> int:
        """The race bonus pick (a Human's +5): sets doc human_bonus; returns the amount the pack gives."""
        amount = (race or {}).get("single_ability_bonus") or 0
        picks = [s for s in self.r.list(self.sys, "charGen", "raceBonusSelections", where="/system")
                 if isinstance(s, dict) and s.get("ability") in ABILITY_KEYS]
        self.doc["human_bonus"] = None
        kept = self.flags.get("human_bonus") if self.flags.get("human_bonus") in ABILITY_KEYS else None
        if picks:
            pick = dict(picks[0])
            if not isinstance(pick.get("amount"), int) or isinstance(pick.get("amount"), bool):
                pick["amount"] = 0
            self.doc["human_bonus"] = pick["ability"]
            if len(picks) > 1:
                self.rep.add(AMBIGUOUS, "Race bonus", f"{len(picks)} bonus picks; a Human makes one: took "
                                                      f"{pick['ability'].upper()}", "/human_bonus")
            else:
                self.rep.add(AS_IS, "Race bonus", f"+{pick.get('amount')} to {pick['ability'].upper()}", "/human_bonus")
            if pick.get("amount") != amount:
                self.rep.add(DIFFERS, "Race bonus", f"+{pick.get('amount')} in Foundry; the rules pack gives "
                                                    f"{(race or {}).get('name', 'this race')} +{amount}", "/human_bonus")
        elif kept:
            self.doc["human_bonus"] = kept
            self.rep.add(AS_IS, "Race bonus", f"{kept.upper()}, kept in the actor's Starwright flags (only a Human "
                                              "picks one; the checks say so)", "/human_bonus")
        elif amount and race:   # (an amount comes from a race)
            self.rep.add(DEFAULTED, "Race bonus", f"no bonus pick in Foundry: the {race['name']}'s +{amount} is left "
                                                  "to choose", "/human_bonus")
        return amount

    def _rolls(self, base: dict) -> None:
        rolls, kept = {}, self.r.dict(self.flags, "rolls")
        for pair, roll in kept.items():
            if pair in PAIRS and isinstance(roll, int) and not isinstance(roll, bool) and 1 <= roll <= 100:
                if base.get(pair) is not None and self.t.table_score(roll) == base[pair]:
                    rolls[pair] = roll
                    continue
            self.rep.add(NO_PLACE, "Rolls", f"the roll kept for {pair.upper().replace('_', '/')} does not give its "
                                            "base: left out (the score counts as entered)", f"/rolls/{pair}")
        self.doc["rolls"] = rolls
        if rolls:
            self.rep.add(AS_IS, "Rolls", "the d100 rolls, kept in the actor's Starwright flags", "/rolls")
        elif any(v is not None for v in base.values()):
            self.rep.add(DEFAULTED, "Rolls", "Foundry keeps no d100 rolls: the scores count as entered", "/rolls")

    def psa(self) -> None:
        raw = self.r.str(self.sys, "psa", where="/system", limit=100) or ""
        skill = self._psa_skill(raw)
        if not raw and skill:
            raw = self.r.str(skill, "system", "psa") or ""
        name = self.t.canonical_psa(raw)
        kept = self.flags.get("psa") if isinstance(self.flags.get("psa"), str) else ""
        if name:
            self.doc["psa"] = name
            self.rep.add(AS_IS, "PSA", name, "/psa")
        elif kept and len(kept) <= 100:
            self.doc["psa"] = kept
            self.rep.add(AS_IS, "PSA", f"{kept}, kept in the actor's Starwright flags (not a PSA of the rules; the "
                                       "checks say so)", "/psa")
        else:
            self.doc["psa"] = ""
            self.rep.add(DEFAULTED, "PSA", "none in Foundry: left to choose", "/psa")
        level = self.r.int(skill, "system", "level", where="/items", lo=0, hi=6) if skill else None
        adv = self.flags.get("adventures")
        if isinstance(adv, int) and not isinstance(adv, bool) and 0 <= adv <= 10000 and \
                (level is None or self.t.psa_level(adv)[0] == level):
            self.doc["adventures"] = adv
            self.rep.add(AS_IS, "Adventures", f"{adv} completed, kept in the actor's Starwright flags", "/adventures")
        elif level:
            rows = [r["adventures"] for r in self.t.psa["levels"] if r["level"] == level]
            self.doc["adventures"] = min(rows) if rows else 0
            self.rep.add(INFERRED, "Adventures", f"the PSA skill is level {level}: {self.doc['adventures']} "
                                                 "adventures completed, the fewest for that level", "/adventures")
        else:
            self.doc["adventures"] = 0
            self.rep.add(DEFAULTED, "Adventures", "Foundry keeps no adventures completed: 0", "/adventures")

    def _psa_skill(self, psa: str) -> dict | None:
        skills = [i for _, i in self.items if i["type"] == "skill"]
        return (next((s for s in skills if self.r.get(s, "system", "isPsaForOwner") is True), None)
                or next((s for s in skills if psa and self.r.get(s, "system", "psa") == psa.lower()), None))

    # ---- the rest ------------------------------------------------------------------------------------
    def notes(self) -> None:
        notes = html_to_text(self.r.str(self.sys, "personalFile", "notes", where="/system", limit=MAX_HTML) or "")
        kept = self.flags.get("notes")
        if isinstance(kept, str) and len(kept) <= 100000 and html_to_text(text_to_html(kept)) == notes:
            notes = kept                           # the same notes, with the spacing Starwright had
        injuries = html_to_text(self.r.str(self.sys, "personalFile", "injuries", where="/system", limit=MAX_HTML) or "")
        if injuries:
            notes = (notes + "\n\n" if notes else "") + "Injuries (from Foundry):\n" + injuries
            self.rep.add(NO_PLACE, "Injuries", "Starwright has no injuries list: kept in the notes", "/notes")
        self.doc["notes"] = notes[:100000]
        if notes:
            self.rep.add(AS_IS, "Notes", "the personal file's notes", "/notes")

    def no_place(self) -> None:
        s, r = self.sys, self.r
        checks = [
            ("Player", r.str(s, "playerName"), ""), ("Sex", r.str(s, "sex"), ""),
            ("Handedness", r.str(s, "handedness", "kind"), "right"),
            ("Pay per day", r.num(s, "pay", "perDay"), 0), ("Pay per hour", r.num(s, "pay", "perHour"), 0),
            ("Experience earned", r.num(s, "experience", "earned"), 0),
            ("Experience spent", r.num(s, "experience", "spent"), 0),
            ("Temporary Stamina", r.num(s, "stamina", "temp"), 0),
            ("Energy", r.num(s, "defenses", "energy", "max"), 0),
        ]
        for what, v, default in checks:
            if v not in (None, default):
                shown = f"\u201c{v}\u201d" if isinstance(v, str) else f"{v:g}"
                self.rep.add(NO_PLACE, what, f"{shown} in Foundry: Starwright's Basic Game character has no place "
                                             "for it")
        for what, key in (("Credit ledger", ("ledger",)), ("Limbs", ("limbs",))):
            n = len(r.list(s, *key))
            if n:
                self.rep.add(NO_PLACE, what, f"{n} entr{'ies' if n != 1 else 'y'} in Foundry: no place in Starwright")
        if r.dict(s, "racialSkillProgress"):
            self.rep.add(NO_PLACE, "Racial abilities", "progress in trained racial abilities: the rules pack works "
                                                       "them out from the race")
        if r.list(self.data, "effects") or any(r.list(i, "effects") for _, i in self.items):
            self.rep.add(NO_PLACE, "Active effects", "Foundry's active effects have no place in Starwright")
        img = r.str(self.data, "img", limit=2000)
        if img and not img.startswith("icons/"):
            self.rep.add(NO_PLACE, "Portrait", "the actor's picture is a file in Foundry's data folder, not inside "
                                               "the actor: choose it again in Starwright")
        for where in self.r.bad[:20]:
            self.rep.add(NO_PLACE, where, "a value of the wrong type or out of range: left out")

    def money_and_play(self) -> None:
        left = self.r.int(self.sys, "credits", where="/system", lo=0) or 0
        moving = self._vehicles()   # (their cost counts in what was spent, SF-VEH-13)
        self.doc["credits"] = 0
        checked = evaluate(self.doc, KIND)
        spent = checked.derived.get("credits_spent") or 0
        kept = self.flags.get("credits")
        if isinstance(kept, int) and not isinstance(kept, bool) and (kept - spent == left or (left == 0 and kept < spent)):
            self.doc["credits"] = kept
            self.rep.add(AS_IS, "Credits", f"{kept} Cr to start, kept in the actor's Starwright flags ({left} Cr left "
                                           "in Foundry)", "/credits")
        else:
            self.doc["credits"] = min(left + spent, 1_000_000_000)
            self.rep.add(INFERRED, "Credits", f"{left} Cr left in Foundry + {spent} Cr spent on the equipment = "
                                              f"{self.doc['credits']} Cr to start", "/credits")
        play: dict = {}
        sta_max = self.r.int(self.sys, "stamina", "max", where="/system")
        sta = self.r.int(self.sys, "stamina", "value", where="/system")
        if sta_max is not None and sta is not None and sta < sta_max:
            play["stamina_lost"] = min(sta_max - sta, 100000)
            self.rep.add(INFERRED, "Stamina", f"{sta} of {sta_max}: {sta_max - sta} Stamina lost in the game in "
                                              "progress", "/play/stamina_lost")
        owned = {e["name"] for e in self.doc["equipment"]}
        shots = {k: min(v, 100000) for k, v in self.shots.items() if k in owned}
        if shots:
            play["shots"] = shots
        grenades = {k: v for k, v in self.grenades.items() if k in owned}
        if grenades:
            play["grenades"] = grenades
            self.rep.add(AS_IS, "Grenades", ", ".join(f"{v} {k} thrown" for k, v in grenades.items()),
                         "/play/grenades")
        if moving:
            play["vehicles"] = moving
        if play:
            self.doc["play"] = play
        chosen = self.r.dict(self.flags, "optional_rules")
        known = {o["id"] for o in self.t.pack.get("optional_rules", [])}
        chosen = {k: v for k, v in chosen.items() if k in known and isinstance(v, bool)}
        if chosen:
            self.doc["optional_rules"] = chosen
            self.rep.add(AS_IS, "Optional rules", ", ".join(f"{k} {'on' if v else 'off'}" for k, v in chosen.items())
                         + ", kept in the actor's Starwright flags", "/optional_rules")
        if self.flags.get("portrait") is True:
            self.rep.add(NO_PLACE, "Portrait", "the character had a picture in Starwright, which the actor does not "
                                               "carry: choose it again", "/portrait")
        rules = self.flags.get("rules")
        if isinstance(rules, dict) and isinstance(rules.get("pack"), str) and len(rules["pack"]) <= 200:
            self.doc["rules"] = {"pack": rules["pack"]}

    def _vehicles(self) -> dict:
        """The vehicles an actor written by Starwright keeps in its flags (the system's vehicle items are not the
        rules' vehicles), each kept only if it is what a character file holds and the pack has it; returns their
        speeds in the game in progress, kept the same way."""
        from jsonschema import Draft202012Validator
        known = {v["name"] for v in (self.t.pack.get("vehicles") or {}).get("list", [])}
        defs = schema(KIND.schema)["$defs"]
        fits = Draft202012Validator({"$defs": defs, "$ref": "#/$defs/vehicle"}).is_valid
        kept = [v for v in self.r.list(self.flags, "vehicles")[:100] if fits(v) and v["name"] in known]
        if kept:
            self.doc["vehicles"] = kept
            self.rep.add(AS_IS, "Vehicles", ", ".join(v["name"] for v in kept) + ", kept in the actor's Starwright "
                                            "flags", "/vehicles")
        moving = self.r.dict(self.flags, "play_vehicles")
        play_defs = schema(schema(KIND.schema)["properties"]["play"]["$ref"])["$defs"]   # the play part's own file
        fits_play = Draft202012Validator({"$defs": play_defs, "$ref": "#/$defs/vehicle"}).is_valid
        return {k: v for k, v in list(moving.items())[:100] if k.isdigit() and int(k) < len(kept) and fits_play(v)}

    def compare(self) -> None:
        """Where Foundry's numbers differ from what Starwright works out from the imported choices."""
        d = evaluate(self.doc, KIND).derived
        ab = self.r.dict(self.sys, "abilities")
        for key in ABILITY_KEYS:
            theirs, ours = self.r.int(ab, key, "value"), (d.get("abilities") or {}).get(key)
            if theirs is not None and ours is not None and theirs != ours:
                self.rep.add(DIFFERS, f"Abilities › {key.upper()}", f"{theirs} in Foundry; the rules give {ours}",
                             f"/base/{self.t.pair_of(key)}")
        pairs = [("Initiative modifier", self.r.int(self.sys, "derived", "initiativeMod"), d.get("initiative_modifier"),
                  "/race"),
                 ("Stamina", self.r.int(self.sys, "stamina", "max"), d.get("stamina"), "/base/str_sta")]
        for what, metres, key in (("Walking", d.get("walk"), "walking"), ("Running", d.get("run"), "running")):
            theirs = self.r.int(self.sys, "derived", key)
            if metres is not None and theirs is not None and theirs != int(metres // SQUARE_M):
                self.rep.add(DIFFERS, what, f"{theirs} squares in Foundry; the rules give {metres:g} m a turn = "
                                            f"{int(metres // SQUARE_M)} squares of {SQUARE_M} m", "/race")
        for what, theirs, ours, ptr in pairs:
            if theirs is not None and ours is not None and theirs != ours:
                self.rep.add(DIFFERS, what, f"{theirs} in Foundry; the rules give {ours}", ptr)
        bonus = d.get("psa_bonus") if d.get("psa") == "Military" else 0   # SF-PLAY-11: the Military bonus to hit
        for what, key in (("Melee bonus", "meleeBonus"), ("Ranged bonus", "rangedBonus")):
            theirs = self.r.int(self.sys, "combatProfile", key, where="/system")
            if theirs is not None and theirs != (bonus or 0):
                self.rep.add(DIFFERS, what, f"{theirs:+d} to hit in Foundry; the rules give "
                                            f"{(bonus or 0):+d}" + (" (the Military PSA's bonus)" if bonus else ""),
                             "/psa")
        skill = self._psa_skill(self.doc["psa"])
        level = self.r.int(skill, "system", "level") if skill else None
        if level is not None and d.get("psa_level") is not None and level != d["psa_level"]:
            self.rep.add(DIFFERS, "PSA level", f"{level} in Foundry; {self.doc['adventures']} adventures give level "
                                               f"{d['psa_level']}", "/adventures")


def import_actor(data: dict, pack, file_name: str = "") -> tuple[dict, Report]:
    """The Starwright character (file version 2) and the report; nothing is written."""
    check_actor(data)
    imp = _Import(data, pack, file_name)
    imp.name()
    race = imp.race()
    imp.abilities(race)
    imp.psa()
    imp.equipment()
    imp.ammunition()
    imp.notes()
    imp.money_and_play()
    imp.no_place()
    imp.compare()
    order = ("format", "version", "name", "race", "base", "rolls", "shifts", "human_bonus", "psa", "adventures",
             "equipment", "vehicles", "credits", "notes", "rules", "optional_rules", "play")
    return {k: imp.doc[k] for k in order if k in imp.doc}, imp.rep
