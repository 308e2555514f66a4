"""Stargrave at the table: each figure's Health and the powers it used; the crew's loot and figures taken out.

Health starts at the figure's maximum (SG-CAMP-03), an injured soldier's at its reduced share (SG-CAMP-06,
read from the derived `health_now`); at 0 the figure is out of action (SG-CAMP-02). Using a power costs its
Fatigue in Health, and a power whose Fatigue is at least the figure's current Health cannot be used
(SG-PLAY-13). A figure carries at most the pack's number of loot markers (SG-LOOT-09). What the tracker counted fills the post-game walk-through (`game_record`).
"""

from __future__ import annotations

from .. import edits
from .. import pointer as jp
from ..issues import ERROR, WARNING, Issue
from . import Group, Power, Track, set_count, stored
from . import stargrave_temporary as temporary

FIGURES = "/play/figures"
GAME = "/play/game"
# Loot markers secured in one game, per loot table, that the end-game record takes: a bound on input, not a rule
# (no scenario puts this many markers on the table; a count past it is a hand-edited file, reported by issues).
MOST_MARKERS = 50
OFFICERS = ("captain", "first_mate")


def _health(data: dict, key: str, title: str, maximum: int) -> Track:
    ptr = jp.child(FIGURES, key, "health_lost")
    return Track(ptr, "Health", "SG-CAMP-02", maximum, True, stored(data, ptr), "track",
                 "Damage and Fatigue take Health off. At 0 the figure is out of action (SG-CAMP-02); "
                 "it starts the next game at full Health if it ended this one above 0 (SG-CAMP-03).")


def _loot(data: dict, key: str, pack) -> tuple[Track, ...]:
    """The figure's loot markers, when the pack has campaign loot (a pack without campaign play has none)."""
    loot = (pack.data.get("campaign") or {}).get("loot")
    if loot is None:
        return ()
    ptr = jp.child(FIGURES, key, "loot")
    most = loot["carried_per_figure"]
    return (Track(ptr, "Loot carried", "SG-LOOT-09", most, False, stored(data, ptr), "counter",
                 f"Loot markers this figure carries: at most {most}, and they use no equipment slot (SG-LOOT-09). "
                 "Carried off a table edge, a marker is secured (SG-PLAY-19)."),)


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
    out = []
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
        health = _health(data, key, title, maximum)
        status = "Out of action (SG-CAMP-02)" if health.at_zero else ""
        powers = _powers(data, key, officer, max(health.shown, 0)) if officer else ()
        out.append(Group(key, title, (health, *_loot(data, key, pack)), status, powers))
    if out:     # SG-CREW-08: temporary members for this game, after the crew (stargrave_temporary.py)
        out += temporary.groups(data, pack, _health, _loot)
    counters = _game_counters(data, pack)
    if out and counters:
        out.append(Group("game", "This game", counters))
    return out


def _secured(groups_: list[Group]) -> list[Track]:
    """The game's loot counters: one per loot table of the pack (what the end-game record rolls for)."""
    game = next((g for g in groups_ if g.key == "game"), None)
    loot = jp.child(GAME, "loot")
    return [t for t in (game.tracks if game else ()) if jp.is_within(t.pointer, loot)]


def issues(data: dict, derived: dict, pack, groups_) -> list:
    out = []
    counters = _secured(groups_ if groups_ is not None else groups(data, derived, pack))
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
    out = [set_count(data, power.pointer, power.uses + 1)]
    if power.fatigue:
        probe = _with(data, out[0])
        out.append(set_count(probe, health.pointer, health.stored + power.fatigue))
    return edits.Batch(tuple(out), f"{group.title}: used {power.name}")


def _with(data: dict, edit: edits.Edit) -> dict:
    """What the document looks like after `edit`, for building the next edit of the same step."""
    import copy
    probe = {"play": copy.deepcopy(data.get("play"))} if "play" in data else {}
    edits.apply(probe, edit)
    return probe


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

