"""The choices behind an officer's numbers: background, "+1" picks, powers and the Captain's two
reductions, items. Labernator stores only final numbers, so the picks and reductions are worked out from
them (and the report says when more than one reading fits); BattleScribe names its picks but not the
reductions. Every number is then derived by Starwright; the source's own numbers are only compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from ..systems.stargrave.campaign import rules_for
from ..systems.stargrave.derive import derive_officer
from ..systems.stargrave.tables import KEYS, Tables
from .names import Match, Names
from .report import ALIAS, AMBIGUOUS, AS_IS, DEFAULTED, DIFFERS, INFERRED, NO_PLACE, Report
from .source import SourceOfficer


@dataclass
class Progress:
    """What an officer gained after founding, as far as the source's numbers tell (for the campaign)."""
    improvements: list[str] = field(default_factory=list)      # characteristic keys, one per +1
    reductions: dict[str, int] = field(default_factory=dict)   # power -> steps below its founding value
    learned: list[str] = field(default_factory=list)           # powers learned after founding, in order
    level: int | None = None


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def map_name(names: Names, kind: str, raw: str, where: str, rep: Report, ptr: str, what: str) -> str | None:
    m: Match = names.match(kind, raw)
    if m.name and m.how == "as is":
        rep.add(AS_IS, where, f"{what} {m.name}", ptr)
    elif m.name:
        rep.add(ALIAS, where, f"{what} \"{raw}\" is {m.name} in Starwright", ptr)
    elif m.how == "elsewhere":
        rep.add(NO_PLACE, where, f"{what} \"{raw}\" comes from {m.elsewhere}, which Starwright does not have; left out "
                                 f"(kept in the notes)")
    elif m.how != "placeholder":
        rep.add(NO_PLACE, where, f"{what} \"{raw}\" is not in the rules pack; left out (kept in the notes)")
    return m.name


def infer_picks(stats: dict, base: dict, bg: dict, extra_min: int = 0, extra_max: int = 0) -> list[tuple[list[str], dict]]:
    """Every set of background picks that explains the stats, leaving between extra_min and extra_max later
    +1s (none at founding), each with the +1s it leaves per characteristic. Empty when none fits."""
    delta = {k: stats[k] - base[k] - bg["fixed"].get(k, 0) for k in KEYS if k != "armour"}
    fits = []
    for combo in combinations(bg["choose_from"], bg["choose"]):
        rest = {k: delta[k] - (1 if k in combo else 0) for k in delta}
        if all(v >= 0 for v in rest.values()) and extra_min <= sum(rest.values()) <= extra_max:
            fits.append((list(combo), rest))
    return fits


def closest_picks(stats: dict, base: dict, bg: dict) -> tuple[list[str], dict]:
    """When no set fits: the picks that explain the most +1s, and what is left (which may be negative)."""
    delta = {k: stats[k] - base[k] - bg["fixed"].get(k, 0) for k in KEYS if k != "armour"}
    combo = list(max(combinations(bg["choose_from"], bg["choose"]),
                     key=lambda c: sum(1 for k in c if delta[k] >= 1), default=()))
    return combo, {k: delta[k] - (1 if k in combo else 0) for k in delta}


@dataclass
class _Officer:
    """What the steps of build_officer share."""
    src: SourceOfficer
    role: str
    t: Tables
    names: Names
    rep: Report
    plan: dict | None = None          # what the levels since founding give (None: no levels to explain)
    bg_name: str | None = None
    bg: dict | None = None
    progress: Progress = field(default_factory=Progress)

    @property
    def fig(self) -> dict:
        return self.t.figures[self.role]

    @property
    def label(self) -> str:
        return self.fig["label"]

    @property
    def ptr(self) -> str:
        return f"/{self.role}"

    @property
    def final(self) -> bool:
        """Labernator stores final numbers (stats without worn armour, activations after every change)."""
        return self.src.stats is not None and not self.src.stats_include_gear


def build_officer(src: SourceOfficer | None, role: str, t: Tables, names: Names, rep: Report,
                  improvements_for_level=None) -> tuple[dict, Progress]:
    """The officer as founded (version 1 fields) and what it gained since, with report lines."""
    if src is None:
        label = t.figures[role]["label"]
        rep.add(DEFAULTED, label, f"no {label} in the source: an empty one is made for you to fill", f"/{role}")
        return {"name": label, "background": "", "choices": [], "powers": [], "items": []}, Progress()
    o = _Officer(src, role, t, names, rep)
    out = _identity(o)
    o.progress.level = _level(o)
    if improvements_for_level and o.progress.level > o.fig["level"]:
        o.plan = improvements_for_level(role, o.fig["level"], o.progress.level)
    out["choices"] = _picks(o)
    out["powers"] = _powers(o)
    out["items"] = _items(o)
    _compare_profile(o, out)
    return out, o.progress


def _identity(o: _Officer) -> dict:
    src, rep, ptr = o.src, o.rep, o.ptr
    out: dict = {"name": src.name or o.label}
    if src.name:
        rep.add(AS_IS, src.where, f"name {src.name}", ptr + "/name")
    else:
        rep.add(DEFAULTED, src.where, f"no name in the source: named \"{o.label}\"", ptr + "/name")
    if src.background:
        o.bg_name = map_name(o.names, "backgrounds", src.background, src.where, rep, ptr + "/background", "background")
    else:
        rep.add(DEFAULTED, src.where, "no background in the source: choose one in the builder", ptr + "/background")
    out["background"] = o.bg_name or ""
    o.bg = o.t.backgrounds.get(o.bg_name) if o.bg_name else None
    return out


def _level(o: _Officer) -> int:
    founding = o.fig["level"]
    level = o.src.level if o.src.level is not None else founding
    if level < founding:
        o.rep.add(DIFFERS, o.src.where, f"level {level} in the source; a {o.label} starts at {founding}, so "
                                        f"{founding} is used")
        level = founding
    return level


def _picks(o: _Officer) -> list[str]:
    src, rep, t, bg, ptr = o.src, o.rep, o.t, o.bg, o.ptr + "/choices"
    if not bg:
        return []
    if src.picks is not None:                       # BattleScribe names them
        choices: list[str] = []
        for k in src.picks:
            if k in bg["choose_from"] and k not in choices:
                choices.append(k)
            else:
                rep.add(DIFFERS, src.where, f"the pick +1 {k.title()} is not one {bg['name']} offers; left out", ptr)
        rep.add(AS_IS, src.where, "picks " + (", ".join(f"+1 {t.label(k)}" for k in choices) or "none"), ptr)
        return choices
    stats = src.stats
    if not o.final or stats is None:   # (final numbers are stats: o.final says there are some)
        rep.add(DEFAULTED, src.where, "no background picks in the source: choose them in the builder", ptr)
        return []
    base = o.fig["profile"]
    plan = o.plan
    fits = infer_picks(stats, base, bg, plan["improve_min"] if plan else 0, plan["improve_max"] if plan else 0)
    choices, rest = fits[0] if fits else closest_picks(stats, base, bg)
    words = ", ".join(f"+1 {t.label(k)}" for k in choices) or "none"
    if len(fits) > 1:
        others = "; ".join(", ".join(f"+1 {t.label(k)}" for k in f) for f, _r in fits[1:])
        rep.add(AMBIGUOUS, src.where, f"the stats fit more than one set of background picks: took {words} "
                                      f"(also possible: {others}); the profile is the same either way, "
                                      f"change it in the builder if you remember otherwise", ptr)
    else:
        rep.add(INFERRED, src.where, f"background picks {words}, from the stats", ptr)
    for k, v in rest.items():
        if v > 0 and plan:
            o.progress.improvements.extend([k] * v)
        elif v != 0:
            shown = (lambda n: _signed(n)) if t.char[k].get("bonus") else str
            rep.add(DIFFERS, src.where, f"{t.label(k)} {shown(stats[k])} in the source; the rules give "
                                        f"{shown(stats[k] - v)}", ptr)
    if stats["armour"] != base["armour"]:
        rep.add(DIFFERS, src.where, f"Armour {stats['armour']} in the source; the rules give {base['armour']} "
                                    f"before armour is worn", o.ptr)
    return choices


def _powers(o: _Officer) -> list[dict]:
    src, rep = o.src, o.rep
    powers: list[dict] = []
    known: list[tuple[str, int | None, str]] = []
    for sp in src.powers:
        name = map_name(o.names, "powers", sp.name, sp.where, rep, f"{o.ptr}/powers/{len(powers)}", "power")
        if not name:
            continue
        if name in [p["name"] for p in powers]:
            rep.add(DIFFERS, sp.where, f"{name} is listed twice; imported once")
            continue
        powers.append({"name": name})
        known.append((name, sp.activation, sp.where))
    n_founding = o.fig["powers"]
    founding, learned = known[:n_founding], known[n_founding:]
    if learned and o.plan:
        powers = powers[:n_founding]
        o.progress.learned = [n for n, _a, _w in learned]
    else:
        for name, _a, where in learned:
            rep.add(DIFFERS, where, f"a {o.label} founds with {n_founding} powers; {name} is past that and kept, "
                                    f"but no level since founding explains it")
    steps = _below_rules(o, founding, learned)
    _creation_reductions(o, founding, steps, powers)
    for n, s in steps.items():
        if s > 0 and o.plan:
            o.progress.reductions[n] = s
        elif s > 0:
            rep.add(DIFFERS, o.label, f"{n} is {s} below what the rules give at level {o.fig['level']}; "
                                      f"imported at the rules' value", o.ptr + "/powers")
    return powers


def _below_rules(o: _Officer, founding: list, learned: list) -> dict[str, int]:
    """How far each power's stored activation is below what the rules give before any reduction."""
    t, rep = o.t, o.rep
    levels = rules_for(t.pack).levels
    steps: dict[str, int] = {}
    for name, act, where in founding:
        p = t.powers[name]
        expected = t.activation(p, o.role, t.is_basic(p, o.bg_name))
        if act is None:
            continue
        if o.final and act < expected:
            steps[name] = expected - act
        elif o.final and act > expected:
            rep.add(DIFFERS, where, f"{name} activation {act} in the source; the rules give {expected}")
        elif not o.final and act != expected:
            rep.add(DIFFERS, where, f"{name} activation {act} in the source; the rules give {expected} "
                                    f"before the Captain's reductions")
    for name, act, where in learned:
        p = t.powers[name]
        # SG-CAMP-14: a power learned at a level starts at its listed value, +2 when not basic (no officer surcharge)
        basic = t.is_basic(p, o.bg_name)
        expected = p["activation"] + levels["learn_basic_penalty" if basic else "learn_other_penalty"]
        if act is not None and o.final and act < expected:
            steps[name] = expected - act
        elif act is not None and act > expected:
            rep.add(DIFFERS, where, f"{name} activation {act} in the source; learned later it starts at {expected}")
    return steps


def _creation_reductions(o: _Officer, founding: list, steps: dict[str, int], powers: list[dict]) -> None:
    """Which powers the Captain lowered at creation (SG-CAPT-06): Labernator's numbers tell, a roster does not."""
    allowed, rep, label, ptr = o.fig["creation_reductions"], o.rep, o.label, o.ptr + "/powers"
    if not allowed or not founding:
        return
    if not o.final:
        rep.add(DEFAULTED, label, f"a roster does not record the {label}'s {allowed} creation reductions: none "
                                  f"marked, choose them in the builder", ptr)
        return
    candidates = [n for n, _a, _w in founding if steps.get(n, 0) >= 1]
    level_reductions = o.plan["reduce"] if o.plan else 0
    if len(candidates) <= allowed and sum(steps.values()) <= allowed + level_reductions:
        chosen = candidates
    elif o.plan:   # the deepest cuts first, so the level reductions left spread over more powers
        chosen = sorted(candidates, key=lambda n: -steps[n])[:allowed]
        if len(candidates) > allowed:
            rep.add(AMBIGUOUS, label, f"more than {allowed} powers are below their founding value: took "
                                      f"{', '.join(chosen)} as the creation reductions and the rest as later "
                                      f"level reductions; the activations are the same either way", ptr)
    else:          # one below is what a creation reduction does; deeper cuts are differences
        chosen = sorted(candidates, key=lambda n: steps[n] != 1)[:allowed]
    for n in chosen:
        steps[n] -= 1
        next(p for p in powers if p["name"] == n)["reduced"] = True
    if chosen:
        rep.add(INFERRED, label, f"the creation reductions went to {' and '.join(chosen)} (one below the rules' value)",
                ptr)
    else:
        rep.add(INFERRED, label, "no power is below the rules' value: the creation reductions were not used", ptr)


def _items(o: _Officer) -> list[str]:
    src, rep, t = o.src, o.rep, o.t
    items: list[str] = []
    for raw in src.items:
        name = map_name(o.names, "items", raw, f"{src.where} › gear › {raw}", rep, f"{o.ptr}/items/{len(items)}", "item")
        if name:
            items.append(name)
    for it in [t.items[n] for n in list(items)]:
        for inc in it.get("includes", []):   # Labernator lists what Assault Armour brings, at 0 slots
            if inc in items:
                items.remove(inc)
                rep.add(AS_IS, src.where, f"{inc} comes with {it['name']}: not listed separately", o.ptr + "/items")
    return items


def _compare_profile(o: _Officer, officer: dict) -> None:
    """A source profile that includes worn armour (BattleScribe) against what Starwright derives."""
    src = o.src
    if not (src.stats and src.stats_include_gear and o.bg):
        return
    derived = derive_officer(officer, o.role, o.t)
    for k in KEYS:
        if src.stats.get(k) != derived["profile"][k]:
            o.rep.add(DIFFERS, src.where, f"{o.t.label(k)} {src.stats.get(k)} in the source; Starwright derives "
                                          f"{derived['profile'][k]}", o.ptr)
