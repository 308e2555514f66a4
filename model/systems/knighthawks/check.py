"""Knight Hawks ENFORCE rules: each check returns Issues with the RULES.md id and the pointer at fault.

KH-SHIP-02  every ship of a type shares its hull points, ADF and MR; a space station chooses its hull
            points within the type's range
KH-SHIP-03  a type's weapons and defenses are a maximum ("Many ships do not carry their maximum
            armament"); a station's "2-12" is the range its maximum falls in, so only above the top is an
            error; counts are whole numbers from 0, codes are the pack's
KH-SHIP-05  a fighter's only weapons are its configuration's (three assault rockets)
KH-SHIP-06  a fighter declares one of its configurations (AMB-KH-01: the second is the group's own)
"""

from __future__ import annotations

from ... import pointer as jp
from ...issues import ERROR, INFO, WARNING, Issue
from ...wording import a
from .derive import as_count, configuration_in_use
from .tables import DEFENSES, GROUPS, WEAPONS, Tables, bounds

GROUP_WORD = {WEAPONS: "weapon", DEFENSES: "defense"}


def _n(n: int, entry: dict) -> str:
    return f"{n} {entry['one'] if n == 1 else entry['many']}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _list_codes(entries: dict[str, dict]) -> str:
    return ", ".join(f"{c} ({e['name']})" for c, e in entries.items())


def check_type(data: dict, t: Tables) -> list[Issue]:
    raw = data.get("type", "")
    name = t.canonical_type(raw)
    choices = ", ".join(t.types)
    if not str(raw).strip():
        return [Issue("/type", "KH-SHIP-02", ERROR, f"Choose a ship type: {choices}.")]
    if not name:
        return [Issue("/type", "KH-SHIP-02", ERROR,
                      f'"{raw}" is not a ship type in the rules pack; choose one of {choices}.')]
    if name != raw:
        return [Issue("/type", "KH-SHIP-02", INFO, f'"{raw}" is read as the {name} type.')]
    return []


def check_hull(data: dict, stype: dict, t: Tables) -> list[Issue]:
    name = stype["name"]
    chosen = data.get("hull_points")
    if t.is_station(stype):
        lo, hi = bounds(stype["hull_points"])
        if chosen is None:
            return [Issue("/hull_points", "KH-SHIP-02", ERROR,
                          f"Choose this {name.lower()}'s hull points: from {lo} to {hi}.")]
        if chosen > hi:
            return [Issue("/hull_points", "KH-SHIP-02", ERROR,
                          f"{a(name.lower(), True)} has {lo} to {hi} hull points; {chosen} is more than {hi}.")]
        if chosen < lo:
            return [Issue("/hull_points", "KH-SHIP-02", ERROR,
                          f"{a(name.lower(), True)} has {lo} to {hi} hull points; {chosen} is fewer than {lo}.")]
        return []
    if chosen is None:
        return []
    fixed = stype["hull_points"]
    if chosen != fixed:
        return [Issue("/hull_points", "KH-SHIP-02", ERROR,
                      f"Every {name.lower()} has {fixed} hull points; only a space station chooses its own. "
                      f"Clear this value ({chosen}).")]
    return [Issue("/hull_points", "KH-SHIP-02", INFO,
                  f"{a(name.lower(), True)} always has {fixed} hull points; this value is not needed.")]


def check_configuration(data: dict, stype: dict, d: dict, t: Tables) -> list[Issue]:
    number = data.get("configuration")
    configs = stype.get("configurations") or []
    name = stype["name"].lower()
    if not configs:
        if number is None:
            return []
        return [Issue("/configuration", "KH-SHIP-06", WARNING,
                      f"Only a fighter declares a weapon configuration; {a(name)} has none, so this value is ignored.")]
    numbers = " or ".join(str(c["number"]) for c in configs)
    config, declared = configuration_in_use(data, stype, t)
    if not declared:
        first = configs[0]
        return [Issue("/configuration", "KH-SHIP-06", WARNING,
                      f"Declare the {name}'s weapon configuration ({numbers}) before launch; "
                      f"until then it is checked as {first['name']}.")]
    if config is None:
        return [Issue("/configuration", "KH-SHIP-06", ERROR,
                      f"{a(name, True)} has configuration {numbers}; there is no configuration {number}.")]
    if config[WEAPONS] is None:
        note = config.get("note") or "its weapons are your group's choice and are not limited here."
        return [Issue("/configuration", "KH-SHIP-06", WARNING, f"{config['name']}: {note}")]
    return []


def _unknown_code(group: str, code: str, t: Tables) -> str:
    word = GROUP_WORD[group]
    guess = t.guess_code(group, code)
    if guess and guess[0] != group:
        other = GROUP_WORD[guess[0]]
        named = "" if guess[1] == code else f" as {guess[1]}"
        return f'"{code}" is a {other}, not a {word}; move it to the {other}s{named}.'
    if guess:
        entry = t.entries[group][guess[1]]
        return f'"{code}" is not a {word} code; write it as {guess[1]} ({entry["name"]}).'
    return f'"{code}" is not a {word} code; the codes are {_list_codes(t.entries[group])}.'


def check_counts(data: dict, stype: dict | None, d: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    config = d.get("configuration")
    station = d.get("station")
    holder = "this station" if station else "this ship"
    for group in GROUPS:
        counts = data.get(group) or {}
        limits = d["limits"][group]
        for code, raw in counts.items():
            ptr = jp.join(group, code)
            entry = t.entries[group].get(code)
            if entry is None:
                out.append(Issue(ptr, "KH-SHIP-03", ERROR, _unknown_code(group, code, t)))
                continue
            count = as_count(raw)
            if count < 0:
                out.append(Issue(ptr, "KH-SHIP-03", ERROR,
                                 f"A ship cannot carry a negative number of {entry['many']} ({count}); use 0 for none."))
                continue
            hi = limits[code]["max"]
            if hi is None or count <= hi or stype is None:   # (no type, no limit: derive gives None then)
                continue
            fighter = config if group == WEAPONS else None   # the fighter configuration that limits its weapons
            rule = "KH-SHIP-05" if fighter is not None else "KH-SHIP-03"
            who = f"{a(stype['name'].lower(), True)} in {fighter['name'].split(':')[0].lower()}" if fighter is not None \
                else a(stype['name'].lower(), True)
            if hi == 0:
                allowed = [t.entries[group][c]["many"] for c, lim in limits.items() if lim["max"]]
                only = f"; its {GROUP_WORD[group]}s are {_and(allowed)}" if allowed else ""
                out.append(Issue(ptr, rule, ERROR, f"{who} cannot carry {entry['many']}{only}."))
            elif station:
                # KH-SHIP-03: a station's "2-12" is the range its maximum falls in; only above the top is an error
                lo = limits[code]["min"]
                out.append(Issue(ptr, rule, ERROR,
                                 f"{who} may carry at most {_n(hi, entry)} (its type lists {lo}-{hi}: the most a "
                                 f"station carries lies in that range); {holder} has {count}."))
            else:
                out.append(Issue(ptr, rule, ERROR,
                                 f"{who} may carry at most {_n(hi, entry)}; {holder} has {count}."))
    return out


def check(data: dict, derived: dict, t: Tables) -> list[Issue]:
    out = check_type(data, t)
    stype = t.types.get(derived["type"]) if derived.get("type") else None
    if stype:
        out += check_hull(data, stype, t)
        out += check_configuration(data, stype, derived, t)
    out += check_counts(data, stype, derived, t)
    if not str(data.get("name", "")).strip():
        out.append(Issue("/name", "KH-SHIP-01", WARNING, "The ship has no name yet."))
    return out
