"""What can be mounted on a Starchasers ship, and why the rest cannot (Result.offers of `starchasers-ship`).

Computed inside evaluate from the derived values check uses (ship_derive): the pages, the meter and the
sheet read these and decide nothing themselves.

- `hard_points`: total, used, free, the shares past the limit and the meter's words (SC-SHIP-07/08/09).
- `mounts`: one entry per weapon and equipment entry, with its pointer, its share, whether it fits and why not.
- `add`: what a new entry of each list would get (a blank entry always fits: its hard points are not set).
- `presets`: every common ship type with its values and whether this ship's weapons and equipment fit on it.
- `choices`: the values the pack lists for a weapon's skill, arc, damage type and rarity (suggestions: an
  exotic skill may be typed, SC-SWPN-02).
- `stations`: each crew station with who is linked and whether it can be unlinked.
- `repair`: the repair form's choices (SC-REP): each part's damage, who, where, regions, Reputability rows.
"""

from __future__ import annotations

from ..tables import Tables, signed, tables


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def mount_reason(share: dict, free_before: int) -> str:
    """Why a share does not fit (or what it needs), in words; "" when it fits."""
    hp, past = share["hard_points"], share["past_limit"]
    if hp is None:
        return "its hard points are not set yet"
    if hp < 0:
        return f"{hp} hard points: hard points required cannot be negative"
    if past:
        return (f"needs {_plural(hp, 'hard point')}, {_plural(past, 'hard point')} past the limit "
                f"({max(free_before, 0)} free before it)")
    return ""


def mounts(derived: dict) -> list[dict]:
    """SC-SHIP-09: each weapon's and equipment's share with its status, in document order."""
    out, total = [], derived["hard_points_total"]
    for s in derived["hard_points_shares"]:
        free_before = total - (s["end"] - s["counted"])
        out.append({"pointer": s["pointer"], "list": "weapons" if s["kind"] == "weapon" else "equipment",
                    "kind": s["kind"], "name": s["name"], "hard_points": s["hard_points"], "counted": s["counted"],
                    "past_limit": s["past_limit"], "status": s["status"], "fits": s["status"] == "fits",
                    "reason": mount_reason(s, free_before)})
    return out


def meter(derived: dict) -> dict:
    """The hard-point meter: the numbers, the shares past the end and the sentence under the bar."""
    d = derived
    total, used = d["hard_points_total"], d["hard_points_used"]
    over = used - total
    past = [(s["name"] or s["kind"], s["past_limit"]) for s in d["hard_points_shares"] if s["past_limit"]]
    words = f"{used} of {total} used ({d['hard_points_base'] or 0} base + {d['hard_points_added']} added); "
    if over > 0:
        names = " and ".join(f"{name} ({n})" for name, n in past)
        words += (f"{over} over the limit: {_plural(over, 'hard point')} too many. "
                  f"Past the end: {names}. Free {over} or add hard points.")
    else:
        words += f"{d['hard_points_free']} free"
    return {"total": total, "used": used, "free": d["hard_points_free"], "over": max(over, 0), "past_limit": past,
            "words": words}


def presets(data: dict, derived: dict, t: Tables) -> list[dict]:
    """Every common ship type: its values (as the picker shows them) and whether what is installed fits on it."""
    used, added = derived["hard_points_used"], derived["hard_points_added"]
    out = []
    for st in t.ship_types:
        room = st["hard_points"] + added
        fits = used <= room
        out.append({"name": st["name"], "current": st["name"] == data.get("preset"),
                    "label": f"{st['name']}  (hull {st['hull_points']}, maneuverability "
                             f"{signed(st['maneuverability'])}, hard points {st['hard_points']})",
                    "hard_points": st["hard_points"], "fits": fits,
                    "reason": "" if fits else (f"weapons and equipment need {used} hard points; "
                                               f"{st['name']} has room for {room}")})
    return out


def stations(data: dict, derived: dict, t: Tables) -> list[dict]:
    """SC-SHIP-26: each station of the pack, who is linked there (and what the link gives), or that no one is."""
    found = {c["station"]: c for c in derived.get("crew", [])}
    out = []
    for key, st in ((s["key"], s) for s in t.ship.get("stations", [])):
        c = found.get(key)
        out.append({"station": key, "label": st["label"], "overlay": bool(st.get("overlay")),
                    "linked": c is not None, "status": c["status"] if c else None,
                    "pointer": f"/crew/{key}", "text": station_text(key, c), "ok": c is None or c["status"] == "ok"})
    return out


def station_text(key: str, c: dict | None) -> str:
    if c is None:
        return "no one linked" + {"pilot": ": Dodge and Initiative use the pilot's dice entered below",
                                  "gunner": ": attack pools use the gunner's dice entered below"}.get(key, "")
    if c["status"] != "ok":
        return c.get("problem") or c["message"]
    pools = []
    for p in c["pools"].values():
        if p["passive_defense"] is not None and p["total"] is not None:
            pools.append(f"{p['label']} {p['total']}")
        else:
            pools.append(f"{p['label']} {'–' if p['dice'] is None else p['dice']}")
    return f"{c['name']}  ({c['file']})" + (f": {' · '.join(pools)}" if pools else "")


def offers(data: dict, derived: dict, pack) -> dict:
    t = tables(pack)
    if not derived:
        return {}
    free = derived["hard_points_free"]
    return {
        "hard_points": meter(derived),
        "mounts": mounts(derived),
        "add": {name: {"fits": True, "free": free,
                       "reason": f"a new {word} starts with its hard points not set; {max(free, 0)} free"}
                for name, word in (("weapons", "weapon"), ("equipment", "equipment entry"))},
        "presets": presets(data, derived, t),
        "choices": dict(t.weapon_field_choices),
        "stations": stations(data, derived, t),
        "repair": repair_choices(derived, t),
    }


def repair_choices(derived: dict, t: Tables) -> dict:
    """SC-REP: what the repair form offers: each part with its damage (how many points a repair may restore),
    who may repair, the places, the regions of a structure bay and the shops' Reputability/Disposition rows."""
    from . import repair
    rep = t.pack["repair"]
    reps = repair.Reputability(t)
    dmg = derived.get("damage", {})
    return {"what": [{"key": k, "label": label, "damage": dmg.get(k, {}).get("damage", 0),
                      "max_points": dmg.get(k, {}).get("damage", 0)} for k, label in repair.WHAT.items()],
            "by": [{"key": k, "label": label} for k, label in repair.BY.items()],
            "places": [{"key": k, "label": label, "structure": k in repair.STRUCTURE_PLACES}
                       for k, label in repair.PLACES.items()],
            "regions": [{"key": g["key"], "label": g["label"]} for g in rep["structure"]["regions"]],
            "reputability": [{"key": k, "label": reps.label(k), "modifier": r["modifier"]}
                             for k, r in reps.rows.items()],
            "default_reputability": next((k for k, r in reps.rows.items() if r["modifier"] == 1),
                                         next(iter(reps.rows))),
            "can_undo": bool(derived.get("repairs"))}


def repair_target(choices: dict, current: str | None = None) -> dict | None:
    """SC-REP: the part the repair form offers (an entry of `repair_choices(...)["what"]`, with its `damage`: the
    points a repair of it restores at most, which the form starts at). The part chosen while it still carries
    damage; else the next part after it that does (in the form's order, round again), so a part just repaired
    gives way to the next damaged one; else the part chosen (or the first) when nothing is damaged."""
    parts = choices.get("what", [])
    if not parts:
        return None
    keys = [p["key"] for p in parts]
    start = keys.index(current) if current in keys else 0
    for step in range(len(parts)):
        part = parts[(start + step) % len(parts)]
        if part["damage"] > 0:
            return part
    return parts[start]


def catalog_entries(catalog: dict, derived: dict) -> list[dict]:
    """The entries of the player's catalogue (a file the page has open) as offers for this ship: each with the
    hard points it would take and whether they are free (SC-SHIP-09)."""
    return [{k: v for k, v in e.items() if k not in ("source", "from")}
            for e in defined_elsewhere([("", catalog)], derived)]


def defined_elsewhere(sources: list[tuple[str, dict]], derived: dict) -> list[dict]:
    """Weapons and equipment defined elsewhere, offered for this ship (GAP-SC-10: the rules list none, so they
    come only from what the player defined): each source is (where, holder), the holder a catalogue or another
    ship's document (both keep `weapons` and `equipment` lists of entries of one shape), `where` the words that
    say which ("" for one catalogue alone). Each named entry once per source, with `source` (its index), the
    hard points it would take and whether they are free on this ship (SC-SHIP-09)."""
    free = derived.get("hard_points_free", 0) if derived else 0
    out = []
    for n, (where, holder) in enumerate(sources):
        for listname in ("weapons", "equipment"):
            word = "weapon" if listname == "weapons" else "equipment"
            entries = holder.get(listname) if isinstance(holder, dict) else None
            seen = set()
            for e in entries if isinstance(entries, list) else []:
                name = str(e.get("name") or "").strip() if isinstance(e, dict) else ""
                if not name or name.casefold() in seen:
                    continue   # an entry with no name yet cannot be picked by name; a repeated name once
                seen.add(name.casefold())
                hp = e.get("hard_points")
                fits = not isinstance(hp, int) or hp <= free
                out.append({"source": n, "from": where, "list": listname, "name": name, "hard_points": hp,
                            "fits": fits,
                            "label": f"{name} ({word}, {'?' if hp is None else hp} hard points"
                                     + ("" if fits else f"; only {max(free, 0)} free") + ")"
                                     + (f" · {where}" if where else ""),
                            "reason": "" if fits else f"needs {hp} hard points; {max(free, 0)} free"})
    return out
