"""The campaign state between games: what the replay carries from one game to the next.

Plain data only (numbers, text, lists, dicts), so two states compare with == and a state is cheap to copy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tables import ROLES
from .rules import CampaignRules


@dataclass
class CampaignState:
    games: int = 0                # game records replayed
    xp_earned: int = 0            # every XP the crew earned (game XP and Information sold for XP)
    xp_spent: int = 0             # XP paid for levels
    credits: int = 0
    stash: list[dict] = field(default_factory=list)        # {"name", "slots", "value", "kind"}
    officers: dict[str, dict] = field(default_factory=dict)
    # role -> {"level", "items" (names), "finds" (finds carried), "items_at" (pointer of the record that set
    #          the items), "improved" {key: n}, "powers" [{name activation base_activation fatigue basic
    #          category learned derivation}]}
    soldiers: list[dict] = field(default_factory=list)
    # {"id", "name", "type", "robot", "shotgun", "armour_trade" (SG-SOLD-14), "find" (the find in its slot or None),
    #  "injured", "at"}
    used_ids: list[str] = field(default_factory=list)

    @property
    def xp_unspent(self) -> int:
        return self.xp_earned - self.xp_spent

    def soldier(self, sid) -> dict | None:
        return next((s for s in self.soldiers if s["id"] == sid and sid is not None), None)

    def copy(self) -> CampaignState:
        return CampaignState(
            self.games, self.xp_earned, self.xp_spent, self.credits, [dict(f) for f in self.stash],
            {r: {**o, "items": list(o["items"]), "finds": [dict(f) for f in o["finds"]], "improved": dict(o["improved"]),
                 "powers": [{**p, "derivation": [list(x) for x in p["derivation"]]} for p in o["powers"]]}
             for r, o in self.officers.items()},
            [{**s, "find": dict(s["find"]) if s["find"] else None} for s in self.soldiers],
            list(self.used_ids))


def founded_state(data: dict, founded: dict, rules: CampaignRules) -> CampaignState:
    """The crew as founded (the version 1 fields), before its first game."""
    state = CampaignState(credits=founded["credits_left"])
    for role in ROLES:
        officer = officer if isinstance(officer := data.get(role), dict) else {}
        d = founded.get(role, {})
        state.officers[role] = {
            "level": rules.start_level[role], "items": [i for i in officer.get("items", []) if isinstance(i, str)],
            "finds": [], "items_at": f"/{role}/items", "improved": {},
            "powers": [{**p, "learned": False, "derivation": [list(x) for x in p["derivation"]]}
                       for p in d.get("powers", [])]}
    for i, s in enumerate(data.get("soldiers", [])):
        if not isinstance(s, dict):
            continue
        sid = s.get("id") if isinstance(s.get("id"), str) else None
        state.soldiers.append({"id": sid, "name": s.get("name", ""), "type": s.get("type"), "robot": bool(s.get("robot")),
                               "shotgun": bool(s.get("shotgun")), "armour_trade": bool(s.get("armour_trade")),
                               "find": None, "injured": False,
                               "at": f"/soldiers/{i}"})
        if sid is not None:
            state.used_ids.append(sid)
    return state
