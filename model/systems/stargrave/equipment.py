"""An officer's equipment rules in one place: what each carried item uses and whether it may be carried.

`derive` keeps one status per carried entry (`carried_status`), `check` turns those statuses into issues and
the offers (offers/officers.py) ask `blockers` why an item could not be added: the one-armour rule, the
not-at-creation rule and the shield's bar on heavy weapons are decided here only.
"""

from __future__ import annotations

from ...wording import count_word
from .tables import Tables

CAMPAIGN_ONLY = "a campaign find, not chosen at creation"


def carried_items(officer: dict, t: Tables) -> tuple[list[dict], list[dict]]:
    """(items in slots, items built into other items) as pack entries; unknown names are skipped."""
    # SG-EQ-05: an officer's Grenades are one item (one slot) for both kinds; SG-EQ-06: a grenade launcher and
    # SG-EQ-07: assault armour bring their built-in items (`includes`), which use no slot
    slotted = [t.items[n] for n in _counted_names(officer, t) if n]
    built_in = [t.items[n] for i in slotted for n in i.get("includes", []) if n in t.items]
    return slotted, built_in


def _counted_names(officer: dict, t: Tables) -> list[str | None]:
    """The canonical name of each carried entry that counts as an item: an item marked one_item_for_all_names
    (Grenades: fragmentation and smoke, SG-EQ-05) counts once however many of its names are listed."""
    out: list[str | None] = []
    for raw in officer.get("items", []):
        name = t.canonical_item(raw)
        if name and t.items[name].get("one_item_for_all_names") and name in out:
            continue
        out.append(name)
    return out


def slot_use(items: list[dict]) -> list[int]:
    """Slots each item uses for an officer: the first of a kind marked officer_first_free is free (SG-EQ-04)."""
    seen_free: set[str] = set()
    out = []
    for item in items:
        if item.get("officer_first_free") and item["name"] not in seen_free:
            seen_free.add(item["name"])
            out.append(0)
        else:
            out.append(item["slots"])
    return out


def blockers(item: dict, carried: list[dict], max_armours: int) -> list[tuple[str, str]]:
    """Every (rule, reason) that keeps `item` from being carried beside `carried` (pack entries); [] if none.
    `max_armours`: how many armours a figure may wear (the pack's crew.max_armours)."""
    out = []
    if item.get("at_creation") is False:
        # SG-EQ-09: a shield (and anything else marked so) is a campaign find, never chosen at creation
        out.append(("SG-EQ-09", CAMPAIGN_ONLY))
    armours = [i["name"] for i in carried if i["kind"] == "armour"]
    if item["kind"] == "armour" and len(armours) >= max_armours:
        # SG-EQ-03: one type of armour at a time (the pack's number)
        out.append(("SG-EQ-03", f"only {count_word(max_armours)} armour: {' and '.join(armours)} "
                                f"{'is' if len(armours) == 1 else 'are'} worn"))
    # SG-EQ-09: a shield bars weapons of its bars_weapon_slots or more, whichever of the two comes first
    for shield, weapon in [(i, item) for i in carried] + [(item, i) for i in carried]:
        bar = shield.get("bars_weapon_slots")
        if bar and weapon["kind"] == "weapon" and weapon["slots"] >= bar:
            out.append(("SG-EQ-09", f"{weapon['name']} cannot be carried with a {shield['name'].lower()}"))
            break
    return out


def carried_status(officer: dict, role: str, t: Tables, base: str = "") -> list[dict]:
    """One entry per carried item, in order: pointer, name, known, kind, slots used, fits, rule, reason.

    An item is judged against the items before it, so the first armour is worn and a second one is not;
    items past the slot limit (SG-EQ-02) say how many slots would then be used."""
    limit = t.figures[role]["item_slots"]
    seen: list[dict] = []
    used = 0
    out = []
    for i, raw in enumerate(officer.get("items", [])):
        name = t.canonical_item(raw)
        pointer = f"{base}/items/{i}"
        if not name:
            out.append({"pointer": pointer, "name": raw, "known": False, "kind": "", "slots": 0, "fits": False,
                        "rule": "SG-CAPT-09" if role == "captain" else "SG-FM-07",
                        "reason": "not on the General Equipment List", "blocks": []})
            continue
        item = t.items[name]
        if item.get("one_item_for_all_names") and any(x["name"] == name for x in seen):
            # SG-EQ-05: the second name of one item (grenades: fragmentation and smoke) is the same slot
            out.append({"pointer": pointer, "name": name, "known": True, "kind": item["kind"], "slots": 0,
                        "fits": True, "rule": "SG-EQ-05", "blocks": [],
                        "reason": f"one item with the {name} above: one slot holds every kind"})
            continue
        slots = slot_use(seen + [item])[-1]
        used += slots
        blocks = blockers(item, seen, t.crew["max_armours"])
        if slots and used > limit:
            blocks.append(("SG-EQ-02", f"does not fit: {used} of {limit} slots would be used"))
        seen.append(item)
        rule, reason = blocks[0] if blocks else ("", "")
        out.append({"pointer": pointer, "name": name, "known": True, "kind": item["kind"], "slots": slots,
                    "fits": not blocks, "rule": rule, "reason": reason, "blocks": blocks})
    return out
