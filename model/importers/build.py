"""From what a reader found to a Starwright crew: names mapped, choices worked out, numbers recomputed
and compared, the campaign so far carried as recorded games, and a report of every step."""

from __future__ import annotations

from ..systems.stargrave import soldier_gear as gear_rules
from ..systems.stargrave.derive import derive
from ..systems.stargrave.tables import tables
from . import levels
from .campaign import campaign_games, keep_in_notes
from .bounded import ImportRefused
from .names import Names
from .officers import build_officer, map_name
from .report import AS_IS, CAMPAIGN, DEFAULTED, DIFFERS, NO_PLACE, Report
from .source import SourceCrew

KEYS_SHOWN = ("move", "fight", "shoot", "armour", "will", "health")


def _soldiers(src: SourceCrew, t, names: Names, rep: Report, notes: list[str]) -> tuple[list[dict], list]:
    """The soldiers with a place in Starwright, and the source soldier behind each."""
    out: list[dict] = []
    kept: list = []
    defaulted_gear = False
    for s in src.soldiers:
        ptr = f"/soldiers/{len(out)}"
        stype_name = map_name(names, "soldiers", s.type, s.where, rep, ptr + "/type", "soldier")
        if not stype_name:
            m = names.match("soldiers", s.type)
            why = f"from {m.elsewhere}" if m.elsewhere else "not in the rules pack"
            notes.append(f"Left out: {s.name + ' the ' if s.name else ''}{s.type} ({why}).")
            continue
        stype = t.soldiers[stype_name]
        entry = {"name": s.name, "type": stype_name, "robot": bool(s.robot), "shotgun": False, "item": None}
        if s.robot:
            rep.add(AS_IS, s.where, "a robot", ptr + "/robot")
        if s.gear is None:
            defaulted_gear = True
        else:
            standard = list(stype["gear"])
            carried = []
            for g in s.gear:
                m = names.match("items", g)
                if m.name:
                    carried.append(m.name)
                elif m.how != "placeholder":
                    rep.add(NO_PLACE, s.where, f"item \"{g}\" is not in the rules pack; left out (kept in the notes)")
                    notes.append(f"{s.name or stype_name}: carried {g}, which Starwright does not know.")
            swap = [g for g in standard if t.items.get(g, {}).get("swap_for")]
            if swap and t.items[swap[0]]["swap_for"] in carried and swap[0] not in carried:
                entry["shotgun"] = True
                carried.remove(t.items[swap[0]]["swap_for"])
                standard.remove(swap[0])
                rep.add(AS_IS, s.where, f"carries a shotgun instead of the {swap[0].lower()}", ptr + "/shotgun")
            for g in standard:
                if g in carried:
                    carried.remove(g)
            trade = gear_rules.trade(t, stype)
            if trade and trade["takes"] in carried and trade["gives"] not in carried:
                # SG-SOLD-14: the armour's pistol traded for a carbine (a second carbine, no pistol listed)
                entry["armour_trade"] = True
                carried.remove(trade["takes"])
                rep.add(AS_IS, s.where, f"trades the {trade['armour'].lower()}'s {trade['gives'].lower()} for a "
                                        f"{trade['takes'].lower()}, which fills its item slot", ptr + "/armour_trade")
            for g in carried:
                barred = gear_rules.barred(t, stype, g)
                if barred:     # SG-SOLD-10: never a knife its standard gear lacks
                    rep.add(NO_PLACE, s.where, f"{barred} Left out (kept in the notes).")
                else:
                    rep.add(NO_PLACE, s.where, f"{g} is not part of a {stype_name}'s gear and soldiers take no items "
                                               f"from the equipment list; left out (kept in the notes)")
                notes.append(f"{s.name or stype_name}: also carried {g} in the source.")
        if s.stats:
            for k in KEYS_SHOWN:
                if k in s.stats and s.stats[k] != stype["profile"][k]:
                    rule = stype["profile"][k]
                    bonus = t.char[k].get("bonus")
                    fmt = (lambda v: f"+{v}" if v >= 0 else str(v)) if bonus else str
                    rep.add(DIFFERS, s.where, f"{t.label(k)} {fmt(s.stats[k])} in the source; the rules pack gives "
                                              f"a {stype_name} {fmt(rule)}", ptr)
        if s.cost is not None and s.cost != stype["cost"]:
            rep.add(DIFFERS, s.where, f"costs {s.cost} Cr in the source; the rules pack says {stype['cost']} Cr", ptr)
        out.append(entry)
        kept.append(s)
    if defaulted_gear and out:
        rep.add(DEFAULTED, "Soldiers", "the source does not list soldiers' gear: each carries its type's standard "
                                       "gear from the rules pack", "/soldiers")
    return out, kept


FILE_VERSION = 2   # the importer writes crew files as DESIGN.md's version 2; later versions migrate from it


def build(src: SourceCrew, pack, file_name: str = "") -> tuple[dict, Report]:
    """The crew (file version 2) and the report; nothing is written."""
    t = tables(pack)
    names = Names(t.pack)
    rep = Report(src.shape, file_name)
    notes: list[str] = []
    doc: dict = {"format": "starwright/stargrave-crew", "version": FILE_VERSION, "name": src.name or "Imported Crew"}
    if src.name:
        rep.add(AS_IS, "Crew", f"name {src.name}", "/name")
    else:
        rep.add(DEFAULTED, "Crew", "no crew or ship name in the source: named \"Imported Crew\"", "/name")
    for role, so in (("captain", src.captain), ("first_mate", src.first_mate)):   # before any work on them
        fig = t.figures[role]
        why = levels.level_beyond(t.pack, fig["label"], fig["level"], so.level if so is not None else None)
        if why and so is not None:   # (only an officer the source has can be beyond)
            raise ImportRefused(why, so.where)
    progress = {}
    for role, so in (("captain", src.captain), ("first_mate", src.first_mate)):
        doc[role], progress[role] = build_officer(so, role, t, names, rep,
                                                  lambda _role, start, end: levels.plan(t.pack, start, end))
    for where, what in src.no_place:
        rep.add(NO_PLACE, where, what)
        notes.append(f"{where}: {what}")
    _officers_in_notes(src, names, rep, notes)
    doc["soldiers"], kept = _soldiers(src, t, names, rep, notes)
    left = derive(doc, t)["credits_left"]
    if src.format == "battlescribe":
        _roster_credits(src, t, left, rep)
    keep_in_notes(src, rep, notes)
    for i, s in enumerate(doc["soldiers"]):
        doc["soldiers"][i] = {"id": f"s{i + 1}", **s}   # version 2: soldiers have ids (DESIGN.md)
    games = campaign_games(src, doc, kept, progress, t, rep)
    if src.format == "labernator" and not games and src.credits is not None and src.credits != left:
        rep.add(DIFFERS, "Credits", f"{src.credits} Cr in the source; Starwright derives {left} Cr "
                                    f"({t.crew['starting_credits']} less the soldiers' costs)", "/soldiers")
    doc["notes"] = "\n".join([f"Imported from {file_name or 'a file'} ({src.shape})."] + src.notes + notes)
    doc["campaign"] = {"games": games}
    return doc, rep


def _officers_in_notes(src: SourceCrew, names: Names, rep: Report, notes: list[str]) -> None:
    """What the officers had that Starwright cannot hold: unknown powers and items, the officer's own state."""
    for so in (src.captain, src.first_mate):
        if so is None:
            continue
        hurt = so.current_health is not None and so.stats and so.current_health < so.stats["health"]
        if so.miss_next_game or hurt:
            state = " and ".join(w for w, on in (("misses the next game", so.miss_next_game),
                                                   (f"has {so.current_health} Health left", hurt)) if on)
            rep.add(CAMPAIGN, so.where, f"{state} in the source: the Officer Survival Table is missing from the "
                                        f"rules, so no effect is derived; kept in the notes")
            notes.append(f"{so.where} {state} (as the source recorded it).")
        for sp in so.powers:
            if not names.match("powers", sp.name).name:
                notes.append(f"{so.where} had the power {sp.name} (activation {sp.activation}), which Starwright "
                             f"does not have.")
        for it in so.items:
            m = names.match("items", it)
            if not m.name and m.how != "placeholder":
                notes.append(f"{so.where} carried {it}, which Starwright does not know.")


def _roster_credits(src: SourceCrew, t, left: int, rep: Report) -> None:
    """A roster stores costs, not credits left: the limit (or the starting credits) less the Cr total."""
    base = src.cost_limit if src.cost_limit is not None else t.crew["starting_credits"]
    theirs = base - (src.roster_cost or 0)
    rep.add(DEFAULTED, "Credits", f"a roster does not store credits left: {src.credits_note} gives {theirs} Cr",
            "/soldiers")
    if theirs != left:
        rep.add(DIFFERS, "Credits", f"{theirs} Cr left by the roster's costs; Starwright derives {left} Cr "
                                    f"({t.crew['starting_credits']} less the soldiers' costs)", "/soldiers")
