"""Crew links of a Starchasers ship: character files named at the ship's stations (SC-SHIP-26, SC-CHAR-27).

The ship document stores `"crew": {"pilot": {"file": "dash-korrin.starwright"}, ...}`, each file named
relative to the ship file (an absolute path is accepted, e.g. while the ship is not saved yet). `read_links`
loads each linked character the same way the program opens a file (model.storage.load); `resolve` (pure)
derives its pools and reports what it found per station; a link that is missing, unreadable, not a character, or made
before the ship had a file name becomes a status and a sentence, never an exception. `check` turns those
into issues at /crew/<station>/file.

Pure model code: no Qt. Loaded characters are cached by (path, modification time, size), so re-checking
the ship after every edit does not re-read unchanged files.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path
from typing import Any

from ....issues import ERROR, INFO, WARNING, Issue
from ....storage import DocumentError, load
from ..character.derive import derive as derive_character
from ..tables import Tables, fold

CHARACTER_FORMAT = "starwright/starchasers-character"

OK, MISSING, BROKEN, NOT_A_CHARACTER, NOT_SAVED, UNKNOWN_STATION = (
    "ok", "missing", "broken", "not_a_character", "not_saved", "unknown_station")

_CACHE: OrderedDict[tuple, tuple[str, Any]] = OrderedDict()
_CACHE_SIZE = 64


def stations(t: Tables) -> dict[str, dict]:
    """The stations the rules pack names, by key (empty for a pack without them)."""
    return {s["key"]: s for s in t.ship.get("stations", [])}


def link_path(file: str, origin: str | os.PathLike | None) -> Path | None:
    """Where a link points: absolute as stored, else relative to the ship file's folder (None: not knowable)."""
    p = Path(file)
    if p.is_absolute():
        return p
    if origin is None:
        return None
    return Path(os.path.realpath(origin)).parent / p


def relative_link(character: str | os.PathLike, origin: str | os.PathLike | None) -> str:
    """What to store for a character file: relative to the ship's folder (with /), or absolute when the ship
    has no file yet or the two are on different drives."""
    target = Path(os.path.realpath(character))
    if origin is None:
        return target.as_posix()
    try:
        return Path(os.path.relpath(target, Path(os.path.realpath(origin)).parent)).as_posix()
    except ValueError:  # another drive on Windows
        return target.as_posix()


def relocate(data: dict, old_origin: str | os.PathLike | None, new_origin: str | os.PathLike) -> list:
    """Set edits that keep every crew link pointing at the same character file when the ship is saved
    under another name or folder (links are stored relative to the ship file)."""
    from ....edits import Set
    out: list[Set] = []
    crew = data.get("crew")
    if not isinstance(crew, dict):
        return out
    for station, entry in crew.items():
        file = entry.get("file") if isinstance(entry, dict) else None
        if not isinstance(file, str) or not file:
            continue
        target = link_path(file, old_origin)
        if target is None:
            continue
        new = relative_link(target, new_origin)
        if new != file:
            out.append(Set(f"/crew/{station}/file", new))
    return out


def _load_character(path: Path) -> tuple[str, Any]:
    """(status, character data or a message). Cached while the file is unchanged."""
    try:
        st = path.stat()
        key = (str(path), st.st_mtime_ns, st.st_size)
    except FileNotFoundError:
        return MISSING, "there is no such file"
    except ValueError:  # a NUL in the name
        return BROKEN, "the file name contains a NUL character, so no file has it"
    except OSError as e:
        return BROKEN, f"it cannot be read ({e.strerror or e})"
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    value: tuple[str, Any]   # (how the link stands, the character's data or why it cannot be read)
    try:
        loaded = load(path)
        if loaded.data.get("format") != CHARACTER_FORMAT:
            found = (loaded.kind.title if loaded.kind else "another kind of document")
            value = (NOT_A_CHARACTER, f"it is a {found}, not a Starchasers character")
        else:
            value = (OK, loaded.data)
    except DocumentError as e:
        if "no such file" in e.message:
            value = (MISSING, e.message)
        else:
            place = f" at {e.where}" if e.where else ""
            value = (BROKEN, f"{e.message}{place}")
    _CACHE[key] = value
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return value


_DERIVED: OrderedDict[int, tuple[Any, Tables, dict]] = OrderedDict()


def _derived(character: dict, t: Tables) -> dict:
    """A linked character's derived values, kept while its file is unchanged (the loaded data is the same
    object then, see _load_character): re-checking the ship after every edit does not derive it again."""
    hit = _DERIVED.get(id(character))
    if hit is not None and hit[0] is character and hit[1] is t:
        return hit[2]
    d = derive_character(character, t)
    _DERIVED[id(character)] = (character, t, d)
    while len(_DERIVED) > _CACHE_SIZE:
        _DERIVED.popitem(last=False)
    return d


def read_links(data: dict, origin) -> dict[str, dict]:
    """The character files a ship links, read: station -> {"path", "status", "value"} (value: the character's
    data, or what is wrong with the file). The one place a ship's evaluation reads the disk: evaluate() calls
    it (GameSystem.read_links) and hands the result to derive, which stays a pure function."""
    crew = data.get("crew") or {}
    out: dict[str, dict] = {}
    for station, entry in crew.items() if isinstance(crew, dict) else ():
        file = (entry or {}).get("file", "") if isinstance(entry, dict) else ""
        path = link_path(str(file), origin)
        if path is None:
            out[station] = {"path": None, "status": NOT_SAVED, "value": None}
        else:
            status, got = _load_character(path)
            out[station] = {"path": str(path), "status": status, "value": got}
    return out


def resolve_one(station: str, file: Any, t: Tables, link: dict | None) -> dict:
    known = stations(t)
    label = known.get(station, {}).get("label", station.replace("_", " ").capitalize())
    out: dict = {"station": station, "label": label, "file": file, "path": None, "status": OK, "message": "",
                 "name": "", "attributes": {}, "skills": {}, "pools": {}, "character": None}
    if station not in known:
        out.update(status=UNKNOWN_STATION,
                   message=f'"{station}" is not a ship station in the rules pack; choose one of '
                           f'{", ".join(s["label"] for s in known.values()) or "none (this pack names no stations)"}.')
        return out
    if link is None or link["status"] == NOT_SAVED:
        out.update(status=NOT_SAVED,
                   message=f"{label}: the link \"{file}\" is relative to the ship file, and this ship has not been "
                           f"saved yet; save the ship (or link the character again) so the file can be found.")
        return out
    out["path"] = link["path"]
    status, got = link["status"], link["value"]
    if status != OK:
        lead = {MISSING: "cannot be found", BROKEN: "cannot be used",
                NOT_A_CHARACTER: "is not a character"}[status]
        problem = (f"the linked character file \"{file}\" {lead}: {got}. The ship uses the dice entered on it "
                   f"instead; link the file again or unlink it.")
        out.update(status=status, problem=problem, message=f"{label}: {problem}")
        return out
    d = _derived(got, t)
    out.update(name=str(got.get("name") or Path(file).stem), character=got,
               attributes={k: v["level"] for k, v in d["attributes"].items()},
               skills={s["name"]: s["level"] for s in d["skills"]},
               pools={k: {"label": p["label"], "dice": p["dice"], "parts": p["parts"],
                          "adds_passive_defense": p["adds_passive_defense"]}
                      for k, p in d["ship_pools"].items()
                      if k in known[station]["pools"]})
    return out


def resolve(data: dict, t: Tables, linked: dict[str, dict]) -> list[dict]:
    """Every crew link of a ship, in the rules pack's station order (unknown stations last), from the files
    read_links() read (a station it did not read counts as not findable yet)."""
    crew = data.get("crew") or {}
    order = list(stations(t))
    keys = sorted(crew, key=lambda k: (order.index(k) if k in order else len(order), k))
    return [resolve_one(k, (crew[k] or {}).get("file", ""), t, linked.get(k)) for k in keys]


def _skill(levels: dict, name: str) -> int:
    for k, v in levels.items():
        if fold(k) == fold(name):
            return v
    return 0


def linked(crew: list[dict], station: str) -> dict | None:
    for c in crew:
        if c["station"] == station and c["status"] == OK:
            return c
    return None


def effective_pilot(data: dict, crew: list[dict]) -> tuple[dict, str | None]:
    """The pilot's dice the ship rules use: from the linked pilot when the link works, else as entered."""
    c = linked(crew, "pilot")
    if c is None:
        return data.get("pilot") or {}, None
    a = c["attributes"]
    return {"name": c["name"], "deftness": a.get("deftness"), "perception": a.get("perception"),
            "piloting": _skill(c["skills"], "Piloting")}, c["name"]


def effective_gunner(data: dict, crew: list[dict]) -> tuple[dict, str | None]:
    """The gunner's dice: attributes from the linked gunner; proficiency stays on the ship (gunner.proficient)."""
    entered = data.get("gunner") or {}
    c = linked(crew, "gunner")
    if c is None:
        return entered, None
    a = c["attributes"]
    return {"name": c["name"], "deftness": a.get("deftness"), "intelligence": a.get("intelligence"),
            "proficient": list(entered.get("proficient", []))}, c["name"]


def public(crew: list[dict], passive_defense: int | None = None) -> list[dict]:
    """The crew as reported under `derived` (JSON-friendly; the loaded character itself is left out). Each
    station pool gets its `total` on this ship: SC-SHIP-15, Dodge adds the ship's Passive Defense (the one
    place it is summed for a linked character; the page and the sheet read it)."""
    out = []
    for c in crew:
        entry = {k: v for k, v in c.items() if k != "character"}
        pools = {}
        for key, p in c["pools"].items():
            adds = p.get("adds_passive_defense", False)
            dice = p["dice"]
            total = dice if not adds else (dice + passive_defense if dice is not None and passive_defense is not None
                                           else None)
            pools[key] = {**p, "total": total, "passive_defense": passive_defense if adds else None}
        entry["pools"] = pools
        out.append(entry)
    return out


def check(data: dict, derived: dict, t: Tables) -> list[Issue]:
    """A broken link is an error at /crew/<station>/file; an absolute link is a note (it breaks when moved)."""
    out: list[Issue] = []
    for c in derived.get("crew", []):
        ptr = f"/crew/{c['station']}/file"
        if c["status"] == UNKNOWN_STATION:
            out.append(Issue(f"/crew/{c['station']}", "SC-SHIP-26", ERROR, c["message"]))
        elif c["status"] != OK:
            out.append(Issue(ptr, "SC-SHIP-26", ERROR if c["status"] != NOT_SAVED else WARNING, c["message"]))
        else:
            if Path(str(c["file"])).is_absolute():
                out.append(Issue(ptr, "SC-SHIP-26", INFO,
                                 f"{c['label']}: {c['name']} is linked by a full path; save the ship and link "
                                 f"the character again to keep the link working when the folder moves."))
            entered = {k: v for k, v in (data.get(c["station"]) or {}).items() if k != "proficient" and v not in (None, "")}
            if c["station"] in ("pilot", "gunner") and entered:
                out.append(Issue(f"/{c['station']}", "SC-SHIP-26", INFO,
                                 f"{c['label']}: {c['name']} is linked, so the dice entered on the ship for the "
                                 f"{c['station']} are not used."))
    return out
