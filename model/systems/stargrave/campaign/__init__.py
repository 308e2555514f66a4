"""Stargrave campaigns (RULES.md 1.8-1.9, DESIGN.md "crew file, version 2"): the crew now is derived by
replaying the recorded games in order; nothing derived is stored. Model only, no Qt.

Public API (what the builder, the sheet and the command line call):

- `replay(data, pack, keep_states=False) -> Campaign`: replays every game of a crew document.
  `Campaign.final` is the CampaignState after the last game; `Campaign.history` has one dict per game
  (index, title, date, upkeep, out_of_action, survival [{who name roll result}], xp (see xp_for_game),
  game_xp, info_xp, levels [{officer label level upgrade did}], loot [{table roll label credits (xp)}],
  after [words], temporary [words: who played this game only, SG-CREW-08], credits_in, credits_out, and the running totals after it: xp_earned, xp_spent,
  xp_unspent, credits, levels_now {captain, first_mate}, stash); `Campaign.issues` lists every Issue
  found on the way, each pointing into the record at fault; with keep_states, `Campaign.states` is
  [the state as founded, after game 1, after game 2, ...]. A replay resumes after the games an edit left as
  they were (replay.py): what it hands out, except `final`, is shared with later replays and read-only.
- `CampaignState`: games, xp_earned, xp_spent, xp_unspent, credits, stash [{name slots value kind}],
  officers {role: {level items finds items_at improved powers}}, soldiers [{id name type robot shotgun
  find injured at}], used_ids. Plain data: compare with ==, copy with .copy().
- `crew_now(data, state, t) -> dict`: the derived crew (the same keys as `derive`) for any state.
- `xp_for_game(xp, out_of_action, rules) -> dict`: a game's XP: parts [{key label count each raw xp cap
  capped}], bonus, before_cap, cap, capped (the 300 cap bit), total, derivation (words).
- `rules_for(pack) -> CampaignRules`, whose methods are the table look-ups:
  `upgrade_for_level(n) -> ["reduce"] | ["improve"] | ["learn", "improve"]...`,
  `survival_outcome(roll, officer=False) -> {from to result effect} | None`,
  `loot_result(table, roll) -> {from to kind credits|multiplier|table label offers} | None`.
- `dice`: a seeded roller (`dice.generator(seed)`) whose `roll_*_edit` functions return the edit that
  records a roll in a game (rolling changes nothing except through that edit).
"""

from __future__ import annotations

from ..tables import tables
from .now import campaign_summary, crew_now
from .replay import Campaign, games_of, replay
from .rules import CampaignRules, campaign_rules
from .state import CampaignState
from .xp import xp_for_game


def rules_for(pack) -> CampaignRules:
    return campaign_rules(tables(pack))


__all__ = ["replay", "Campaign", "CampaignState", "CampaignRules", "crew_now", "campaign_summary", "games_of",
           "xp_for_game", "rules_for"]
