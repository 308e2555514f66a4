"""SG-CREW-08 at the table: temporary members who join the crew for one game (from a power, advanced technology or
the scenario). They follow the normal rules, so each has a Health track (and carries loot) like any figure, but
they are kept apart from the roster: in the play state's `temporary` list (schemas/play.stargrave-crew.v1.json),
never in `soldiers`, so no limit of the crew (soldiers, specialists, credits) counts them, and New game or
recording the game clears them with the rest of the play state. The game record may list that they played
(`temporary_record`); the crew derived from the record never holds them.

A temporary member is a soldier type of the rules pack (its profile is the pack's) or a named figure with its own
profile (a creature or an ally the scenario gives).
"""

from __future__ import annotations

import copy

from .. import edits
from .. import pointer as jp
from ..issues import ERROR, Issue
from . import Group

TEMPORARY = "/play/temporary"
KEYS = ("move", "fight", "shoot", "armour", "will", "health")
_ABBR = {"move": "M", "fight": "F", "shoot": "S", "armour": "A", "will": "W", "health": "H"}
NOTE = "Temporary: this game only (SG-CREW-08)"


def members(data: dict) -> list[dict]:
    """The temporary members of the game in progress (entries that are not objects, or repeat an id, are left out:
    `issues` reports them)."""
    play = data.get("play")
    found = play.get("temporary") if isinstance(play, dict) else None
    out, seen = [], set()
    for m in found if isinstance(found, list) else []:
        if isinstance(m, dict) and isinstance(m.get("id"), str) and m["id"] and m["id"] not in seen:
            seen.add(m["id"])
            out.append(m)
    return out


def ids(data: dict) -> set[str]:
    return {m["id"] for m in members(data)}


def profile_of(member: dict, pack) -> dict | None:
    """The member's profile: its soldier type's in the pack, else its own (None when it has neither, or no Health)."""
    stype = next((s for s in pack.data.get("soldiers", []) if s.get("name") == member.get("type")), None)
    prof = stype["profile"] if stype else member.get("profile")
    if not isinstance(prof, dict) or not isinstance(prof.get("health"), int):
        return None
    return prof


def title_of(member: dict) -> str:
    name = str(member.get("name") or "").strip()
    kind = str(member.get("type") or "").strip()
    if name and kind:
        return f"{name} ({kind}), temporary"
    return f"{name or kind or member['id']}, temporary"


def profile_words(prof: dict) -> str:
    return " ".join(f"{_ABBR[k]}{prof[k]:+d}" if k in ("fight", "shoot", "will") else f"{_ABBR[k]}{prof[k]}"
                    for k in KEYS if isinstance(prof.get(k), int))


def groups(data: dict, pack, health, loot) -> list[Group]:
    """One group per temporary member with a profile: its Health track (`health(data, key, title, maximum)`) and
    loot markers (`loot(data, key, title, pack, out_of_action)`), the figure's own tracks made as a soldier's are."""
    out = []
    for m in members(data):
        prof = profile_of(m, pack)
        if prof is None:
            continue
        title = title_of(m)
        track = health(data, m["id"], title, prof["health"])
        status = "Out of action (SG-CAMP-02)" if track.at_zero else ""
        out.append(Group(m["id"], title, (track, *loot(data, m["id"], title, pack, track.at_zero)), status,
                         facts=(("Temporary:", "this game only (SG-CREW-08)"), ("Profile:", profile_words(prof)))))
    return out


def issues(data: dict, pack) -> list[Issue]:
    """A temporary member in the file that cannot play (a hand-edited file): no soldier type of the pack and no
    profile of its own, or an id used twice. It gets no track until corrected."""
    out = []
    found = data.get("play", {}).get("temporary") if isinstance(data.get("play"), dict) else None
    seen: set[str] = set()
    for i, m in enumerate(found if isinstance(found, list) else []):
        ptr = f"{TEMPORARY}/{i}"
        if not isinstance(m, dict) or not isinstance(m.get("id"), str) or not m["id"] or m["id"] in seen:
            out.append(Issue(ptr, "SG-CREW-08", ERROR, "This temporary member has no id of its own, so its Health "
                             "cannot be tracked; remove it and add it again."))
            continue
        seen.add(m["id"])
        if profile_of(m, pack) is None:
            what = f'"{m["type"]}" is not a soldier type in the rules pack' if m.get("type") else "it has no profile"
            out.append(Issue(ptr, "SG-CREW-08", ERROR, f"{title_of(m)}: {what}; a temporary member is a soldier "
                             "type, or a named figure with its own profile (with Health)."))
    return out


def _free_id(data: dict) -> str:
    """An id no soldier, officer or other temporary member of the document uses: temp1, temp2, ..."""
    taken = ids(data) | {"captain", "first_mate", "game"}
    for s in data.get("soldiers") or []:
        if isinstance(s, dict) and isinstance(s.get("id"), str):
            taken.add(s["id"])
    camp = data.get("campaign")
    for game in (camp.get("games") or []) if isinstance(camp, dict) else []:
        for step in (game.get("after") or []) if isinstance(game, dict) else []:
            hire = step.get("hire") if isinstance(step, dict) else None
            if isinstance(hire, dict) and isinstance(hire.get("id"), str):
                taken.add(hire["id"])
    n = 1
    while f"temp{n}" in taken:
        n += 1
    return f"temp{n}"


def add(data: dict, pack, type_name: str = "", name: str = "", profile: dict | None = None) -> edits.Edit | None:
    """One edit adding a temporary member to the game in progress: a soldier type of the pack (`type_name`), or a
    named figure with its own `profile` (every characteristic a whole number). None when neither is given."""
    name = name.strip()
    entry: dict = {"id": _free_id(data)}
    if type_name:
        if not any(s.get("name") == type_name for s in pack.data.get("soldiers", [])):
            return None
        entry["type"] = type_name
        if name:
            entry["name"] = name
    elif name and isinstance(profile, dict) and all(isinstance(profile.get(k), int) for k in KEYS):
        entry["name"] = name
        entry["profile"] = {k: profile[k] for k in KEYS}
    else:
        return None
    play = data.get("play")
    change: edits.Edit
    if not isinstance(play, dict):
        change = edits.Set("/play", {"temporary": [entry]})
    elif not isinstance(play.get("temporary"), list):
        change = edits.Set(TEMPORARY, [entry])
    else:
        change = edits.Insert(TEMPORARY + "/-", entry)
    return edits.Batch((change,), f"add {title_of(entry).replace(', temporary', '')} for this game (temporary)")


def remove(data: dict, member_id: str) -> edits.Edit | None:
    """One edit taking a temporary member out of the game in progress, its tracks with it."""
    found = data.get("play", {}).get("temporary") if isinstance(data.get("play"), dict) else None
    if not isinstance(found, list):
        return None
    at = next((i for i, m in enumerate(found) if isinstance(m, dict) and m.get("id") == member_id), None)
    if at is None:
        return None
    out = [edits.Remove(f"{TEMPORARY}/{at}")]
    tracks = jp.child("/play/figures", member_id)
    if jp.exists(data, tracks):
        out.append(edits.Remove(tracks))
    return edits.Batch(tuple(out), f"remove {title_of(found[at])}")


def record(data: dict) -> list[dict]:
    """What the game record keeps of the temporary members: that they played (type or name and profile)."""
    return [{k: copy.deepcopy(v) for k, v in m.items() if k != "id"} for m in members(data)]
