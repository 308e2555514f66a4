"""The choices behind an officer's numbers: background, "+1" picks, powers and the Captain's two
reductions, items. Labernator stores only final numbers, so the picks and reductions are worked out from
them (and the report says when more than one reading fits); BattleScribe names its picks but not the
reductions. Every number is then derived by Starwright; the source's own numbers are only compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

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


def build_officer(src: SourceOfficer | None, role: str, t: Tables, names: Names, rep: Report,
                  improvements_for_level=None) -> tuple[dict, Progress]:
    """The officer as founded (version 1 fields) and what it gained since, with report lines."""
    fig = t.figures[role]
    label = fig["label"]
    ptr = f"/{role}"
    progress = Progress()
    if src is None:
        rep.add(DEFAULTED, label, f"no {label} in the source: an empty one is made for you to fill", ptr)
        return {"name": label, "background": "", "choices": [], "powers": [], "items": []}, progress
    out: dict = {"name": src.name or label}
    if src.name:
        rep.add(AS_IS, src.where, f"name {src.name}", ptr + "/name")
    else:
        rep.add(DEFAULTED, src.where, f"no name in the source: named \"{label}\"", ptr + "/name")
    bg_name = map_name(names, "backgrounds", src.background, src.where, rep, ptr + "/background", "background") \
        if src.background else None
    if not src.background:
        rep.add(DEFAULTED, src.where, "no background in the source: choose one in the builder", ptr + "/background")
    out["background"] = bg_name or ""
    bg = t.backgrounds.get(bg_name) if bg_name else None

    # -- the level the source reports, and how many later +1s and reductions that gives -------------
    founding_level = fig["level"]
    level = src.level if src.level is not None else founding_level
    progress.level = level
    if level < founding_level:
        rep.add(DIFFERS, src.where, f"level {level} in the source; a {label} starts at {founding_level}, so "
                                    f"{founding_level} is used")
        level = founding_level
    # what the levels gained since founding can explain (None when there are none, or no campaign to hold them)
    plan = improvements_for_level(role, founding_level, level) if improvements_for_level and level > founding_level \
        else None
    if level > founding_level and plan is None:
        rep.add(DIFFERS, src.where, f"level {level}: the upgrades of levels {founding_level + 1}-{level} cannot be "
                                    f"replayed with this rules pack; the {label} is imported at level {founding_level}")

    # -- picks ------------------------------------------------------------------------------------
    choices: list[str] = []
    if bg and src.picks is not None:
        for k in src.picks:
            if k in bg["choose_from"] and k not in choices:
                choices.append(k)
            else:
                rep.add(DIFFERS, src.where, f"the pick +1 {k.title()} is not one {bg['name']} offers; left out",
                        ptr + "/choices")
        rep.add(AS_IS, src.where, "picks " + (", ".join(f"+1 {t.label(k)}" for k in choices) or "none"),
                ptr + "/choices")
    elif bg and src.stats and not src.stats_include_gear:
        base = fig["profile"]
        fits = infer_picks(src.stats, base, bg, plan["improve_min"] if plan else 0, plan["improve_max"] if plan else 0)
        choices, rest = fits[0] if fits else closest_picks(src.stats, base, bg)
        picks_words = ", ".join(f"+1 {t.label(k)}" for k in choices) or "none"
        if len(fits) > 1:
            others = "; ".join(", ".join(f"+1 {t.label(k)}" for k in f) for f, _r in fits[1:])
            rep.add(AMBIGUOUS, src.where, f"the stats fit more than one set of background picks: took {picks_words} "
                                          f"(also possible: {others}); the profile is the same either way, "
                                          f"change it in the builder if you remember otherwise", ptr + "/choices")
        else:
            rep.add(INFERRED, src.where, f"background picks {picks_words}, from the stats", ptr + "/choices")
        for k, v in rest.items():
            if v > 0 and plan:
                progress.improvements.extend([k] * v)
            elif v != 0:
                rep.add(DIFFERS, src.where, f"{t.label(k)} {_signed(src.stats[k]) if t.char[k].get('bonus') else src.stats[k]} "
                                            f"in the source; the rules give {_signed(src.stats[k] - v) if t.char[k].get('bonus') else src.stats[k] - v}",
                        ptr + "/choices")
        if src.stats["armour"] != base["armour"]:
            rep.add(DIFFERS, src.where, f"Armour {src.stats['armour']} in the source; the rules give {base['armour']} "
                                        f"before armour is worn", ptr)
    elif bg:
        rep.add(DEFAULTED, src.where, "no background picks in the source: choose them in the builder", ptr + "/choices")
    out["choices"] = choices

    # -- powers -----------------------------------------------------------------------------------
    powers: list[dict] = []
    known: list[tuple[str, int | None, str]] = []
    for sp in src.powers:
        name = map_name(names, "powers", sp.name, sp.where, rep, f"{ptr}/powers/{len(powers)}", "power")
        if not name:
            continue
        if name in [p["name"] for p in powers]:
            rep.add(DIFFERS, sp.where, f"{name} is listed twice; imported once")
            continue
        powers.append({"name": name})
        known.append((name, sp.activation, sp.where))
    n_founding = fig["powers"]
    founding, learned = known[:n_founding], known[n_founding:]
    if learned and not plan:
        for name, _a, where in learned:
            rep.add(DIFFERS, where, f"a {label} founds with {n_founding} powers; {name} is past that and kept, "
                                    f"but it was learned in a campaign Starwright cannot replay here")
    elif learned:
        powers = powers[:n_founding]
        progress.learned = [n for n, _a, _w in learned]
    out["powers"] = powers

    # activations: what the rules give at founding, against what the source stores
    final = src.stats is not None and not src.stats_include_gear   # Labernator: final activations
    steps: dict[str, int] = {}
    for name, act, where in founding:
        p = t.powers[name]
        expected = t.activation(p, role, t.is_basic(p, bg_name))
        if act is None:
            continue
        if final:
            if act < expected:
                steps[name] = expected - act
            elif act > expected:
                rep.add(DIFFERS, where, f"{name} activation {act} in the source; the rules give {expected}")
        elif act != expected:
            rep.add(DIFFERS, where, f"{name} activation {act} in the source; the rules give {expected} "
                                    f"before the Captain's reductions")
    for name, act, where in learned:
        p = t.powers[name]
        expected = p["activation"] + (0 if t.is_basic(p, bg_name) else 2)
        if act is not None and final and act < expected:
            steps[name] = expected - act
        elif act is not None and act > expected:
            rep.add(DIFFERS, where, f"{name} activation {act} in the source; learned later it starts at {expected}")
    allowed = fig["creation_reductions"]
    if final and allowed:
        candidates = [n for n, _a, _w in founding if steps.get(n, 0) >= 1]
        level_reductions = plan["reduce"] if plan else 0
        if len(candidates) <= allowed and sum(steps.values()) <= allowed + level_reductions:
            chosen = candidates
        else:
            if plan:   # the deepest cuts first, so the level reductions left spread over more powers
                chosen = sorted(candidates, key=lambda n: -steps[n])[:allowed]
            else:      # one below is what a creation reduction does; deeper cuts are differences
                chosen = sorted(candidates, key=lambda n: steps[n] != 1)[:allowed]
            if plan and len(candidates) > allowed:
                rep.add(AMBIGUOUS, label, f"more than {allowed} powers are below their founding value: took "
                                          f"{', '.join(chosen)} as the creation reductions and the rest as later "
                                          f"level reductions; the activations are the same either way", ptr + "/powers")
        for n in chosen:
            steps[n] -= 1
            next(p for p in powers if p["name"] == n)["reduced"] = True
        if chosen:
            rep.add(INFERRED, label, f"the creation reductions went to {' and '.join(chosen)} (one below the rules' value)",
                    ptr + "/powers")
        elif founding:
            rep.add(INFERRED, label, "no power is below the rules' value: the creation reductions were not used",
                    ptr + "/powers")
    elif allowed and founding:
        rep.add(DEFAULTED, label, f"a roster does not record the {label}'s {allowed} creation reductions: none "
                                  f"marked, choose them in the builder", ptr + "/powers")
    for n, s in steps.items():
        if s <= 0:
            continue
        if plan:
            progress.reductions[n] = s
        else:
            rep.add(DIFFERS, label, f"{n} is {s} below what the rules give at level {founding_level}; "
                                    f"imported at the rules' value", ptr + "/powers")

    # -- items ------------------------------------------------------------------------------------
    items: list[str] = []
    for raw in src.items:
        name = map_name(names, "items", raw, f"{src.where} › gear › {raw}", rep, f"{ptr}/items/{len(items)}", "item")
        if name:
            items.append(name)
    for it in [t.items[n] for n in list(items)]:
        for inc in it.get("includes", []):
            if inc in items:
                items.remove(inc)
                rep.add(AS_IS, src.where, f"{inc} comes with {it['name']}: not listed separately", ptr + "/items")
    out["items"] = items

    # -- compare the whole profile when the source stores one that includes gear (BattleScribe) ---
    if src.stats and src.stats_include_gear and bg:
        derived = derive_officer(out, role, t)
        for k in KEYS:
            if src.stats.get(k) != derived["profile"][k]:
                rep.add(DIFFERS, src.where, f"{t.label(k)} {src.stats.get(k)} in the source; Starwright derives "
                                            f"{derived['profile'][k]}", ptr)
    return out, progress
