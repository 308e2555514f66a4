"""Star Frontiers at the table: Stamina and the shots and grenades a character carries.

Stamina starts at the character's STA; at 0 or less the character is unconscious for the rest of the game
(SF-PLAY-16). Each weapon's shots are counted down from what its carried ammunition holds (the derived
`shots`: loads carried x shots per load, SF-PLAY-18); an empty weapon cannot fire. Grenades are crossed off
as they are thrown.
"""

from __future__ import annotations

from .. import pointer as jp
from . import Group, Track, stored

STAMINA = "/play/stamina_lost"


def groups(data: dict, derived: dict, pack) -> list[Group]:
    sta = derived.get("stamina")
    if not isinstance(sta, int) or sta <= 0:
        return []
    tracks = [Track(STAMINA, "Stamina", "SF-PLAY-16", sta, True, stored(data, STAMINA), "track",
                    "Damage takes Stamina off; at 0 the character is unconscious for the rest of the game and "
                    "dies without a Staydose (SF-PLAY-16).")]
    for w in derived.get("weapons") or []:
        shots, name = w.get("shots"), w.get("name")
        if not isinstance(shots, int) or shots <= 0 or not isinstance(name, str):
            continue
        ptr = jp.child("/play/shots", name)
        per = w.get("shots_per_load")
        tip = (f"{shots} shots in the {w.get('ammo_carried')} {w.get('ammo')} carried"
               + (f" ({per} a load)" if per else "") + ". Shots are tracked and an empty weapon cannot fire; "
               "a reload takes a turn (SF-PLAY-18).")
        tracks.append(Track(ptr, f"{name} shots", "SF-PLAY-18", shots, True, stored(data, ptr), "supply", tip))
    for g in derived.get("grenades") or []:
        count, name = g.get("count"), g.get("name")
        if not isinstance(count, int) or count <= 0 or not isinstance(name, str):
            continue
        ptr = jp.child("/play/grenades", name)
        tracks.append(Track(ptr, name, "SF-PLAY-18", count, True, stored(data, ptr), "supply",
                            "Crossed off when thrown: a grenade is used up (tracked like shots, SF-PLAY-18)."))
    name = str(data.get("name") or "").strip() or "Character"
    status = "Unconscious (SF-PLAY-16)" if tracks[0].at_zero else ""
    return [Group("character", name, tuple(tracks), status)]
