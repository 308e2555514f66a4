"""BattleScribe rosters (`.ros` XML, `.rosz` zipped) and New Recruit's JSON export: one reader for the tree.

unwrap.py turns all three into the same tree ({"roster": {...}}); this module reads that tree with the
ids of the community Stargrave data (resources/importers/bsdata-stargrave.json). A selection is known by
the last segment of its `::`-joined entryId, then by its name.
"""

from __future__ import annotations

import re
from typing import TypeGuard

from .bounded import ImportRefused, most_soldiers, too_many_soldiers
from .names import bsdata
from .source import SourceCrew, SourceOfficer, SourcePower, SourceSoldier

STATS = {"M": "move", "F": "fight", "S": "shoot", "A": "armour", "W": "will", "H": "health"}
PICK = re.compile(r"^\s*\+\s*1\s+(move|fight|shoot|will|health)\s*$", re.I)


MOST_OF_ONE = 100   # the most times one selection of an officer is counted


def looks_like(data: object) -> TypeGuard[dict]:
    return isinstance(data, dict) and isinstance(data.get("roster"), dict)


def _list(v) -> list:
    if isinstance(v, list):
        return [x for x in v if isinstance(x, dict)]
    return []


def _last(entry_id) -> str:
    return entry_id.split("::")[-1].strip() if isinstance(entry_id, str) else ""


def _num(v, default=None):
    if isinstance(v, bool):
        return default
    if isinstance(v, (int, float)):
        return int(v) if float(v).is_integer() else default
    if isinstance(v, str):
        try:
            f = float(v.strip().replace("+", ""))
        except ValueError:
            return default
        return int(f) if f.is_integer() else default
    return default


def _text(node) -> str:
    v = node.get("$text", node.get("value", "")) if isinstance(node, dict) else node
    return str(v).strip() if v is not None else ""


def _cost(sel: dict, type_id: str) -> float:
    total = 0.0
    for c in _list(sel.get("costs")):
        if c.get("typeId") == type_id:
            try:
                total += float(c.get("value", 0) or 0)
            except (TypeError, ValueError):
                pass
    return total


def _categories(sel: dict) -> set[str]:
    return {_last(c.get("entryId")) for c in _list(sel.get("categories"))} | \
           {str(c.get("name", "")).strip().casefold() for c in _list(sel.get("categories"))}


def _model_profile(sel: dict) -> dict[str, int] | None:
    for p in _list(sel.get("profiles")):
        if str(p.get("typeName", "")).casefold() == "model":
            out = {}
            for c in _list(p.get("characteristics")):
                k = STATS.get(str(c.get("name", "")).strip())
                if k and _num(_text(c)) is not None:
                    out[k] = _num(_text(c))
            return out if len(out) == len(STATS) else None
    return None


def _activation(sel: dict) -> int | None:
    for p in _list(sel.get("profiles")):
        for c in _list(p.get("characteristics")):
            if str(c.get("name", "")).strip().casefold() == "activation":
                return _num(_text(c))
    return None


def _entry(sel: dict) -> tuple[str, str]:
    """(kind, BSData name) from the id table, or ("", selection name) when the id is unknown."""
    e = bsdata()["entries"].get(_last(sel.get("entryId")))
    if e:
        return e[0], e[1]
    return "", str(sel.get("name", "")).strip()


def _walk(selections: list[dict]):
    for s in selections:
        yield s
        yield from _walk(_list(s.get("selections")))


def _officer(sel: dict, role: str, where: str, crew: SourceCrew) -> SourceOfficer:
    table = bsdata()
    kind, name = _entry(sel)
    background = re.sub(r"^\s*first\s+mate\s+", "", name, flags=re.I)
    o = SourceOfficer(role=role, where=where, name=str(sel.get("customName", "")).strip(), background=background,
                      stats=_model_profile(sel), stats_include_gear=True, picks=[])
    groups = table["groups"]
    for child in _walk(_list(sel.get("selections"))):
        ckind, cname = _entry(child)
        group = _last(child.get("entryGroupId"))
        label = f"{where} › {child.get('name') or cname}"
        count = max(1, _num(child.get("number"), 1) or 1)
        if count > MOST_OF_ONE:    # a figure carries a handful of anything: a huge count is a broken file
            crew.no_place.append((label, f"selected {count:g} times; counted {MOST_OF_ONE} times"))
            count = MOST_OF_ONE
        m = PICK.match(cname) or PICK.match(str(child.get("name", "")))
        if ckind == "officer":       # a supplement background chosen as an upgrade (Hunter, Aristocrat)
            o.background = re.sub(r"^\s*first\s+mate\s+", "", cname, flags=re.I)
        elif ckind == "pick" or m:
            if m and o.picks is not None:   # (a list from the start here)
                o.picks.extend([m.group(1).lower()] * count)
        elif ckind == "power" or group == groups["powers"]:
            o.powers.append(SourcePower(cname, _activation(child), label))
        elif ckind == "item" or group in (groups["weapons"], groups["general"], groups["armour"]):
            o.items.extend([cname] * count)
        elif cname.strip().casefold() == "level":
            o.level = (15 if role == "captain" else 0) + count
            crew.no_place.append((label, f"Level selected {count} time(s); what BattleScribe's Level count means is "
                                         "not defined by its data, so no level was imported (start a campaign "
                                         "in Starwright instead)"))
        else:
            shown = child.get("name") or cname
            crew.no_place.append((label, f"\"{shown}\" is not a background pick, power or item Starwright knows; "
                                         "left out"))
    return o


def read(data: dict, wrapping: str) -> SourceCrew:
    roster = data.get("roster") if isinstance(data, dict) else None
    if not isinstance(roster, dict):
        raise ImportRefused("this is not a BattleScribe or New Recruit roster: it has no roster element")
    table = bsdata()
    system = roster.get("gameSystemId")
    if system != table["game_system_id"]:
        game = roster.get("gameSystemName") or "another game"
        raise ImportRefused(f"this roster is for {game} (game system {system or 'not named'}), not Stargrave; "
                            f"only Stargrave rosters can be imported", "roster › gameSystemId")
    made_by = "New Recruit JSON" if wrapping == "json" else (
        "BattleScribe .rosz (zipped)" if wrapping == "zip" else "BattleScribe .ros (XML)")
    if wrapping == "json" and "newrecruit" not in str(roster.get("generatedBy", "")):
        made_by = "BattleScribe roster as JSON"
    crew = SourceCrew(format="battlescribe", shape=f"{made_by}, data revision {roster.get('gameSystemRevision', '?')}",
                      name=str(roster.get("name", "")).strip())
    cats = table["categories"]
    soldier_n, most = 0, most_soldiers()
    forces = _list(roster.get("forces"))
    all_forces = []
    while forces:
        f = forces.pop(0)
        all_forces.append(f)
        forces.extend(_list(f.get("forces")))
    for force in all_forces:
        cat_name = table["catalogues"].get(force.get("catalogueId"), force.get("catalogueName", ""))
        if cat_name == "Dead or Alive Crew":
            crew.no_place.append(("Force › Dead or Alive Crew", "the Dead or Alive catalogue's named captains have "
                                                                 "no place in Starwright"))
        for sel in _list(force.get("selections")):
            c = _categories(sel)
            kind, name = _entry(sel)
            label = str(sel.get("customName") or sel.get("name") or name)
            if cats["captain"] in c or "captain" in c:
                if crew.captain is None:
                    crew.captain = _officer(sel, "captain", "Captain", crew)
                else:
                    crew.no_place.append((f"Captain › {label}", "a second Captain; left out"))
            elif cats["first_mate"] in c or "first mate" in c:
                if crew.first_mate is None:
                    crew.first_mate = _officer(sel, "first_mate", "First Mate", crew)
                else:
                    crew.no_place.append((f"First Mate › {label}", "a second First Mate; left out"))
            elif cats["soldiers"] in c or cats["specialists"] in c or "soldiers" in c or "specialists" in c \
                    or kind == "soldier":
                robot = any(_entry(x)[0] == "robot" or cats["robot"] in _categories(x)
                            for x in _walk(_list(sel.get("selections")))) or cats["robot"] in c
                gear = []
                for x in _walk(_list(sel.get("selections"))):
                    xk, xn = _entry(x)
                    if xk == "item" or _last(x.get("entryGroupId")) == table["groups"]["soldier_weapon"]:
                        gear.append(xn)
                for _ in range(max(1, min(_num(sel.get("number"), 1) or 1, 20))):
                    soldier_n += 1
                    if soldier_n > most:   # a count beyond what a crew file holds: refused before the rest is read
                        raise too_many_soldiers(most)
                    crew.soldiers.append(SourceSoldier(
                        type=name, where=f"Soldiers › #{soldier_n} {label}", name=str(sel.get("customName", "")).strip(),
                        robot=robot, stats=_model_profile(sel), cost=int(_cost(sel, table["cost_types"]["credits"])),
                        gear=gear or None))
            elif kind == "officer":
                crew.no_place.append((f"Roster › {label}", f"{name} is a named captain of the Dead or Alive supplement, "
                                                          f"which Starwright does not have; left out"))
            else:
                crew.no_place.append((f"Roster › {label}", f"\"{name}\" is not an officer or soldier Starwright "
                                                          f"knows; left out"))
    total = sum(_cost(c, table["cost_types"]["credits"]) for c in [roster])
    limit = None
    for cl in _list(roster.get("costLimits")):
        if cl.get("typeId") == table["cost_types"]["credits"] and (_num(cl.get("value"), -1) or -1) >= 0:
            limit = _num(cl.get("value"))
    crew.credits = None
    crew.credits_note = (f"the roster's credit limit {limit} less its Cr total {int(total)}" if limit is not None
                         else f"400 less the roster's Cr total {int(total)}")
    crew.roster_cost, crew.cost_limit = int(total), limit
    if isinstance(roster.get("customNotes"), (str, dict)):
        text = _text(roster["customNotes"]) if isinstance(roster["customNotes"], dict) else roster["customNotes"]
        if text.strip():
            crew.notes.append(text.strip())
    return crew
