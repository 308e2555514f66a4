"""Stargrave at the table: each figure's Health and the powers it used; the crew's loot and figures taken out.

Health starts at the figure's maximum (SG-CAMP-03), an injured soldier's at its reduced share (SG-CAMP-06,
read from the derived `health_now`); at 0 the figure is out of action (SG-CAMP-02). Using a power costs its
Fatigue in Health, and a power whose Fatigue is at least the figure's current Health cannot be used
(SG-PLAY-13). Health may go under 0 (the rule reads "0 or less", DECISIONS.md): that is information. A figure
carries at most the pack's number of loot markers (SG-LOOT-09) and drops them where it falls when it is taken out
of action (DECISIONS.md, as the seed has it for a carrier that dies): the step that takes its Health to 0 clears
its loot, and a file holding loot on a figure out of action is an error. What the tracker counted fills the
post-game walk-through (`game_record`).

SG-PLAY-13 judged from a saved game. The file keeps, per figure, the net Health lost L (damage plus Fatigue less
what was won back), for an officer the Health won back G (`healed`, counted by every + step of the Play view)
and the uses of each power; its full Health H is the track's maximum. Fatigue spent F is the sum of uses x Fatigue. The counts
are possible under the rule exactly when some order of the game's events is, and the most favourable order uses
every power first from full Health, winning back Health only as a use needs it, and takes the damage last:
- every power used has Fatigue below H (at full Health it still could not be used otherwise);
- F <= H - 1 + G: Fatigue alone never takes Health to 0, with all the Health won back helping;
- F <= L + G: Fatigue comes off Health, so the Health lost and won back must account for it (the damage,
  L + G - F, is never below 0).
Any game played in the Play view passes: a use needs Fatigue below the Health then, H - L, so the Fatigue spent
after it stays below H plus what was won back (use_power), and a + step counts what it wins back. Only an
officer has powers, and only the ones it knows (soldiers have none); a use of any other power is an error.
"""

from __future__ import annotations

from .. import edits
from .. import pointer as jp
from ..issues import ERROR, WARNING, Issue
from . import Group, Power, Track, sets, stored
from . import stargrave_temporary as temporary

FIGURES = "/play/figures"
GAME = "/play/game"
# Loot markers secured in one game, per loot table, that the end-game record takes: a bound on input, not a rule
# (no scenario puts this many markers on the table; a count past it is a hand-edited file, reported by issues).
MOST_MARKERS = 50
OFFICERS = ("captain", "first_mate")


def _health(data: dict, key: str, title: str, maximum: int, pack, officer: bool) -> Track:
    ptr = jp.child(FIGURES, key, "health_lost")
    # only a figure with powers counts the Health it wins back: SG-PLAY-13 is all it is for
    gain = jp.child(FIGURES, key, "healed") if officer else ""
    # SG-CAMP-02: "0 or less" is out of action, so Health may go under 0 (below); SG-LOOT-09: the loot is dropped
    loot = jp.child(FIGURES, key, "loot") if _loot_rules(pack) is not None else ""
    return Track(ptr, "Health", "SG-CAMP-02", maximum, True, stored(data, ptr), "track",
                 "Damage and Fatigue take Health off. At 0 or less the figure is out of action (SG-CAMP-02) and "
                 "drops any loot marker where it falls; it starts the next game at full Health if it ended this "
                 "one above 0 (SG-CAMP-03).", below=True, gain=gain, drops=loot)


def _loot_rules(pack) -> dict | None:
    return (pack.data.get("campaign") or {}).get("loot")


def _loot(data: dict, key: str, title: str, pack, out: bool) -> tuple[Track, ...]:
    """The figure's loot markers, when the pack has campaign loot (a pack without campaign play has none); none
    while it is out of action (`out`): it dropped them where it fell."""
    loot = _loot_rules(pack)
    if loot is None:
        return ()
    ptr = jp.child(FIGURES, key, "loot")
    most = 0 if out else loot["carried_per_figure"]
    have = stored(data, ptr)
    over = (f"{title} is out of action but still carries {have} loot marker{'s' if have != 1 else ''}: a figure "
            "taken out of action drops its loot where it falls. Set its loot to 0."
            if out else f"{title} carries {have} loot markers; a figure carries at most {most}.")
    return (Track(ptr, "Loot carried", "SG-LOOT-09", most, False, have, "counter",
                 f"Loot markers this figure carries: at most {loot['carried_per_figure']}, and they use no "
                 "equipment slot (SG-LOOT-09). Carried off a table edge, a marker is secured (SG-PLAY-19); "
                 "a figure taken out of action drops it where it falls.", over=over),)


def _powers(data: dict, key: str, officer: dict, health_now: int) -> tuple[Power, ...]:
    out = []
    for p in officer.get("powers") or []:
        name, fatigue = p.get("name"), p.get("fatigue")
        if not isinstance(name, str) or not isinstance(fatigue, int):
            continue
        ptr = jp.child(FIGURES, key, "powers", name)
        usable = fatigue < health_now
        why = "" if usable else (f"Fatigue {fatigue} is not below Health {health_now}: "
                                 "the power cannot be used (SG-PLAY-13).")
        out.append(Power(name, fatigue, stored(data, ptr), ptr, usable, why))
    return tuple(out)


def _figures(data: dict, derived: dict) -> list[tuple[str, str, int, dict | None]]:
    """(id, title, maximum Health, officer's derived or None) for every figure of the crew now."""
    out: list[tuple[str, str, int, dict | None]] = []
    for key in OFFICERS:
        off = derived.get(key)
        if not isinstance(off, dict):
            continue
        health = (off.get("profile") or {}).get("health")
        if not isinstance(health, int):
            continue
        name = str((data.get(key) or {}).get("name") or "").strip() if isinstance(data.get(key), dict) else ""
        label = off.get("label") or key.replace("_", " ").title()
        out.append((key, f"{label} {name}".strip(), health, off))
    for s in derived.get("soldiers") or []:
        health = s.get("health_now")
        if not isinstance(health, int) or not s.get("id"):
            continue
        name = str(s.get("name") or "").strip()
        title = f"{name} ({s.get('type')})" if name else str(s.get("type") or s["id"])
        out.append((s["id"], title + (", injured" if s.get("injured") else ""), health, None))
    return out


def _game_counters(data: dict, pack) -> tuple[Track, ...]:
    camp = pack.data.get("campaign", {})
    labels = {a["key"]: a["label"] for a in camp.get("xp", {}).get("awards", [])}
    tracks = []
    for table, t in camp.get("loot", {}).get("tables", {}).items():
        ptr = jp.child(GAME, "loot", table)
        tracks.append(Track(ptr, f"{t.get('label', table)} secured", "SG-LOOT-01", None, False, stored(data, ptr),
                            "counter", "Each loot marker carried off the table is rolled for once after the game "
                            "(SG-LOOT-01), and earns the loot XP (SG-CAMP-09)."))
    for key in ("rivals", "creatures"):
        if key in labels:
            ptr = jp.child(GAME, key)
            tracks.append(Track(ptr, labels[key][:1].upper() + labels[key][1:], "SG-CAMP-09", None, False,
                                stored(data, ptr), "counter", "Counted for the game's XP (SG-CAMP-09)."))
    return tuple(tracks)


def groups(data: dict, derived: dict, pack) -> list[Group]:
    out = []
    for key, title, maximum, officer in _figures(data, derived):
        health = _health(data, key, title, maximum, pack, officer is not None)
        status = "Out of action (SG-CAMP-02)" if health.at_zero else ""
        powers = _powers(data, key, officer, max(health.shown, 0)) if officer else ()
        out.append(Group(key, title, (health, *_loot(data, key, title, pack, health.at_zero)), status, powers))
    if out:     # SG-CREW-08: temporary members for this game, after the crew (stargrave_temporary.py)
        out += temporary.groups(data, pack, lambda d, k, t, most: _health(d, k, t, most, pack, False), _loot)
    counters = _game_counters(data, pack)
    if out and counters:
        out.append(Group("game", "This game", counters))
    return out


def _secured(groups_: list[Group]) -> list[Track]:
    """The game's loot counters: one per loot table of the pack (what the end-game record rolls for)."""
    game = next((g for g in groups_ if g.key == "game"), None)
    loot = jp.child(GAME, "loot")
    return [t for t in (game.tracks if game else ()) if jp.is_within(t.pointer, loot)]


def power_issues(data: dict, g: Group) -> list[Issue]:
    """SG-PLAY-13 over the powers a figure used this game (the reasoning: the module's docstring)."""
    used = jp.get(data, jp.child(FIGURES, g.key, "powers"), None)
    if not isinstance(used, dict) or not g.tracks:
        return []
    out = []
    health = g.tracks[0]
    known = {p.name: p for p in g.powers}
    for name, uses in used.items():
        if not isinstance(uses, int) or uses <= 0 or name in known:
            continue
        ptr = jp.child(FIGURES, g.key, "powers", name)
        why = (f"{g.title} is a soldier, and soldiers have no powers" if g.key not in OFFICERS
               else f"{g.title} does not know the power \"{name}\"")
        out.append(Issue(ptr, "SG-PLAY-13", ERROR, f"{why}, yet it is recorded as used {uses} time"
                         f"{'s' if uses != 1 else ''} this game. Correct the count."))
    full, lost = health.top, health.stored
    healed = stored(data, health.gain) if health.gain else 0
    spent = 0
    for p in g.powers:
        if p.uses <= 0:
            continue
        spent += p.uses * p.fatigue
        if p.fatigue >= full:
            out.append(Issue(p.pointer, "SG-PLAY-13", ERROR,
                             f"{g.title}: {p.name} has Fatigue {p.fatigue}, not below the figure's full Health "
                             f"{full}, so it can never be used, yet it is recorded as used."))
    if spent > full - 1 + healed:
        won = f" and {healed} won back" if healed else ""
        out.append(Issue(health.pointer, "SG-PLAY-13", ERROR,
                         f"{g.title}: the powers recorded cost {spent} Fatigue in all, but with Health {full}{won} "
                         f"at most {full - 1 + healed} can be spent: Fatigue may never take Health to 0. "
                         "Correct the power uses or the Health."))
    elif spent > lost + healed:
        won = f" (and {healed} won back)" if healed else ""
        out.append(Issue(health.pointer, "SG-PLAY-13", ERROR,
                         f"{g.title}: the powers recorded cost {spent} Fatigue, but only {lost} Health is recorded "
                         f"lost{won}: Fatigue comes off Health. Correct the power uses or the Health."))
    return out


def issues(data: dict, derived: dict, pack, groups_) -> list:
    out = []
    groups_ = groups_ if groups_ is not None else groups(data, derived, pack)
    for g in groups_:
        if g.key != "game":
            out += power_issues(data, g)
    counters = _secured(groups_)
    for t in counters:
        if t.stored > MOST_MARKERS:
            out.append(Issue(t.pointer, "SG-LOOT-01", ERROR,
                             f"{t.label}: {t.stored} loot markers in one game is more than any scenario has; the "
                             f"end-game walk-through takes at most {MOST_MARKERS}. Correct the count."))
    known = {jp.split(t.pointer)[-1] for t in counters}
    found = jp.get(data, jp.child(GAME, "loot"), None)
    for table in found if isinstance(found, dict) and counters else ():
        if table not in known:
            out.append(Issue(jp.child(GAME, "loot", table), "SG-LOOT-01", WARNING,
                             f'"{table}" is not a loot table of the rules pack, so its markers are left out of the '
                             "end-game walk-through."))
    return out + temporary.issues(data, pack)     # SG-CREW-08 (stargrave_temporary.py)


# -- named operations ---------------------------------------------------------------------------------------
def use_power(data: dict, group: Group, power: Power) -> edits.Edit | None:
    """The figure used a power: one more use counted and its Fatigue taken off Health, as one undo step; None
    when the rules forbid it (Fatigue at least current Health, SG-PLAY-13)."""
    if not power.usable:
        return None
    health = group.tracks[0]
    values = [(power.pointer, power.uses + 1)]
    if power.fatigue:
        values.append((health.pointer, health.stored + power.fatigue))
    return edits.Batch(sets(data, values), f"{group.title}: used {power.name}")


def out_of_action(groups_: list[Group]) -> list[str]:
    return [g.key for g in groups_ if g.key != "game" and g.tracks and g.tracks[0].at_zero]


def game_record(data: dict, groups_: list[Group], title: str, date: str) -> dict:
    """The game record the walk-through opens with after a game played with the tracker: who is out of
    action (each with the survival roll still to make), the powers used and the figures taken out (the XP
    step's counts), one loot marker per marker secured on each of the pack's loot tables, at most MOST_MARKERS a
    table (the loot step has only the rolls left to make). DESIGN.md's key order."""
    powers = sum(p.uses for g in groups_ for p in g.powers)
    # only the pack's loot tables (the game's counters), each at most MOST_MARKERS (a hand-edited file)
    markers = [{"table": jp.split(t.pointer)[-1]} for t in _secured(groups_)
               for _ in range(min(t.stored, MOST_MARKERS))]
    out = [who for who in out_of_action(groups_) if who not in temporary.ids(data)]   # SG-CREW-08: no survival
    record = {"title": title, "date": date, "out_of_action": out, "survival": [{"who": who} for who in out],
              "xp": {"loot": len(markers), "powers": powers, "rivals": stored(data, jp.child(GAME, "rivals")),
                     "creatures": stored(data, jp.child(GAME, "creatures")), "bonus": 0},
              "loot": markers, "levels": [], "after": []}
    return with_temporary(data, record)


def with_temporary(data: dict, record: dict) -> dict:
    """SG-CREW-08: the record lists the temporary members who played (after its title and date), never as crew."""
    played = temporary.record(data)
    if not played:
        return record
    items = list(record.items())
    at = next((i + 1 for i, (k, _) in enumerate(items) if k == "date"), 0)
    items.insert(at, ("temporary", played))
    return dict(items)

