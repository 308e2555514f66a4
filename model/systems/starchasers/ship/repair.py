"""Starchasers ship damage carried over between sessions and its repair (RULES.md 2.6, SC-REP).

The ship's play state (schemas/play.starchasers-ship.v1.json) counts damage as points lost from the ship's own
ratings: `hull_damage` from Hull Points, `structure_damage` from Structure Points. `system_damage` is the count of
System Damage suffered, with no maximum: System Durability is a Stress threshold (Stress at or above it causes
System Damage, SC-SHIP-13, SC-SCMB-06, AMB-SC-05), not a pool the damage is taken from. The Play view raises them during a game; they stay until a repair lowers them. Shields are not
damage carried over: a ship starts each combat with its Shield Rating in tokens (SC-SHIP-19), no repair
restores them, so `shields_down` belongs to one game (model/play/starchasers_ship.py). `repairs` is the log of repairs made between sessions, in order; each entry is one repair:

    what        "hull" | "system" | "structure"
    points      points restored (at least 1)
    by          "shop" (a third party) | "crew" (the party's own Engineer)
    place       "space" | "spaceport" | "drydock" (where the ship is)
    region      structure at a shop: the repair bay's region (a key of the pack's structure regions)
    reputability  a shop's Reputability/Disposition (a key of the pack's reputability rows)
    hull_repair_tools   structure by the crew: they have Starship Hull Repair tools
    roll_hits   hull by the crew: the Hits of the Engineer's Deftness + Mechanics roll (SC-REP-01)
    damage_before  the damage that part had when the repair was made (the app records it)
    note        free text

COMPUTE (cost and time, every number from the pack's `repair` section):
- SC-REP-04 a shop's price is the table row for the points repaired times its Reputability modifier; for System
  Damage both the parts and the labour columns are multiplied.
- SC-REP-05 the crew's Engineer repairing System Damage pays only the parts, at the pack's
  `crew_parts_reputability` modifier (Excellent, 1/4), and no labour.
- SC-REP-01 a crew hull repair restores the roll's Hits (at most the damage); the crew pays nothing (the hull
  table is labour only) and it takes the table's time for the points restored.
- SC-REP-07 / AMB-SC-10 hull time is the table's, not 1/2 hour per point.
- SC-REP-03 / AMB-SC-09 (a) structure takes `days_per_point` days per point and the region's table price is the
  whole cost; the 50 Cr/hour labour (SC-REP-06, times the modifier) is shown as a note, never added. The crew
  pays the table's "Parts Only" column as printed (the rules give no modifier for it).
- SC-REP-02 (printed): a System Damage repair is a Mechanics roll whose difficulty is the System Damage the
  ship had (`damage_before`).

Beyond a table's last row (GAP-SC-20: hull over 20, system over 6, structure over 6, and a PC ship has 7
Structure Points) the repair is priced as repeated jobs: as many jobs of the last row as fit, then one job for
the rest (structure 7 = a 6-point job and a 1-point job). The rules stop there and repeating the printed jobs
keeps every price a printed one; `jobs` says how a repair was split. A points count the table has no row for
(a house pack whose rows start higher) leaves the cost unknown (None) and check says so.

A destroyed ship (SC-SCMB-13, AMB-SC-06 "reaches": Structure damage at its Structure Points or more) cannot be
repaired (DECISIONS.md): actions_repair refuses every repair of it, and a logged Structure repair that restores the
Structure Points or more (so was made on a destroyed ship) is an error; the repair tables price Structure up to
one point less than the ship's Structure Points.

ENFORCE (check): SC-REP-03 structure only at a spaceport or drydock, by the crew only at a drydock with Starship
Hull Repair tools; a repair never restores more than the damage it had (`damage_before`) nor (hull and
structure) more than the ship's rating (SC-REP-01, SC-REP-03; System Damage has no rating to bound it); SC-REP-01 a crew hull repair restores
at most its Hits; SC-REP-04 a shop needs a known reputability, a structure bay a known region. Each issue
points at the repair's field (/play/repairs/N/...).
"""

from __future__ import annotations

from typing import Any

from ....issues import ERROR, WARNING, Issue
from ..tables import Tables

# part -> (play counter, the ship's rating the damage comes off (None: a count with no maximum), the part's name)
PARTS = {"hull": ("hull_damage", "hull_points", "Hull Points"),
         "structure": ("structure_damage", "structure_points", "Structure Points"),
         "system": ("system_damage", None, "System Damage")}
WHAT = {"hull": "Hull Points", "system": "System Damage", "structure": "Structure"}
COUNTED = {"hull": ("Hull Point", "Hull Points"), "system": ("System Damage", "System Damage"),
           "structure": ("Structure Point", "Structure Points")}
BY = {"shop": "a repair shop", "crew": "the crew's Engineer"}
PLACES = {"space": "in space or elsewhere", "spaceport": "at a spaceport", "drydock": "at a drydock"}
STRUCTURE_PLACES = ("spaceport", "drydock")
# the rule a repair of each part breaks when it restores more than there is to restore
RESTORE_RULE = {"hull": "SC-REP-01", "system": "SC-REP-02", "structure": "SC-REP-03"}


def most_repairs() -> int:
    """How many repairs a ship's log holds (schemas/play.starchasers-ship.v1.json, whose description says why)."""
    from ....validation import schema
    return schema("play.starchasers-ship.v1.json")["properties"]["repairs"]["maxItems"]


def _int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def play(data: dict) -> dict:
    p = data.get("play")
    return p if isinstance(p, dict) else {}


def _pts(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def credits(v: float | None) -> str:
    if v is None:
        return "?"
    if float(v).is_integer():
        return f"{int(v):,} Cr"
    return f"{v:,.2f} Cr"


def modifier_text(m: float) -> str:
    fractions = {0.25: "¼", 0.5: "½", 0.75: "¾"}
    return fractions.get(m, f"×{int(m) if float(m).is_integer() else m}")


def factor(m: float) -> str:
    """A modifier as a factor in a sum: "¼", "2"."""
    return modifier_text(m).removeprefix("×")


def hours_text(h: float | None) -> str:
    if h is None:
        return "?"
    if h < 2 and not float(h).is_integer():
        return f"{round(h * 60)} minutes"
    n = int(h) if float(h).is_integer() else h
    return f"{n} hour{'' if n == 1 else 's'}"


def days_text(d: float | None) -> str:
    if d is None:
        return "?"
    n = int(d) if float(d).is_integer() else d
    return f"{n} day{'' if n == 1 else 's'}"


def damage(data: dict) -> dict:
    """Damage carried over: for each part its rating, the damage and what is left (rating - damage, never below 0;
    None while the rating is not set). System Damage is a plain count: its rating and left are always None."""
    p = play(data)
    out = {}
    for part, (counter, rating_key, label) in PARTS.items():
        rating = _int(data.get(rating_key)) if rating_key else None
        dmg = _int(p.get(counter)) or 0
        out[part] = {"label": label, "counter": counter, "pointer": f"/play/{counter}", "rating": rating,
                     "damage": dmg, "left": None if rating is None else max(0, rating - dmg),
                     "counted": rating_key is None}
    return out


def destroyed(data: dict) -> bool:
    """SC-SCMB-13 (AMB-SC-06 "reaches"): the ship is destroyed once its Structure damage reaches its Structure Points."""
    part = damage(data)["structure"]
    return bool(part["rating"]) and part["damage"] >= part["rating"]


DESTROYED = ("The ship is destroyed: its Structure damage has reached its Structure Points, and a destroyed ship "
             "cannot be repaired (SC-SCMB-13).")


def jobs(points: int, rows: dict[int, dict]) -> list[dict] | None:
    """The table rows a repair of `points` is priced as: its own row, or (beyond the last row) repeated jobs of
    the last row and one for the rest. None when a needed row is missing from the table."""
    if points in rows:
        return [rows[points]]
    top = max(rows)
    if points < top:
        return None
    out = [rows[top]] * (points // top)
    rest = points % top
    if rest:
        if rest not in rows:
            return None
        out.append(rows[rest])
    return out


class Reputability:
    def __init__(self, t: Tables):
        rep = t.pack["repair"]
        self.rows = {r["key"]: r for r in rep["reputability"]}
        self.crew = self.rows.get(rep["crew_parts_reputability"])

    def label(self, key: Any) -> str:
        r = self.rows.get(key) if isinstance(key, str) else None
        return f"{r['reputability']} ({r['disposition']}) {modifier_text(r['modifier'])}" if r else str(key or "")


def cost(repair: dict, t: Tables, index: int) -> dict:
    """One repair's price and time, with how each was found."""
    rep = t.pack["repair"]
    reps = Reputability(t)
    what: Any = repair.get("what")   # what the file holds, of any type: shown as it is when not a known value
    by: Any = repair.get("by")
    points = _int(repair.get("points")) or 0
    shop = by == "shop"
    r = reps.rows.get(repair.get("reputability")) if shop else None
    out: dict = {"pointer": f"/play/repairs/{index}", "index": index, "what": what,
                 "what_label": WHAT.get(what, str(what)), "points": points, "by": by, "by_label": BY.get(by, str(by)),
                 "place": repair.get("place"), "place_label": PLACES.get(repair.get("place", ""), "place not given"),
                 "reputability": repair.get("reputability") if shop else None,
                 "reputability_label": reps.label(repair.get("reputability")) if shop else "",
                 "modifier": r["modifier"] if r else None, "region": None, "region_label": "",
                 "parts": 0, "labour": 0, "cost": None, "hours": None, "days": None, "jobs": [],
                 "difficulty": None, "how": [], "notes": [], "note": repair.get("note", "")}
    how, notes = out["how"], out["notes"]
    if what == "hull":
        found = jobs(points, {row["points"]: row for row in rep["hull"]})
        if found is not None:
            out["jobs"] = [j["points"] for j in found]
            out["hours"] = sum(j["hours"] for j in found)
        if by == "crew":
            hits = _int(repair.get("roll_hits"))
            how.append(f"field repair: the Engineer's Deftness + Mechanics roll, {'?' if hits is None else hits} "
                       f"Hits, restores {points} Hull Points (SC-REP-01); the crew pays no labour")
            out["cost"] = 0
        elif found is not None and r:
            labour = sum(j["labour"] for j in found)
            out["labour"] = labour * r["modifier"]
            out["cost"] = out["labour"]
            how.append(f"hull table, {_pts(points)}: labour {credits(labour)} × {factor(r['modifier'])} "
                       f"({r['reputability']}) = {credits(out['cost'])} (SC-REP-04)")
        if found is not None:
            how.append(f"time from the table: {hours_text(out['hours'])} (SC-REP-07)")
    elif what == "system":
        found = jobs(points, {row["points"]: row for row in rep["system"]})
        before = _int(repair.get("damage_before"))
        out["difficulty"] = before if before is not None else points
        notes.append(f"Mechanics roll, difficulty {out['difficulty']} (SC-REP-02)")
        if found is not None:
            out["jobs"] = [j["points"] for j in found]
            out["hours"] = sum(j["hours"] for j in found)
            parts, labour = sum(j["parts"] for j in found), sum(j["labour"] for j in found)
            m = reps.crew if by == "crew" else r
            if m:
                out["parts"] = parts * m["modifier"]
                out["labour"] = 0 if by == "crew" else labour * m["modifier"]
                out["cost"] = out["parts"] + out["labour"]
                if by == "crew":
                    how.append(f"parts {credits(parts)} × {factor(m['modifier'])} ({m['reputability']}) = "
                               f"{credits(out['parts'])}; the Engineer's own labour is free (SC-REP-05)")
                else:
                    how.append(f"(parts {credits(parts)} + labour {credits(labour)}) × {factor(m['modifier'])} "
                               f"({m['reputability']}) = {credits(out['cost'])} (SC-REP-04)")
            how.append(f"time from the table: {hours_text(out['hours'])}")
    elif what == "structure":
        st = rep["structure"]
        found = jobs(points, {row["points"]: row for row in st["rows"]})
        regions = {g["key"]: g["label"] for g in st["regions"]}
        out["days"] = points * st["days_per_point"]
        if found is not None:
            out["jobs"] = [j["points"] for j in found]
        if by == "crew":
            if found is not None:
                out["parts"] = sum(j["parts_only"] for j in found)
                out["cost"] = out["parts"]
                how.append(f"Parts Only column, {_pts(points)}: {credits(out['cost'])} (SC-REP-03)")
        else:
            region = repair.get("region")
            out["region"] = region
            out["region_label"] = regions.get(region, str(region or ""))
            if found is not None and r and region in regions:
                price = sum(j["prices"][region] for j in found)
                out["cost"] = price * r["modifier"]
                how.append(f"{regions[region]} price, {_pts(points)}: {credits(price)} × {factor(r['modifier'])} "
                           f"({r['reputability']}) = {credits(out['cost'])} (SC-REP-04)")
            rate = st["labour_per_hour"] * (r["modifier"] if r else 1)
            out["labour_per_hour"] = rate
            notes.append(f"labour {credits(st['labour_per_hour'])}/hour"
                         + (f" × {factor(r['modifier'])} = {credits(rate)}/hour" if r else "")
                         + ", included in the table price (SC-REP-06, AMB-SC-09)")
        how.append(f"{st['days_per_point']} day per Structure Point: {days_text(out['days'])} (SC-REP-03)")
    if len(out["jobs"]) > 1:
        j = out["jobs"]
        full = j.count(j[0])
        split = (f"{full} jobs of {j[0]}" if full > 2 else " + ".join(map(str, j[:full]))) + \
            (f" + {j[-1]}" if j[-1] != j[0] else "")
        notes.append(f"beyond the table's last row: priced as jobs of {split} points (GAP-SC-20)")
    one, many = COUNTED.get(what, (str(what), str(what)))
    out["text"] = f"{points} {one if points == 1 else many}"
    out["time_text"] = days_text(out["days"]) if what == "structure" else hours_text(out["hours"])
    out["cost_text"] = credits(out["cost"])
    return out


def derive(data: dict, t: Tables) -> dict:
    """The derived keys of the repair rules (see schemas/starchasers-ship.v2.json)."""
    entries = play(data).get("repairs")
    entries = entries if isinstance(entries, list) else []
    repairs = [cost(r, t, i) for i, r in enumerate(entries) if isinstance(r, dict)]
    hours = sum(r["hours"] for r in repairs if r["what"] != "structure" and r["hours"] is not None)
    days = sum(r["days"] for r in repairs if r["days"] is not None)
    spent = sum(r["cost"] for r in repairs if r["cost"] is not None)
    parts = [x for x, on in ((hours_text(hours), hours), (days_text(days), days)) if on]
    return {"damage": damage(data), "destroyed": destroyed(data), "repairs": repairs, "repairs_spent": spent, "repairs_hours": hours,
            "repairs_days": days, "repairs_unpriced": sum(1 for r in repairs if r["cost"] is None),
            "repairs_total_text": f"{credits(spent)} over {len(repairs)} repair{'' if len(repairs) == 1 else 's'}"
                                  + (f"; {' + '.join(parts)} of work" if parts else "")}


def check(data: dict, derived: dict, t: Tables) -> list[Issue]:
    out: list[Issue] = []
    entries = play(data).get("repairs")
    if not isinstance(entries, list):
        return out
    costs = {r["index"]: r for r in derived.get("repairs", [])}
    reps = Reputability(t)
    regions = {g["key"] for g in t.pack["repair"]["structure"]["regions"]}
    for i, repair in enumerate(entries):
        if isinstance(repair, dict) and i in costs:
            out += check_one(data, repair, costs[i], f"/play/repairs/{i}", reps, regions)
    return out


def check_one(data: dict, repair: dict, c: dict, base: str, reps: Reputability, regions: set) -> list[Issue]:
    out: list[Issue] = []
    what, by, points, label = c["what"], c["by"], c["points"], c["what_label"]
    rule = RESTORE_RULE.get(what, "SC-REP-04")
    before = _int(repair.get("damage_before"))
    if before is not None and points > before:
        out.append(Issue(f"{base}/points", rule, ERROR,
                         f"This repair restores {points} {label} but there were only {before} points of damage "
                         f"to repair: a repair never restores more than the damage."))
    counter, rating_key, rating_label = PARTS.get(what, (None, None, ""))
    rating = _int(data.get(rating_key)) if rating_key else None
    if what == "structure" and rating and (points >= rating or (before is not None and before >= rating)):
        # SC-SCMB-13: damage that reached the Structure Points destroyed the ship, which no repair brings back
        out.append(Issue(f"{base}/points", "SC-SCMB-13", ERROR,
                         f"This repair was made on a destroyed ship: Structure damage that reaches the Structure "
                         f"Points ({rating}) destroys it, and a destroyed ship cannot be repaired, so a Structure "
                         f"repair restores at most {rating - 1}."))
    elif rating is not None and points > rating:
        out.append(Issue(f"{base}/points", rule, ERROR,
                         f"This repair restores {points} {label}, more than the ship's {rating_label} ({rating})."))
    if what == "hull" and by == "crew":
        hits = _int(repair.get("roll_hits"))
        if hits is None:
            out.append(Issue(f"{base}/roll_hits", "SC-REP-01", ERROR,
                             "A field hull repair restores the Hits of the Engineer's Deftness + Mechanics roll: "
                             "record the Hits rolled."))
        elif points > hits:
            out.append(Issue(f"{base}/points", "SC-REP-01", ERROR,
                             f"The Engineer's roll had {hits} Hits, so it restores at most {hits} Hull Points, "
                             f"not {points}."))
    if what == "structure":
        place: Any = repair.get("place")
        if place not in STRUCTURE_PLACES:
            out.append(Issue(f"{base}/place", "SC-REP-03", ERROR,
                             "Structure can be repaired only at a spaceport or a drydock "
                             f"(this repair was made {PLACES.get(place, 'with no place given')})."))
        elif by == "crew" and place != "drydock":
            out.append(Issue(f"{base}/place", "SC-REP-03", ERROR,
                             "The crew may repair Structure themselves only with access to a drydock; "
                             "at a spaceport a repair shop does it."))
        if by == "crew" and repair.get("hull_repair_tools") is not True:
            out.append(Issue(f"{base}/hull_repair_tools", "SC-REP-03", ERROR,
                             "The crew may repair Structure themselves only with Starship Hull Repair tools."))
    if by == "shop" and repair.get("reputability") not in reps.rows:
        given = repair.get("reputability")
        out.append(Issue(f"{base}/reputability", "SC-REP-04", ERROR,
                         (f'"{given}" is not a Reputability in the rules pack' if given else
                          "A repair shop's price depends on its Reputability or Disposition: choose it")
                         + f" ({', '.join(reps.label(k) for k in reps.rows)})."))
    if what == "structure" and by == "shop" and repair.get("region") not in regions:
        out.append(Issue(f"{base}/region", "SC-REP-04", ERROR,
                         "A Structure repair's price depends on where the repair bay is: choose its region."))
    if not c["jobs"] and what in WHAT and points:
        out.append(Issue(f"{base}/points", "SC-REP-04", WARNING,
                         f"The rules pack's {label} table has no row for {_pts(points)}, so this repair's "
                         f"{'price and time are' if what != 'structure' else 'price is'} left unknown."))
    return out

