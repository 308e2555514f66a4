"""Replay the recorded games in order (SG-CAMP-01): upkeep, survival, XP, levels, loot, after.

`replay(data, pack)` returns a Campaign: the final CampaignState (the crew now, before its next game),
one history entry per game (what the sheet and the builder show), and every issue found on the way,
each pointing into the record at fault. A wrong record is kept and reported: the replay applies what
it can read and skips what it cannot, and never raises on any JSON shape.
"""

from __future__ import annotations

import marshal
from dataclasses import dataclass, field
from typing import Any

from ....content_key import content_key
from ....issues import ERROR, WARNING, Issue
from .. import derive as _derive
from ..tables import KEYS, ROLES, Tables, tables
from .after import ACTIONS, apply_after, check_limits
from .memo import remembered
from .rules import UPGRADE_WORDS, CampaignRules, as_int, campaign_rules
from .state import CampaignState, founded_state
from .temporary import read_temporary
from .upkeep import officer_dues, pay_upkeep
from .xp import xp_for_game


_TAKE_WORDS = {"xp": "taking it as XP", "credits": "selling it for credits", "keep": "keeping it"}


@dataclass
class Campaign:
    founded: dict                      # the creation derive of the crew as founded
    final: CampaignState               # after the last game
    history: list[dict] = field(default_factory=list)   # one entry per game
    issues: list[Issue] = field(default_factory=list)
    states: list[CampaignState] | None = None            # with keep_states: [as founded, after game 1, ...]


def games_of(data: dict) -> list:
    campaign = data.get("campaign")
    games = campaign.get("games") if isinstance(campaign, dict) else None
    return games if isinstance(games, list) else []


@dataclass
class _Played:
    """What a replay of one crew as founded leaves for the next (the memo of `replay`): an edit to the last
    game's record replays that game only, a game added plays alone; an edit to an earlier game replays from the
    founding (the checkpoints are the state as founded, before the last game and after it), and so does an edit
    to the crew as founded, until the state after a game is the one a remembered replay had after it (below)."""
    founded: dict
    records: list                        # content_key of each game record replayed
    history: list[dict]
    issues: list[list[Issue]]            # found while playing each game
    states: dict[int, CampaignState]     # games played -> the state then (copies no Campaign hands out)
    after: list = field(default_factory=list)   # the state after each game, in parts (`_state_parts`)
    crew: bytes | str = b""              # content key of what the games read of the crew as founded (`crew`)


# crews as founded remembered per rules pack: one entry serves a document, its walk-through's draft and trials
# (they share the founding); more serve other documents and the founding before an edit to it (undo)
_MEMO_SIZE = 4


def _state_parts(s: CampaignState) -> tuple:
    """The state in three parts, as keys: all but the officers' kit and powers; each officer's kit (items and
    where they were set); each officer's powers. (Made after every game a replay plays: written straight out with
    marshal, as content_key does, the state's fields by name.)"""
    o = s.officers
    parts = (s.games, s.xp_earned, s.xp_spent, s.credits, s.stash, s.soldiers, s.used_ids,
             [(r, o[r]["level"], o[r]["finds"], o[r]["improved"]) for r in ROLES])
    core: bytes | str
    powers: dict[str, bytes | str]
    try:
        core, powers = marshal.dumps(parts, 2), {r: marshal.dumps(o[r]["powers"], 2) for r in ROLES}
    except ValueError:       # (a find recorded with a value marshal cannot write)
        core, powers = content_key(parts), {r: content_key(o[r]["powers"]) for r in ROLES}
    return core, {r: (tuple(o[r]["items"]), o[r]["items_at"]) for r in ROLES}, powers


def _reads(game, t: Tables, kits: dict, theirs: dict, powers: set) -> set | None:
    """Whether a game plays the same from two states that differ only in the kits of the officers in `kits` (this
    state's kit by role; `theirs`, the other's) and the powers of those in `powers`: None when it may not; else the
    officers whose kits it makes the same (it re-equips them). An officer's kit is read before a game for its
    upkeep (the same when both kits owe the same, SG-EQ-08) and replaced by re-equipping (SG-CAMP-19, which reads
    only the finds the kit carries: part of the rest of the state); powers are read by the officer's levels."""
    if not isinstance(game, dict):
        return set()                     # a record that is no game record plays nothing
    for rec in levels if isinstance(levels := game.get("levels"), list) else []:
        if isinstance(rec, dict) and isinstance(rec.get("officer"), str) and rec["officer"] in powers:
            return None
    for role, (items, at) in kits.items():
        mine, other = officer_dues(t, items), officer_dues(t, theirs[role][0])
        if mine != other or (mine and at != theirs[role][1]):
            return None
    same = set()
    for step in after if isinstance(after := game.get("after"), list) else []:
        verb = next((v for v in ACTIONS if v in step), None) if isinstance(step, dict) else None
        if verb == "equip" and set(step) == {"equip", *ACTIONS["equip"]} and isinstance(step["equip"], str) \
                and step["equip"] in kits:
            same.add(step["equip"])
    return same


def replay(data: dict, pack, keep_states: bool = False) -> Campaign:
    """Every recorded game replayed onto the crew as founded. The games before the first record that changed
    since the last replay of the same crew as founded (with the same rules pack) are not played again: their
    history, issues and the state after them are taken from that replay (checkpoints: as founded, before the
    last game, after it). Nor are the games after one that leaves the state a remembered replay had after the
    same game, when the records from there on and what the games read of the crew as founded are the same: a game
    is a function of the state before it, its record, the crew as founded and the rules, so the rest is what
    that replay found (a change to the crew as founded that a game's re-equipping makes moot, a new title for
    an early game). keep_states replays every game.

    What a Campaign hands out (history entries, issues, `founded`) is shared with the memo and later replays:
    read it, never change it. `final` is the Campaign's own."""
    t = tables(pack)
    rules = campaign_rules(t)
    games = games_of(data)
    founding = content_key({k: v for k, v in data.items() if k != "campaign"})
    memo = t.__dict__.setdefault("_replays", {})
    seen = None if keep_states else memo.pop(founding, None)
    records = [content_key(game) for game in games]
    # the replays to catch up with: this founding's (its later games may be the same), and the one remembered
    # last (most likely the crew before an edit to its founding)
    refs = [] if keep_states else [p for p in (seen, memo[next(reversed(memo))] if memo else None) if p is not None]
    if seen is None:
        founded = _derive.derive(data, t)
        seen = _Played(founded, [], [], [], {0: founded_state(data, founded, rules)})
    same = next((g for g, (a, b) in enumerate(zip(seen.records, records)) if a != b),
                min(len(seen.records), len(records)))
    states = {g: s for g, s in seen.states.items() if g <= same}    # the later ones followed other records
    start = max(states)
    state = states[start].copy()
    founded = seen.founded
    kept_states = [state.copy()] if keep_states else None
    result = Campaign(founded, state, seen.history[:start], [i for found in seen.issues[:start] for i in found],
                      states=kept_states)
    crew = {"profiles": {r: founded.get(r, {}).get("base_profile", {}) for r in ROLES},
            "backgrounds": {r: founded.get(r, {}).get("background") for r in ROLES}}
    crew_key = content_key(crew)
    # the games from `tail` on have the same records as in `ref` (None: no replay can be caught up with): of the
    # two, the one whose records are the same from the earliest game
    ref: _Played | None = None
    tail: int | None = None
    for p in refs:
        if p.crew == crew_key and len(p.records) == len(records):
            k = len(records)
            while k > 0 and p.records[k - 1] == records[k - 1]:
                k -= 1
            if tail is None or k < tail:
                ref, tail = p, k
    found = seen.issues[:start]
    after = seen.after[:start]
    last = len(games)
    for g in range(start, last):
        if g == last - 1:
            states.setdefault(g, state.copy())
        before = len(result.issues)
        result.history.append(_Game(t, rules, state, result.issues, g, games[g], crew, records[g]).play())
        found.append(result.issues[before:])
        if kept_states is not None:
            kept_states.append(state.copy())
            continue
        after.append(_state_parts(state))
        if ref is not None and tail is not None and tail <= g + 1 < last and g < len(ref.after) and ref.after[g][0] == after[g][0]:
            caught = _catch_up(ref, g, state, after, games, t, last)
            if caught is not None:
                # the same state after game g as that replay but for what the games to come do not read, the
                # same games to come: the rest is what that replay found
                result.history += ref.history[g + 1:]
                for more in ref.issues[g + 1:]:
                    result.issues += more
                found += ref.issues[g + 1:]
                before_last, state = caught
                if before_last is not None:
                    states[last - 1] = before_last
                result.final = state
                break
    if not keep_states:
        kept = {g: s for g, s in states.items() if g in (0, last - 1)}
        kept[last] = states[last] if start == last else state.copy()
        memo[founding] = _Played(founded, records, list(result.history), found, kept, after, crew_key)
        while len(memo) > _MEMO_SIZE:
            del memo[next(iter(memo))]
    return result


def _catch_up(ref: _Played, g: int, state: CampaignState, after: list, games: list, t: Tables, last: int):
    """After game g, this replay's state has the rest of `ref`'s state after game g (what all the games read). When
    every game to come plays the same from both (`_reads`), returns (the state before the last game, if that
    replay kept it, and the final state), each `ref`'s with this replay's kits and powers where they still differ;
    `after` gets the parts of each state to come. None: a game to come may play otherwise."""
    _core, kits, powers = after[g]
    _rcore, rkits, rpowers = ref.after[g]
    mine = {r for r in ROLES if kits[r] != rkits[r]}          # kits that differ
    differ = {r for r in ROLES if powers[r] != rpowers[r]}    # powers that differ
    parts = []
    for h in range(g + 1, last):
        theirs = ref.after[h - 1][1]
        same = _reads(games[h], t, {r: kits[r] for r in mine}, theirs, differ)
        if same is None:
            return None
        parts.append(set(mine))          # the kits that differ before game h
        mine -= same
    own = {r: state.officers[r] for r in ROLES}

    def ours(s: CampaignState | None, kit_roles: set) -> CampaignState | None:
        if s is None:
            return None
        s = s.copy()
        for r in kit_roles:
            s.officers[r]["items"], s.officers[r]["items_at"] = list(own[r]["items"]), own[r]["items_at"]
        for r in differ:
            s.officers[r]["powers"] = [{**p, "derivation": [list(x) for x in p["derivation"]]} for p in own[r]["powers"]]
        return s
    for h in range(g + 1, last):
        core, rk, rp = ref.after[h]
        still = parts[h - g] if h - g < len(parts) else mine
        after.append((core, {r: kits[r] if r in still else rk[r] for r in ROLES},
                      {r: powers[r] if r in differ else rp[r] for r in ROLES}))
    before_last = ours(ref.states.get(last - 1), parts[-1]) if last - 1 > g else None
    return before_last, ours(ref.states[last], mine)


def _text(game, key: str) -> str:
    value = game.get(key) if isinstance(game, dict) else None
    return value if isinstance(value, str) else ""


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def title_of(game, g: int) -> str:
    title = game.get("title") if isinstance(game, dict) else None
    return f"game {g + 1} ({title})" if isinstance(title, str) and title.strip() else f"game {g + 1}"


class _Game:
    """One game record replayed onto the state."""

    def __init__(self, t: Tables, rules: CampaignRules, state: CampaignState, issues: list[Issue], g: int, game,
                 crew: dict, record_key):
        self.t, self.rules, self.state, self.issues, self.g, self.game = t, rules, state, issues, g, game
        self.record_key = record_key     # content_key of the record: what is read of it alone is remembered by it
        self.founded_profiles = crew["profiles"]     # real profiles as founded
        self.background = crew["backgrounds"]
        self.ptr = f"/campaign/games/{g}"
        self.name = title_of(game, g)
        self.entry: dict[str, Any] = {"index": g, "title": _text(game, "title"), "date": _text(game, "date"),
                      "upkeep": 0, "out_of_action": [], "survival": [], "xp": None, "game_xp": 0, "info_xp": 0,
                      "levels": [], "loot": [], "after": [], "credits_in": 0, "credits_out": 0,
                      "temporary": []}

    def issue(self, pointer: str, rule: str, message: str, severity: str = ERROR) -> None:
        self.issues.append(Issue(pointer, rule, severity, message))

    def field(self, key: str, kind: type):
        value = self.game.get(key)
        return value if isinstance(value, kind) else kind()

    def play(self) -> dict:
        s = self.state
        s.games += 1
        if not isinstance(self.game, dict):
            found = {list: "a list", str: "text", int: "a number", float: "a number", bool: "true/false",
                     type(None): "null"}.get(type(self.game), "something else")
            self.issue(self.ptr, "SG-CAMP-01", f"The record of {self.name} is {found}, not a game record "
                       f"(title, date, out_of_action, survival, xp, loot, levels, after), so nothing of it counts.")
            self.entry["skipped"] = True
            self._totals()
            return self.entry
        self._before()
        read_temporary(self)       # SG-CREW-08: who played this game only (never the crew)
        self._survival()
        self._xp()
        self._levels()
        self._loot()
        apply_after(self)
        check_limits(self)
        self._totals()
        return self.entry

    def _totals(self) -> None:
        # SG-CAMP-10: XP and credits are running totals carried from game to game
        s = self.state
        self.entry.update(xp_earned=s.xp_earned, xp_spent=s.xp_spent, xp_unspent=s.xp_unspent, credits=s.credits,
                          levels_now={r: s.officers[r]["level"] for r in ROLES},
                          stash=[f["name"] for f in s.stash])

    # ---- 1. before the game: upkeep (SG-EQ-08), a Secret activated (SG-LOOT-06) ----
    def _before(self) -> None:
        s = self.state
        for soldier in s.soldiers:          # SG-CAMP-03/06: an injury lasts one game
            soldier["injured"] = False
        paid, issues = pay_upkeep(s, self.t, f"before {self.name}")
        self.issues.extend(issues)
        self.entry["upkeep"] = paid
        self.entry["credits_out"] += paid
        self.secret = False
        if self.game.get("activate_secret") is True:
            secret = next((f for f in s.stash if f.get("kind") == "secret"), None)
            if secret is None:
                self.issue(self.ptr + "/activate_secret", "SG-LOOT-06",
                           f"Before {self.name} the stash holds no Secret to activate; keep a Secret from a loot roll first.")
            else:
                s.stash.remove(secret)      # used up, whether or not the central marker is secured
                self.secret = True

    # ---- 2. survival (SG-CAMP-04..07) ----
    def _survival(self) -> None:
        s = self.state
        ooa_ptr = self.ptr + "/out_of_action"
        out = []
        for i, who in enumerate(self.field("out_of_action", list)):
            if not isinstance(who, str):
                continue                    # the schema check reports it
            if who in out:
                self.issue(f"{ooa_ptr}/{i}", "SG-CAMP-04", f"{self._who(who)} is listed twice as out of action.")
            elif who not in ROLES and s.soldier(who) is None:
                self.issue(f"{ooa_ptr}/{i}", "SG-CAMP-04",
                           f'"{who}" is not in the crew at {self.name}: use "captain", "first_mate" or the id of a '
                           f"soldier in the crew then ({self._ids()}).")
            else:
                out.append(who)
        self.entry["out_of_action"] = out
        rolled = set()
        dead = []
        for i, rec in enumerate(self.field("survival", list)):
            if not isinstance(rec, dict) or not isinstance(rec.get("who"), str):
                continue
            ptr = f"{self.ptr}/survival/{i}"
            who = rec["who"]
            if who not in out:
                self.issue(ptr + "/who", "SG-CAMP-04", f"{self._who(who)} was not out of action in {self.name}, "
                           f"so rolls no survival; mark them out of action or remove this roll.")
                continue
            if who in rolled:
                self.issue(ptr + "/who", "SG-CAMP-04", f"{self._who(who)} already has a survival roll in {self.name}.")
                continue
            rolled.add(who)
            if who in ROLES:
                self._officer_survival(ptr, who, rec)
                continue
            roll = as_int(rec.get("roll"))
            row = self.rules.survival_outcome(roll) if roll is not None else None
            die = self.rules.survival["die"]
            if "roll" not in rec:
                self.issue(ptr + "/roll", "SG-CAMP-04", f"Roll a d{die} on the Soldier Survival Table for "
                           f"{self._who(who)} and record it.")
            elif roll is not None and row is None:
                self.issue(ptr + "/roll", "SG-CAMP-04", f"A survival roll of {roll} is not on the d{die} Soldier "
                           f"Survival Table (1 to {die}); {self._who(who)} is left as it was until it is corrected.")
            soldier = s.soldier(who)
            if row is None or soldier is None:   # (a soldier out of action is one of the crew: checked above)
                continue
            self.entry["survival"].append({"who": who, "name": self._who(who), "roll": roll, "result": row["result"]})
            if row.get("effect") == "dead":       # SG-CAMP-05: removed, its items lost
                dead.append(soldier)
            elif row.get("effect") == "injured":  # SG-CAMP-06: next game at half Health
                soldier["injured"] = True
        for who in out:
            if who not in rolled:
                rule = "SG-CAMP-07" if who in ROLES else "SG-CAMP-04"
                self.issue(ooa_ptr + f"/{out.index(who)}", rule, f"{self._who(who)} was taken out of action in "
                           f"{self.name} but has no survival record; add one.", WARNING if who in ROLES else ERROR)
        for soldier in dead:
            s.soldiers.remove(soldier)

    def _officer_survival(self, ptr: str, who: str, rec: dict) -> None:
        table = self.rules.survival["officer"]
        result = result if isinstance(result := rec.get("result"), str) else ""
        roll = as_int(rec.get("roll"))
        if not result and roll is not None and table:
            row = self.rules.survival_outcome(roll, officer=True)
            result = row["result"] if row else ""
            if not row:
                self.issue(ptr + "/roll", "SG-CAMP-07", f"A roll of {roll} is not on the Officer Survival Table.")
        if not result.strip():
            self.issue(ptr + "/result", "SG-CAMP-07", f"Record what the Officer Survival Table gave {self._who(who)} "
                       f"(the rulebook excerpt lacks the table: use your group's).", WARNING)
        elif table and result not in {r["result"] for r in table}:
            self.issue(ptr + "/result", "SG-CAMP-07", f'"{result}" is not a result of the Officer Survival Table '
                       f"({', '.join(dict.fromkeys(r['result'] for r in table))}).", WARNING)
        # GAP-SG-04: no effect is derived from an officer's result
        self.entry["survival"].append({"who": who, "name": self.t.figures[who]["label"], "roll": roll, "result": result})

    # ---- 3. XP (SG-CAMP-08/09/10) ----
    def _xp(self) -> None:
        # what the counts give reads nothing of the crew but whether any of it was taken out of action: remembered
        # by the record's content and place, as the loot is (below)
        out = bool(self.entry["out_of_action"])
        found, result = remembered(self.rules, "_xp_game_memo", (self.g, self.record_key, out),
                                   lambda: self._read_xp(out))
        self.issues.extend(found)
        self.entry["xp"] = result
        self.entry["game_xp"] = result["total"]
        self.state.xp_earned += result["total"]

    def _read_xp(self, out: bool) -> tuple:
        found = []
        xp = self.game.get("xp")
        if isinstance(xp, dict):
            for name, value in xp.items():
                n = as_int(value)
                if n is not None and n < 0:
                    found.append(Issue(f"{self.ptr}/xp/{name}", "SG-CAMP-09", ERROR,
                                       f"An XP count cannot be negative ({n}); it counts as 0."))
        return tuple(found), xp_for_game(xp, out, self.rules)

    # ---- 4. levels (SG-CAMP-11..18, SG-PROF-03) ----
    def _levels(self) -> None:
        s = self.state
        reduced: dict[str, dict] = {r: {} for r in ROLES}   # role -> power -> reductions this game
        for i, rec in enumerate(self.field("levels", list)):
            ptr = f"{self.ptr}/levels/{i}"
            if not isinstance(rec, dict):
                continue
            role = rec.get("officer")
            if role not in ROLES:
                self.issue(ptr + "/officer", "SG-CAMP-11", f"A level is bought for the "
                           f"{self.t.figures['captain']['label']} or the {self.t.figures['first_mate']['label']}, "
                           f"not for {role or 'no one'}.")
                continue
            officer = s.officers[role]
            label = self.t.figures[role]["label"]
            cost = self.rules.level_cost
            if s.xp_unspent < cost:   # SG-CAMP-11: a full 100 XP per level
                self.issue(ptr, "SG-CAMP-11", f"Not enough XP for this level: {max(s.xp_unspent, 0)} unspent, a "
                           f"level costs {cost} (Information taken as XP in this game counts from the next game on).")
            s.xp_spent += cost
            officer["level"] += 1
            level = officer["level"]
            offered = self.rules.upgrade_for_level(level)
            upgrade = rec.get("upgrade") if isinstance(rec.get("upgrade"), str) else None
            done = ""
            if upgrade not in offered:      # SG-CAMP-13 / SG-CAMP-18
                want = " or ".join(f'"{UPGRADE_WORDS[u]}"' for u in offered)
                got = f'"{UPGRADE_WORDS[upgrade]}"' if upgrade in UPGRADE_WORDS else repr(upgrade)
                digits = self.rules.digits_giving(upgrade) if upgrade in UPGRADE_WORDS else ""
                which = f" (levels ending in {digits} {UPGRADE_WORDS[upgrade].split()[0]})" \
                    if digits and upgrade in UPGRADE_WORDS else ""
                self.issue(ptr + "/upgrade", "SG-CAMP-18" if len(offered) > 1 else "SG-CAMP-13",
                           f"{label} level {level} gives {want}, not {got}{which}.")
            elif upgrade == "reduce":
                done = self._reduce(ptr, role, rec, level, reduced[role])
            elif upgrade == "improve":
                done = self._improve(ptr, role, rec, level)
            else:
                done = self._learn(ptr, role, rec, level)
            self.entry["levels"].append({"officer": role, "label": label, "level": level,
                                         "upgrade": upgrade if isinstance(upgrade, str) else "", "did": done})
            self._band(ptr)

    def _band(self, ptr: str) -> None:
        # SG-CAMP-12 with AMB-SG-01 as DECISIONS.md reads it: band_min <= Captain - First Mate <= band_max
        lo, hi = self.rules.levels["band_min"], self.rules.levels["band_max"]
        cap, fm = self.state.officers["captain"]["level"], self.state.officers["first_mate"]["level"]
        if not lo <= cap - fm <= hi:
            self.issue(ptr, "SG-CAMP-12", f"After this level the Captain is level {cap} and the First Mate level {fm}: "
                       f"the First Mate must stay {lo} to {hi} levels below the Captain ({cap - fm} now).")

    def _power(self, role: str, name) -> dict | None:
        canon = self.t.canonical_power(name)
        return next((p for p in self.state.officers[role]["powers"] if p["name"] == canon), None) if canon else None

    def _reduce(self, ptr: str, role: str, rec: dict, level: int, reduced: dict) -> str:
        label = self.t.figures[role]["label"]
        power = self._power(role, rec.get("power"))
        if power is None:
            known = ", ".join(p["name"] for p in self.state.officers[role]["powers"]) or "none"
            picked = rec.get("power")
            what = (f"{picked} is not one of them" if isinstance(picked, str) and picked.strip()
                    else "no power is picked yet")
            self.issue(ptr + "/power", "SG-CAMP-16", f"Level {level} lowers the activation of a power the {label} "
                       f"knows ({known}); {what}. Pick one of the {label}'s powers.")
            return ""
        most, step = self.rules.levels["reductions_per_power_per_game"], self.rules.levels["reduce_step"]
        if reduced.get(power["name"], 0) >= most:     # SG-CAMP-17
            self.issue(ptr + "/power", "SG-CAMP-17", f"{power['name']} was already reduced in {self.name}: a power "
                       f"is reduced at most {_times(most)} a game; reduce another power.")
            return ""
        if power["activation"] - step < self.rules.floor:   # SG-CAMP-16
            self.issue(ptr + "/power", "SG-CAMP-16", f"{power['name']} is at activation {power['activation']}; no "
                       f"power goes below {self.rules.floor}. Reduce another power.")
            return ""
        reduced[power["name"]] = reduced.get(power["name"], 0) + 1
        power["activation"] -= step
        power["derivation"].append([f"level {level}", -step])
        return f"{power['name']} to {power['activation']}"

    def _improve(self, ptr: str, role: str, rec: dict, level: int) -> str:
        key = rec.get("characteristic")
        label = self.t.figures[role]["label"]
        if key not in KEYS:
            what = f"{key} is not one of them" if isinstance(key, str) and key.strip() else "none is picked yet"
            self.issue(ptr + "/characteristic", "SG-CAMP-15", f"Level {level} improves one of the {label}'s "
                       f"characteristics ({', '.join(self.t.label(k) for k in KEYS)}); {what}.")
            return ""
        officer = self.state.officers[role]
        real = self.founded_real(role, key) + officer["improved"].get(key, 0)
        most, step = self.rules.maxima.get(key), self.rules.levels["improve_step"]
        if most is not None and real + step > most:   # SG-PROF-03 / SG-CAMP-15
            self.issue(ptr + "/characteristic", "SG-PROF-03", f"The {label}'s {self.t.label(key)} is "
                       f"{_derive.format_value(key, real, self.t)}, its maximum; improve another characteristic.")
            return ""
        officer["improved"][key] = officer["improved"].get(key, 0) + step
        return f"{self.t.label(key)} to {_derive.format_value(key, real + step, self.t)}"

    def founded_real(self, role: str, key: str) -> int:
        return self.founded_profiles[role].get(key, 0)

    def _learn(self, ptr: str, role: str, rec: dict, level: int) -> str:
        label = self.t.figures[role]["label"]
        name = self.t.canonical_power(rec.get("power"))
        if not name:
            picked = rec.get("power")
            self.issue(ptr + "/power", "SG-CAMP-14", f"Level {level} teaches the {label} a new power; "
                       + (f"{picked} is not a power in the rules pack." if isinstance(picked, str) and picked.strip()
                          else "pick the power to learn."))
            return ""
        if self._power(role, name):
            self.issue(ptr + "/power", "SG-CAMP-14", f"The {label} already knows {name}; learn a power not yet known.")
            return ""
        p = self.t.powers[name]
        bg = self.background[role]
        basic = self.t.is_basic(p, bg)
        # SG-CAMP-14: listed value if basic, else +2, Captain and First Mate alike (no First Mate surcharge)
        extra = self.rules.levels["learn_basic_penalty" if basic else "learn_other_penalty"]
        derivation = [[f"{name} listed", p["activation"]]]
        if extra:
            derivation.append(["basic power" if basic else "not a basic power", extra])
        derivation.append([f"learned at level {level}", 0])
        self.state.officers[role]["powers"].append({
            "name": name, "activation": p["activation"] + extra, "base_activation": p["activation"],
            "fatigue": p["fatigue"], "basic": basic, "category": p["category"], "learned": True,
            "derivation": derivation})
        return f"{name} at {p['activation'] + extra}"

    # ---- 5. loot (SG-LOOT-01..08, SG-LOOT-12) ----
    def _loot(self) -> None:
        """The loot rolls read nothing of the crew but whether a Secret was activated: what they give (credits,
        XP, finds for the stash) and say is remembered by the record's content and place, so a change to the crew
        as founded, which replays every game, does not read every roll again (tests/benchmarks/bench_gui.py)."""
        done = remembered(self.rules, "_loot_memo", (self.g, self.record_key, self.secret), self._loot_alone)
        found, loot, info_xp, credits_in, credits, xp, stash = done
        self.issues.extend(found)
        self.entry["loot"].extend(dict(x) for x in loot)
        self.entry["info_xp"] += info_xp
        self.entry["credits_in"] += credits_in
        self.state.credits += credits
        self.state.xp_earned += xp
        self.state.stash.extend(dict(x) for x in stash)

    def _loot_alone(self) -> tuple:
        """What the loot rolls give and say, read onto an empty state."""
        scratch = CampaignState()
        found: list[Issue] = []
        game = _Game(self.t, self.rules, scratch, found, self.g, self.game,
                     {"profiles": self.founded_profiles, "backgrounds": self.background}, self.record_key)
        game.secret = self.secret
        game._read_loot()
        e = game.entry
        return (tuple(found), tuple(e["loot"]), e["info_xp"], e["credits_in"], scratch.credits, scratch.xp_earned,
                tuple(scratch.stash))

    def _read_loot(self) -> None:
        die = self.rules.loot["die"]
        tables_ = self.rules.loot_tables()
        secret_used = False
        for i, rec in enumerate(self.field("loot", list)):
            ptr = f"{self.ptr}/loot/{i}"
            if not isinstance(rec, dict):
                continue
            table = rec.get("table") if isinstance(rec.get("table"), str) else None
            unclaimed = as_int(rec.get("unclaimed_roll"))
            if unclaimed is not None:     # SG-LOOT-12: an unclaimed marker is kept on 15+
                keep_from = self.rules.loot["unclaimed_kept_from"]
                if not 1 <= unclaimed <= die:
                    self.issue(ptr + "/unclaimed_roll", "SG-LOOT-12", f"A d{die} roll of {unclaimed} is not possible.")
                elif unclaimed < keep_from:
                    self.entry["loot"].append({"table": table, "roll": None, "label": f"unclaimed marker lost "
                                               f"(rolled {unclaimed}, kept on {keep_from}+)", "credits": 0})
                    continue
            if table == "secret":         # SG-LOOT-06: the activated Secret's automatic roll
                if not self.secret or secret_used:
                    self.issue(ptr + "/table", "SG-LOOT-06", "A Secret's automatic roll needs a Secret activated "
                               "before this game (activate_secret), and gives one roll.")
                    continue
                secret_used = True
                self._find(ptr, rec, "a Secret's automatic roll")
                continue
            if table not in tables_:
                self.issue(ptr + "/table", "SG-LOOT-01", f"Loot is rolled on the "
                           f"{' or '.join(v['label'] for v in tables_.values())} table, not on {table or 'no table'}.")
                continue
            roll = as_int(rec.get("roll"))
            row = self.rules.loot_result(table, roll) if roll is not None else None
            if row is None:
                self.issue(ptr + "/roll", "SG-LOOT-01", f"Roll a d{die} on the {tables_[table]['label']} table and "
                           f"record it." if roll is None else f"A roll of {roll} is not on the {die}-row "
                           f"{tables_[table]['label']} table (1 to {die}).")
                continue
            self._loot_row(ptr, rec, row)
        if self.secret and not secret_used:
            self.entry["loot"].append({"table": "secret", "roll": None, "label": "Secret activated but the central "
                                       "marker not secured: wasted", "credits": 0})

    def _loot_row(self, ptr: str, rec: dict, row: dict) -> None:
        s = self.state
        kind = row["kind"]
        take = rec.get("take")
        offers = row["offers"]
        got = {"table": rec["table"], "roll": rec["roll"], "label": row["label"], "credits": 0}
        if "take" in rec and take not in offers:
            choices = " or ".join(_TAKE_WORDS.get(o, o) for o in offers) if offers else "no choice"
            rule = {"information": "SG-LOOT-03", "secret": "SG-LOOT-05", "goods": "SG-LOOT-04"}.get(kind, "SG-LOOT-01")
            self.issue(ptr + "/take", rule, f"{row['label']} offers {choices}; "
                       f"{_TAKE_WORDS.get(take, take) if isinstance(take, str) else take} is not offered.")
            take = None
        if "credits_roll" in rec and kind != "credits_roll":
            self.issue(ptr + "/credits_roll", "SG-LOOT-02", f"{row['label']} has no credits roll; remove it.", WARNING)
        if "find" in rec and kind != "find":
            self.issue(ptr + "/find", "SG-LOOT-08", f"{row['label']} is not an Advanced Weaponry, Advanced "
                       f"Technology or Alien Artifact result; remove the find.")
        if kind in ("credits", "goods"):         # SG-LOOT-04: goods are sold for their value
            got["credits"] = row["credits"]
        elif kind == "credits_roll":             # SG-LOOT-02
            cr = as_int(rec.get("credits_roll"))
            cdie = self.rules.loot["credits_die"]
            if cr is None or not 1 <= cr <= cdie:
                self.issue(ptr + ("/credits_roll" if "credits_roll" in rec else ""), "SG-LOOT-02",
                           f"{row['label']}: roll the d{cdie} for the credits and record it"
                           + (f" (1 to {cdie}, not {cr})." if cr is not None else "."))
            else:
                got["credits"] = cr * row["multiplier"]
                got["label"] = f"{row['label']}: {cr}×{row['multiplier']}"
        elif kind == "information":              # SG-LOOT-03: 20 XP outside the cap, or its credits
            if take == "xp":
                xp = self.rules.xp["information"]
                s.xp_earned += xp
                self.entry["info_xp"] += xp
                got["label"] += f", taken as {xp} XP"
                got["xp"] = xp
            elif take == "credits":
                got["credits"] = row["credits"]
            elif "take" not in rec:
                self.issue(ptr, "SG-LOOT-03", f"{row['label']}: choose whether to take it as "
                           f"{self.rules.xp['information']} XP or sell it for {row['credits']} Cr.")
        elif kind == "secret":                   # SG-LOOT-05: kept aboard or sold
            if take == "keep":
                s.stash.append({"name": "Secret", "slots": 0, "value": row["credits"], "kind": "secret"})
                got["label"] += ", kept"
            elif take == "credits":
                got["credits"] = row["credits"]
            elif "take" not in rec:
                self.issue(ptr, "SG-LOOT-05", f"{row['label']}: choose whether to keep it (it goes to the "
                           f"stash) or sell it for {row['credits']} Cr.")
        else:                                     # SG-LOOT-08: find tables missing (GAP-SG-05)
            self._find(ptr, rec, row["label"], got)
            return
        s.credits += got["credits"]
        self.entry["credits_in"] += got["credits"]
        self.entry["loot"].append(got)

    def _find(self, ptr: str, rec: dict, label: str, got: dict | None = None) -> None:
        find = rec.get("find")
        got = got or {"table": rec.get("table"), "roll": rec.get("roll"), "label": label, "credits": 0}
        if not isinstance(find, dict) or not isinstance(find.get("name"), str) or not find["name"].strip():
            self.issue(ptr + ("/find" if "find" in rec else ""), "SG-LOOT-08",
                       f"{label}: record what was found (its name, slots and value); "
                       f"it goes to the stash.")
        else:
            item = {"name": find["name"], "slots": max(as_int(find.get("slots")) or 0, 0),
                    "value": as_int(find.get("value")), "kind": "find"}
            self.state.stash.append(item)
            got["label"] = f"{label}: {item['name']}"
        self.entry["loot"].append(got)

    # ---- helpers ----
    def _who(self, who: str) -> str:
        if who in ROLES:
            return f"The {self.t.figures[who]['label']}"
        soldier = self.state.soldier(who)
        if soldier is None:
            return f'"{who}"'
        return f"{soldier['name'] or soldier['type']} ({who})"

    def _ids(self) -> str:
        return ", ".join(s["id"] for s in self.state.soldiers if s["id"]) or "no soldiers"
