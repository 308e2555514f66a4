"""The crew now: the creation derive of the crew as the games left it, plus what the levels changed.

Reuses the creation derive (derive.py) for the profiles, powers, slots and soldiers, so the crew now is
computed the same way as the crew as founded; then adds the level improvements, the learned and reduced
powers, the finds carried, the soldiers' ids, items and injuries, and the campaign summary.
"""

from __future__ import annotations

from typing import Any

from .. import derive as _derive
from ..tables import ROLES, Tables
from .replay import Campaign
from .rules import campaign_rules
from .state import CampaignState


def crew_now(data: dict, state: CampaignState, t: Tables, unplayed: dict | None = None) -> dict:
    """The derived crew for a campaign state (the final one, or any state the replay kept). `unplayed`: the
    creation derive of the crew as founded, when `state` is the founded state itself (no game played): the
    crew now starts from a copy of it instead of deriving the same crew again."""
    if unplayed is not None:
        out = {**unplayed, **{r: dict(unplayed[r]) for r in ROLES if r in unplayed},
               "soldiers": [dict(s) for s in unplayed["soldiers"]]}
    else:
        doc: dict[str, Any] = {"soldiers": [{"type": s["type"], "robot": s["robot"], "shotgun": s["shotgun"],
                             "armour_trade": s.get("armour_trade", False)} for s in state.soldiers]}
        for role in ROLES:
            officer = officer if isinstance(officer := data.get(role), dict) else {}
            o = state.officers[role]
            carried_finds = {f["name"] for f in o["finds"] if not t.canonical_item(f["name"])}
            doc[role] = {**officer, "items": [n for n in o["items"] if n not in carried_finds]}
        out = _derive.derive(doc, t)
    for role in ROLES:
        d, o = out[role], state.officers[role]
        d["level"] = o["level"]
        for key, n in o["improved"].items():   # SG-CAMP-15: improvements raise the real value
            d["base_profile"][key] += n
            d["profile"][key] += n
            d["derivation"][key].append(["level improvements", n])
        d["powers"] = [dict(p.items()) for p in o["powers"]]
        for f in o["finds"]:
            if not t.canonical_item(f["name"]):
                d["item_slots"].append({"name": f["name"], "slots": f["slots"]})
                d["slots_used"] += f["slots"]
                d["carried"].append(f["name"])
    divisor = campaign_rules(t).survival["injured_health_divisor"]
    for d, s in zip(out["soldiers"], state.soldiers):
        health = d.get("profile", {}).get("health")
        d.update(id=s["id"], name=s["name"], item=s["find"]["name"] if s["find"] else None, injured=s["injured"], at=s["at"],
                 # SG-CAMP-06: a seriously injured soldier starts the next game at half Health, rounded down
                 health_now=(health // divisor if s["injured"] else health) if health is not None else None)
    return out


def campaign_summary(result: Campaign) -> dict:
    s = result.final
    return {"games": s.games, "xp_earned": s.xp_earned, "xp_spent": s.xp_spent, "xp_unspent": s.xp_unspent,
            "credits": s.credits, "stash": [f["name"] for f in s.stash],
            "stash_items": [{"name": f["name"], "slots": f["slots"], "value": f["value"]} for f in s.stash],
            "game_xp": [h["game_xp"] for h in result.history],
            "injured": [x["id"] for x in s.soldiers if x["injured"]],
            "history": result.history}
