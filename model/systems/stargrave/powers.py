"""The power limits of an officer at creation, in one place: how many basic powers are chosen, and why a
power could not be picked or lowered now. `check` reports the same limits on the document as it is."""

from __future__ import annotations

from .tables import Tables


def basic_count(names: list[str], background: str | None, t: Tables) -> int:
    """How many different chosen powers (canonical names) are basic for the background."""
    return sum(1 for n in dict.fromkeys(names) if n in t.powers and t.is_basic(t.powers[n], background))


def power_rule(role: str, captain: str, first_mate: str) -> str:
    return captain if role == "captain" else first_mate


def pick_blocker(chosen: bool, basic: bool, n: int, basic_now: int, role: str, has_background: bool,
                 t: Tables) -> tuple[str, str]:
    """(rule, reason) when a power may not be added to an officer with `n` powers, `basic_now` of them basic."""
    fig = t.figures[role]
    want, lo, hi = fig["powers"], fig["basic_powers_min"], fig["basic_powers_max"]
    if chosen:  # SG-CAPT-04: no power twice
        return "SG-CAPT-04", "already chosen: a power is taken only once"
    if n >= want:  # SG-CAPT-03, SG-FM-02: exactly `want` powers
        return power_rule(role, "SG-CAPT-03", "SG-FM-02"), f"the {fig['label']} has {n} of {want} powers"
    if has_background and basic and basic_now >= hi:  # SG-CAPT-03, SG-FM-02: at most `hi` basic
        return power_rule(role, "SG-CAPT-03", "SG-FM-02"), f"{basic_now} basic powers chosen, the most allowed"
    if has_background and not basic and want - n <= lo - basic_now:  # SG-CAPT-02, SG-FM-02: at least `lo` basic
        return (power_rule(role, "SG-CAPT-02", "SG-FM-02"),
                f"the {want - n} power{'s' if want - n != 1 else ''} left must be basic (at least {lo})")
    return "", ""


def lower_blocker(power: dict | None, lowered: int, role: str, t: Tables) -> str:
    """Why this chosen power (its derived entry) may not be lowered by 1 now; "" if it may (or already is)."""
    fig = t.figures[role]
    allowed, floor = fig["creation_reductions"], t.crew["activation_floor"]
    if power is None:
        return "not a power in the rules pack"
    if not allowed:  # SG-FM-04: no creation reductions for the First Mate (the pack's choice)
        return f"the {fig['label']} lowers no powers at creation"
    if power["reduced"]:
        return ""
    if lowered >= allowed:  # SG-CAPT-06: at most `allowed` different powers
        return f"{lowered} of {allowed} powers are already lowered"
    if power["activation"] - 1 < floor:  # SG-CAPT-06: never below the floor
        return f"cannot go below activation {floor}"
    return ""
