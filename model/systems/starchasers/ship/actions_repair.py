"""Named operations on a Starchasers ship's repairs between sessions (SC-REP; model/systems/starchasers/ship/repair.py).

- `proposal`: the repair record a form's choices make (only the fields that repair uses); `fields` names them.
- `quote`: what that repair would cost and take, and the issues it would raise, before it is made.
- `record_repair`: one edit (one undo step) that appends the repair and lowers the damage counter by its points.
- `remove_last_repair`: one edit that takes the last repair off the log and gives its points back as damage,
  never past the part's rating (damage taken since the repair may already have used them up).

A repair of a destroyed ship (SC-SCMB-13), or one that would restore more than the damage, or nothing, or one past
the log's bound (`repair.most_repairs`, the schema's), is refused with `BadValue` (the sentence to show);
a repair that breaks a rule (structure in space, say) is recorded and reported by check, like every other entry.
"""

from __future__ import annotations

from .... import edits
from ..tables import tables
from . import repair as _repair
from .actions import BadValue


def proposal(what: str, points: int | None, by: str, place: str, *, region: str | None = None,
             reputability: str | None = None, hull_repair_tools: bool = False, roll_hits: int | None = None,
             note: str = "") -> dict:
    """The record a repair form describes: fields another kind of repair does not read are left out."""
    out: dict = {"what": what, "points": points, "by": by, "place": place}
    if by == "shop":
        out["reputability"] = reputability
        if what == "structure":
            out["region"] = region
    elif what == "structure":
        out["hull_repair_tools"] = bool(hull_repair_tools)
    if what == "hull" and by == "crew":
        out["roll_hits"] = roll_hits
    if note:
        out["note"] = note
    return {k: v for k, v in out.items() if v is not None}


def fields(what: str, by: str) -> set[str]:
    """The form fields a kind of repair reads (what `proposal` keeps): the page shows only these."""
    keep = proposal(what, 1, by, "space", region="-", reputability="-", hull_repair_tools=True, roll_hits=1)
    used = set(keep) - {"what", "by"}
    if "roll_hits" in used:
        used.discard("points")   # a field hull repair restores its Hits (SC-REP-01)
    return used


def settled(data: dict, repair: dict) -> dict:
    """The repair as it would be recorded: the points a field hull repair restores (its Hits, at most the
    damage) and the damage that part has now; BadValue when there is nothing to record."""
    what = repair.get("what")
    if what not in _repair.WHAT:
        raise BadValue(f'"{what}" is not something a ship repair restores; choose Hull Points, System Damage or '
                       f"Structure.")
    if _repair.destroyed(data):
        raise BadValue(_repair.DESTROYED)       # SC-SCMB-13: no repair brings a destroyed ship back
    logged = _repair.play(data).get("repairs")
    most = _repair.most_repairs()
    if isinstance(logged, list) and len(logged) >= most:
        raise BadValue(f"The ship's repair log is full: it holds {most} repairs, the most a ship's log holds, so no "
                       "more can be recorded.")
    counter, _key, _label = _repair.PARTS[what]
    damage = _repair.damage(data)[what]["damage"]
    label = _repair.WHAT[what]
    if damage <= 0:
        raise BadValue(f"The ship has no {label} damage to repair.")
    out = dict(repair)
    if what == "hull" and repair.get("by") == "crew":
        hits = repair.get("roll_hits")
        if not isinstance(hits, int) or hits < 1:
            raise BadValue("A field hull repair restores the Hits of the Engineer's Deftness + Mechanics roll: "
                           "enter at least 1 Hit (no Hits, nothing restored).")
        out["points"] = min(hits, damage)
    points = out.get("points")
    if not isinstance(points, int) or isinstance(points, bool) or points < 1:
        raise BadValue(f"Points to repair: enter at least 1 (the ship has {damage} points of {label} damage).")
    if points > damage:
        raise BadValue(f"The ship has {damage} points of {label} damage; a repair cannot restore {points}.")
    out["damage_before"] = damage
    return out


def quote(data: dict, pack, repair: dict) -> dict:
    """What the repair would cost and take (repair.cost) and the issues it would raise (`issues`, each with its
    rule and message); `refused` is the sentence when it cannot be recorded at all."""
    t = tables(pack)
    try:
        ready = settled(data, repair)
    except BadValue as e:
        return {"refused": str(e), "issues": [], "cost": None}
    logged = _repair.play(data).get("repairs")
    i = len(logged) if isinstance(logged, list) else 0   # where it would go: the end of the log
    c = _repair.cost(ready, t, i)
    found = _repair.check_one(data, ready, c, f"/play/repairs/{i}", _repair.Reputability(t),
                              {g["key"] for g in t.pack["repair"]["structure"]["regions"]})
    return {**c, "refused": "", "record": ready,
            "issues": [{"rule": x.rule, "severity": x.severity, "message": x.message} for x in found]}


def record_repair(data: dict, repair: dict) -> edits.Edit:
    """Append the repair and lower the damage it restores: one undo step. Raises BadValue (see settled)."""
    ready = settled(data, repair)
    counter = _repair.PARTS[ready["what"]][0]
    play = data.get("play")
    repairs = play.get("repairs") if isinstance(play, dict) else None
    add = (edits.Insert(f"/play/repairs/{len(repairs)}", ready) if isinstance(repairs, list)
           else edits.Set("/play/repairs", [ready]))
    lower = edits.Set(f"/play/{counter}", ready["damage_before"] - ready["points"])
    return edits.Batch((add, lower), label=f"repair {ready['points']} {_repair.WHAT[ready['what']]}")


def remove_last_repair(data: dict) -> edits.Edit | None:
    """Take the last repair off the log and put its points back as damage (None: no repair to remove)."""
    repairs = _repair.play(data).get("repairs")
    if not isinstance(repairs, list) or not repairs:
        return None
    last = repairs[-1]
    what = last.get("what") if isinstance(last, dict) else None
    take = edits.Remove(f"/play/repairs/{len(repairs) - 1}")
    if what not in _repair.WHAT or not isinstance(last.get("points"), int):
        return edits.Batch((take,), label="remove the last repair")
    counter = _repair.PARTS[what][0]
    part = _repair.damage(data)[what]
    back = part["damage"] + last["points"]
    label = f"remove the repair of {last['points']} {_repair.WHAT[what]}"
    if part["rating"] is not None and back > part["rating"]:
        # more damage has been taken since the repair: the part can lose no more than its rating
        back = max(part["rating"], part["damage"])
        label += f" (damage held at the {part['label']}, {part['rating']})"
    return edits.Batch((take, edits.Set(f"/play/{counter}", back)), label=label)
