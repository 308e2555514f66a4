"""Star Frontiers vehicles at the table: each vehicle's speed turn by turn, by the acceleration rules of its pack
entry (RULES.md 3.7).

- A ground or hover vehicle moves at most its start speed from a stop; the next turn any speed up to its top
  speed (SF-VEH-05 skimmers, SF-VEH-06 ground cars), except one with an `acceleration` (the ATV, SF-VEH-07:
  10 m from a standstill, then +10 m a turn up to 40 m).
- An ElectroCopter or Air Car takes off first (its `take_off` turns: board, start, lift to its height); from the
  next turn it speeds up by its acceleration a turn up to top speed and changes height by up to its climb
  (SF-VEH-09, SF-VEH-10).
- A GliJet's speed and height change only by bursts of thrust (one a turn, its powerpacks hold `thrust.turns`
  of them) or by gliding: a turn without a burst loses speed (never below the glide minimum) and height until it
  lands (SF-VEH-08). Bursts are counted.

Braking is free: the rulebook limits how fast a vehicle speeds up, never how fast it slows (the skimmer example
slows from 50 to 35 m in one turn). The state of each vehicle is kept under /play/vehicles/<entry index>:
`speed` this turn, `last_speed` and `last_altitude` (the turn before), `altitude`, `turn` (since the tracker
started: turn 1 is the boarding turn), `thrust_used` and `burst` (this turn's). Every operation here is one edit,
or a `Refused` with the rule and the reason.
"""

from __future__ import annotations

from typing import NamedTuple

from .. import edits
from .. import pointer as jp
from ..issues import ERROR, Issue

ROOT = "/play/vehicles"
FIELDS = ("speed", "last_speed", "altitude", "last_altitude", "turn", "thrust_used")


class Refused(NamedTuple):
    rule: str
    message: str


class Motion(NamedTuple):
    """One vehicle in play: its state and this turn's limits (all from the pack entry in `derived`)."""
    index: int  # type: ignore[assignment]   # the field hides tuple.index(), which nothing calls on a Motion
    pointer: str             # /play/vehicles/<index>
    name: str
    mode: str                # "surface", "vtol" or "glider"
    rule: str                # the rule its speed follows (the pack's speed_rule)
    speed: int
    last_speed: int
    altitude: int
    last_altitude: int
    turn: int
    thrust_used: int
    burst: str               # "" / "altitude" / "speed": this turn's burst (a GliJet)
    top: int
    allowed: int             # the most it may move this turn
    why: str                 # the limit in words, with its rule
    step: int                # m a press of faster/slower changes the speed by
    vehicle: dict            # the derived vehicle row

    @property
    def taking_off(self) -> bool:
        t = self.vehicle.get("take_off")
        return self.mode == "vtol" and t is not None and self.turn <= t["turns"]

    @property
    def thrust_left(self) -> int | None:
        th = self.vehicle.get("thrust")
        return None if th is None else th["turns"] - self.thrust_used


def _int(state: dict, key: str, default: int = 0) -> int:
    v = state.get(key, default)
    return v if isinstance(v, int) and not isinstance(v, bool) else default


def _mode(v: dict) -> str:
    if v.get("thrust") is not None:
        return "glider"
    return "vtol" if v.get("take_off") is not None else "surface"


def _limit(v: dict, mode: str, last: int, turn: int) -> tuple[int, str]:
    top, rule, name = v["top_speed"], v["speed_rule"], v["name"]
    if mode == "glider":
        return top, f"The {name}'s speed changes only by a burst of thrust or by gliding; top {top} m/turn ({rule})."
    if mode == "vtol":
        t = v["take_off"]
        if turn <= t["turns"]:
            return 0, (f"The {name} is taking off: turn {turn} of {t['turns']} (board, start, lift to {t['height']} m); "
                       f"it moves from the next turn ({rule}).")
        most = min(top, last + v["acceleration"])
        return most, f"The {name} may move up to {most} m this turn: {last} m last turn + {v['acceleration']} m, top {top} m ({rule})."
    if last == 0:
        return min(top, v["start_speed"] or 0), f"From a stop the {name} moves at most {v['start_speed']} m ({rule})."
    if v["acceleration"]:
        most = min(top, last + v["acceleration"])
        return most, f"The {name} may move up to {most} m this turn: {last} m last turn + {v['acceleration']} m, top {top} m ({rule})."
    return top, f"Moving since last turn, the {name} may go up to its top speed, {top} m ({rule})."


def motions(data: dict, derived: dict, pack=None) -> list[Motion]:
    """Every vehicle of the character that the pack knows, with its play state."""
    play = play if isinstance(play := data.get("play"), dict) else {}
    states = states if isinstance(states := play.get("vehicles"), dict) else {}
    step = (derived or {}).get("vehicle_speed_step") or 1
    out = []
    for i, v in enumerate((derived or {}).get("vehicles") or []):
        if not v.get("known"):
            continue
        s = s if isinstance(s := states.get(str(i)), dict) else {}
        mode = _mode(v)
        turn = max(1, _int(s, "turn", 1))
        last = _int(s, "last_speed")
        allowed, why = _limit(v, mode, last, turn)
        burst = burst if (burst := s.get("burst")) in ("altitude", "speed") else ""
        out.append(Motion(i, jp.child(ROOT, str(i)), v["name"], mode, v["speed_rule"], _int(s, "speed"), last,
                          _int(s, "altitude"), _int(s, "last_altitude"), turn, _int(s, "thrust_used"), burst,
                          v["top_speed"], allowed, why, step, v))
    return out


def _state(m: Motion, **changes) -> dict:
    s = {k: getattr(m, k) for k in FIELDS}
    if m.burst:
        s["burst"] = m.burst
    s.update(changes)
    if not s.get("burst"):
        s.pop("burst", None)
    return s


def _edit(data: dict, m: Motion, text: str, **changes) -> edits.Edit:
    from . import set_count
    return edits.Batch((set_count(data, m.pointer, _state(m, **changes)),), f"{m.name}: {text}")


# -- the operations ----------------------------------------------------------------------------------------
def set_speed(data: dict, m: Motion, value: int) -> edits.Edit | Refused:
    """This turn's speed, within the limit the acceleration rules give (braking is free)."""
    if m.mode == "glider":
        return Refused(m.rule, m.why)
    if value < 0:
        return Refused(m.rule, f"The {m.name} is already stopped.")
    if value > m.allowed and value >= m.speed:   # slowing is always allowed, even from past the limit
        return Refused(m.rule, m.why)
    if value == m.speed:
        return Refused(m.rule, f"The {m.name} is already at {value} m/turn.")
    return _edit(data, m, f"speed {value} m/turn", speed=value)


def faster(data: dict, m: Motion) -> edits.Edit | Refused:
    return set_speed(data, m, min(m.speed + m.step, m.allowed) if m.speed < m.allowed else m.speed + m.step)


def slower(data: dict, m: Motion) -> edits.Edit | Refused:
    """Brake by one step (braking is free)."""
    return set_speed(data, m, max(0, m.speed - m.step) if m.speed > 0 else -1)


def full_speed(data: dict, m: Motion) -> edits.Edit | Refused:
    """Accelerate: the most this turn allows."""
    return set_speed(data, m, m.allowed if m.allowed != m.speed else m.allowed + 1)


def stop(data: dict, m: Motion) -> edits.Edit | Refused:
    """Brake to a stop."""
    return set_speed(data, m, 0 if m.speed else -1)


def change_height(data: dict, m: Motion, up: bool) -> edits.Edit | Refused:
    """An ElectroCopter or Air Car climbs or descends by its climb a turn, once it has taken off (SF-VEH-09/10)."""
    if m.mode != "vtol":
        return Refused(m.rule, f"The {m.name} does not fly." if m.mode == "surface" else
                       f"A {m.name} gains height only by a burst of thrust ({m.rule}).")
    if m.taking_off:
        return Refused(m.rule, m.why)
    climb = m.vehicle["climb"]
    target = m.altitude + (climb if up else -climb)
    if target < 0:
        return Refused(m.rule, f"The {m.name} is on the ground.")
    if abs(target - m.last_altitude) > climb:
        return Refused(m.rule, f"The {m.name} changes height by at most {climb} m a turn ({m.rule}); it was at "
                               f"{m.last_altitude} m last turn.")
    return _edit(data, m, f"height {target} m", altitude=target)


def burst(data: dict, m: Motion, what: str) -> edits.Edit | Refused:
    """A GliJet's burst of thrust (SF-VEH-08): +climb m of height or +acceleration m/turn of speed, with at least
    the minimum height and speed; one a turn, as many as its powerpacks hold. A speed burst needs the minimum
    height first (the take-off is a burst of height)."""
    th = m.vehicle.get("thrust")
    if m.mode != "glider" or th is None:
        return Refused(m.rule, f"The {m.name} has no turbines to burst.")
    if m.thrust_used >= th["turns"]:
        return Refused("SF-VEH-08", f"The {m.name}'s powerpacks are spent: all {th['turns']} turns of thrust are "
                                    f"used (SF-VEH-08).")
    if m.burst:
        return Refused("SF-VEH-08", f"One burst a turn: the {m.name} has used this turn's (SF-VEH-08).")
    if what == "altitude":
        target = max(m.altitude + m.vehicle["climb"], th["min_height"])
        return _edit(data, m, f"burst to {target} m", altitude=target, thrust_used=m.thrust_used + 1, burst="altitude")
    if m.altitude < th["min_height"]:
        return Refused("SF-VEH-08", f"The {m.name} first climbs to {th['min_height']} m with a burst of height "
                                    f"(SF-VEH-08).")
    if m.speed >= m.top:
        return Refused("SF-VEH-08", f"The {m.name} is at its top speed, {m.top} m/turn (SF-VEH-08).")
    target = min(m.top, max(m.speed + m.vehicle["acceleration"], th["min_speed"]))
    return _edit(data, m, f"burst to {target} m/turn", speed=target, thrust_used=m.thrust_used + 1, burst="speed")


def next_turn(data: dict, m: Motion) -> edits.Edit:
    """End the turn: this turn's speed and height become last turn's. A GliJet aloft without a burst glides down
    (SF-VEH-08); an ElectroCopter or Air Car lifts off on its last take-off turn (SF-VEH-09/10)."""
    changes: dict = {"turn": m.turn + 1, "last_speed": m.speed, "last_altitude": m.altitude, "burst": ""}
    th = m.vehicle.get("thrust")
    if m.mode == "glider" and th is not None and not m.burst and m.altitude > 0:
        altitude = max(0, m.altitude - th["glide_altitude_loss"])
        speed = 0 if altitude == 0 else (max(th["glide_min_speed"], m.speed - th["glide_speed_loss"]) if m.speed else 0)
        changes.update(altitude=altitude, speed=speed, last_altitude=altitude, last_speed=speed)
    t = m.vehicle.get("take_off")
    if m.mode == "vtol" and t is not None and m.turn + 1 == t["turns"]:
        changes.update(altitude=t["height"])
    return _edit(data, m, f"turn {m.turn + 1}", **changes)


def forget_vehicle(data: dict, index: int) -> list[edits.Edit]:
    """The play state of the vehicles after one is removed: its own goes, the later ones move up a place."""
    play = data.get("play")
    states = play.get("vehicles") if isinstance(play, dict) else None
    if not isinstance(states, dict) or not states:
        return []
    moved = {}
    for k, v in states.items():
        if not k.isdigit() or int(k) == index:
            continue
        moved[str(int(k) - 1) if int(k) > index else k] = v
    return [edits.Set(ROOT, moved)]


# -- a file's play state past the rules --------------------------------------------------------------------
def issues(data: dict, derived: dict) -> list[Issue]:
    """A speed past what the acceleration rules allow, or more bursts than the powerpacks hold (a hand-edited
    file, or a vehicle swapped for a slower one)."""
    out = []
    for m in motions(data, derived):
        if m.mode != "glider" and m.speed > m.allowed:
            out.append(Issue(jp.child(m.pointer, "speed"), m.rule, ERROR,
                             f"{m.name}: {m.speed} m/turn is faster than it may go this turn. {m.why}"))
        th = m.vehicle.get("thrust")
        if th is not None and m.thrust_used > th["turns"]:
            out.append(Issue(jp.child(m.pointer, "thrust_used"), "SF-VEH-08", ERROR,
                             f"{m.name}: {m.thrust_used} turns of thrust used, more than its {th['turns']}."))
    return out
