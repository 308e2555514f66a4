"""Star Frontiers at the table: Stamina and the shots and grenades a character carries.

Stamina starts at the character's STA; at 0 or less the character is unconscious for the rest of the game
(SF-PLAY-16). Stamina may go under 0 (DECISIONS.md) and how far is kept: after the adventure a hospital heals
every point lost, at the pack's price a point (SF-PLAY-19), shown beside the track while any is lost. Each
weapon's shots are counted down from what its carried ammunition holds (the derived `shots`: loads carried x
shots per load, SF-PLAY-18); an empty weapon cannot fire. Grenades are crossed off as they are thrown.
"""

from __future__ import annotations

from .. import pointer as jp
from ..issues import INFO, Issue
from . import Group, Track, stored

STAMINA = "/play/stamina_lost"


def groups(data: dict, derived: dict, pack) -> list[Group]:
    sta = derived.get("stamina")
    if not isinstance(sta, int) or sta <= 0:
        return []
    # SF-PLAY-16: "0 or less", so Stamina may go under 0 (below)
    tracks = [Track(STAMINA, "Stamina", "SF-PLAY-16", sta, True, stored(data, STAMINA), "track",
                    "Damage takes Stamina off; at 0 or less the character is unconscious for the rest of the game "
                    "and dies without a Staydose (SF-PLAY-16). How far under 0 is kept: a hospital heals every "
                    "point lost (SF-PLAY-19).", below=True)]
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
    lost = tracks[0].stored
    facts = (("Hospital", hospital_words(lost, pack)),) if lost else ()
    return [Group("character", name, tuple(tracks), status, (), facts)]


def hospital_cost(lost: int, pack) -> int:
    """SF-PLAY-19: a hospital heals every Stamina point lost (under 0 too) at the pack's price a point."""
    return lost * pack.data["hospital"]["credits_per_stamina"]


def hospital_words(lost: int, pack) -> str:
    return f"healing {lost} STA costs {hospital_cost(lost, pack):,} Cr (SF-PLAY-19)"


def issues(data: dict, derived: dict, pack, groups_) -> list[Issue]:
    """Under 0 Stamina the hospital bill says how far (SF-PLAY-19): information, with the unconscious state."""
    groups_ = groups_ if groups_ is not None else groups(data, derived, pack)
    t = groups_[0].tracks[0] if groups_ else None
    if t is None or t.stored <= t.maximum:
        return []
    return [Issue(t.pointer, "SF-PLAY-19", INFO,
                  f"{groups_[0].title}: after the adventure a hospital heals the {t.stored} Stamina lost, "
                  f"{t.stored - t.maximum} of them under 0, for {hospital_cost(t.stored, pack):,} Cr; "
                  "it may be owed until the character can pay.")]
