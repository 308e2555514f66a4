"""What the Captain and First Mate pages offer: every power and item with what it would be for this figure
and, when it cannot be taken, why; the chosen powers and carried items with their pointer and status.

Read by the officer pages only (they compute no rule of their own). Built from the derived values and the
helpers `check` uses: equipment.py for items, powers.py for the power limits.
"""

from __future__ import annotations

from ..equipment import blockers, carried_items, slot_use
from ..powers import basic_count, lower_blocker, pick_blocker
from ..tables import ROLES, Tables, tables


def officer_offers(data: dict, derived: dict, pack) -> dict:
    """{role: {"powers", "chosen", "items", "carried", "choices"}} for each officer of the crew as founded."""
    t = tables(pack)
    d = derived.get("founded") or derived
    return {role: _officer(data[role], role, d[role], t) for role in ROLES
            if isinstance(data.get(role), dict) and isinstance(d.get(role), dict)}


def _officer(officer: dict, role: str, d: dict, t: Tables) -> dict:
    return {"powers": power_offers(officer, role, t), "chosen": chosen_powers(officer, role, d, t),
            "items": item_offers(officer, role, t), "carried": d["item_status"],
            "choices": choice_offers(officer, t)}


def power_offers(officer: dict, role: str, t: Tables) -> list[dict]:
    """Every power of the pack, the background's basic ones first (SG-BG-06), with the activation it would
    have for this figure (SG-CAPT-05, SG-FM-03) and whether it can be taken now (`fits`, `reason`)."""
    bg_name = t.canonical_background(officer.get("background"))
    # what the offers depend on: the figure, its background and which power is chosen at which place
    names = tuple(t.canonical_power(e.get("name")) if isinstance(e, dict) else False
                  for e in officer.get("powers", []))
    return t.remembered("power_offers", (role, bg_name, names), lambda: _power_offers(names, role, bg_name, t))


def _power_offers(names: tuple, role: str, bg_name: str | None, t: Tables) -> list[dict]:
    entries = [n for n in names if n is not False]
    chosen: dict[str | None, int] = {}
    for i, name in enumerate(names):
        if name is not False:
            chosen.setdefault(name, i)
    basic_now = basic_count([n for n in chosen if n], bg_name, t)
    # the answer depends only on (chosen, basic): asked four times, not once per power
    blocks = {(c, b): pick_blocker(c, b, len(entries), basic_now, role, bool(bg_name), t)
              for c in (False, True) for b in (False, True)}
    out = []
    for p in t.pack["powers"]:
        basic = t.is_basic(p, bg_name)
        at = chosen.get(p["name"])
        rule, reason = blocks[at is not None, basic]
        out.append({"name": p["name"], "rulebook_name": p.get("rulebook_name", p["name"]),
                    "category": p["category"], "fatigue": p["fatigue"], "base_activation": p["activation"],
                    "activation": t.activation(p, role, basic), "basic": basic, "chosen": at is not None,
                    "chosen_at": at, "pointer": f"/{role}/powers/{at}" if at is not None else "",
                    "fits": not reason, "rule": rule, "reason": reason, "summary": p.get("summary", "")})
    out.sort(key=lambda o: (not o["basic"], o["name"]))
    return out


def chosen_powers(officer: dict, role: str, d: dict, t: Tables) -> list[dict]:
    """One entry per chosen power, in order, with its pointer, numbers and whether it may be lowered by 1."""
    by_pointer = {p["pointer"]: p for p in d["powers"]}
    lowered = sum(1 for p in d["powers"] if p["reduced"])
    out = []
    for i, entry in enumerate(officer.get("powers", [])):
        pointer = f"/{role}/powers/{i}"
        p = by_pointer.get(pointer)
        raw = entry.get("name", "") if isinstance(entry, dict) else ""
        row = {"pointer": pointer, "name": p["name"] if p else raw, "known": p is not None,
               "reduced": bool(p and p["reduced"]), "asked": bool(isinstance(entry, dict) and entry.get("reduced"))}
        if p:
            row.update(activation=p["activation"], fatigue=p["fatigue"], basic=p["basic"],
                       category=p["category"], derivation=p["derivation"])
        row["lower_reason"] = lower_blocker(p, lowered, role, t)
        out.append(row)
    return out


def item_offers(officer: dict, role: str, t: Tables) -> list[dict]:
    """Every General Equipment List item with the slots it would take for this figure now and, if it cannot
    be added, why (SG-EQ-02/03/09, the same `blockers` the carried statuses use)."""
    carried = tuple(t.canonical_item(x) for x in officer.get("items", []))   # all the offers depend on
    return t.remembered("item_offers", (role, carried), lambda: _item_offers(officer, role, t))


def _item_offers(officer: dict, role: str, t: Tables) -> list[dict]:
    fig = t.figures[role]
    slotted, _ = carried_items(officer, t)
    free = fig["item_slots"] - sum(slot_use(slotted))
    out = []
    first_free = {i["name"] for i in slotted if i.get("officer_first_free")}
    for item in t.pack["items"]:
        slots = slot_use([item])[0] if item["name"] not in first_free else item["slots"]  # SG-EQ-04
        blocks = blockers(item, slotted, t.crew["max_armours"])
        if item.get("one_item_for_all_names") and any(i["name"] == item["name"] for i in slotted):
            # SG-EQ-05: grenades are one item whatever kind is thrown: another listing adds nothing
            blocks = [("SG-EQ-05", "already carried: one slot holds every kind")] + blocks
        if not blocks and slots and slots > free:
            blocks = [("SG-EQ-02", f"needs {slots} slot{'s' if slots != 1 else ''}, {max(free, 0)} free")]
        rule, reason = blocks[0] if blocks else ("", "")
        out.append({"name": item["name"], "rulebook_name": item.get("rulebook_name", item["name"]),
                    "kind": item["kind"], "slots": slots, "fits": not blocks, "rule": rule, "reason": reason,
                    "notes": item.get("notes", "")})
    return out


def choice_offers(officer: dict, t: Tables) -> dict:
    """The background's "+1 to N of" picks (SG-BG-04): what is offered, how many, and what is ticked."""
    bg = t.backgrounds.get(t.canonical_background(officer.get("background")) or "")
    chosen = [c for c in officer.get("choices", []) if isinstance(c, str)]
    offered = list(bg["choose_from"]) if bg else []
    return {"background": bg["name"] if bg else "", "offered": offered, "choose": bg["choose"] if bg else 0,
            "chosen": list(dict.fromkeys(chosen)), "not_offered": [c for c in dict.fromkeys(chosen) if c not in offered]}
