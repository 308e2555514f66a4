"""A Starchasers character at the table: Hit Points, Motivation and Stress.

Motivation is 0 at the start of each session and what is left at its end becomes bonus XP (SC-CHAR-16);
damage that lowers Hit Points gives +2 Motivation (SC-CHAR-18) and 1 Motivation recovers from a KO at 0 Hit
Points (SC-CHAR-17). Stress comes from the Dark Side and from ship System Damage (SC-CHAR-29).
"""

from __future__ import annotations

from . import Group, Track, stored


def groups(data: dict, derived: dict, pack) -> list[Group]:
    hp = data.get("hit_points")
    if not isinstance(hp, int) or isinstance(hp, bool) or hp <= 0:
        return []
    tracks = (
        Track("/play/hp_lost", "Hit Points", "SC-CHAR-17", hp, True, stored(data, "/play/hp_lost"), "track",
              "Damage lowers Hit Points (and gives +2 Motivation, SC-CHAR-18). At 0 the character is knocked "
              "out; 1 Motivation brings them back at 1 Hit Point (SC-CHAR-17)."),
        Track("/play/motivation", "Motivation", "SC-CHAR-16", None, False, stored(data, "/play/motivation"),
              "counter", "0 at the start of each session; spent on dice, abilities, Force Powers and Reactions "
              "(SC-CHAR-17). What is left at the session's end becomes bonus XP, 1 for 1 (SC-CHAR-16)."),
        Track("/play/stress", "Stress", "SC-CHAR-29", None, False, stored(data, "/play/stress"), "counter",
              "Stress from the Dark Side and from ship System Damage effects (SC-CHAR-29)."),
    )
    name = str(data.get("name") or "").strip() or "Character"
    status = "Knocked out (SC-CHAR-17)" if tracks[0].at_zero else ""
    return [Group("character", name, tracks, status)]
