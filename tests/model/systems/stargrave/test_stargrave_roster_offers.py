"""The Soldiers page's offers (model/systems/stargrave/offers/roster.py) and roster actions (actions/roster.py):
every soldier type with what blocks hiring it now, each hired soldier with its pointer and status. The offers
must agree with check: hiring a type offered as fitting breaks no roster rule, hiring a blocked one breaks the
rule the offer named."""

from __future__ import annotations

import copy

from model import edits
from model.rules_pack import Pack, builtin_pack
from model.systems.stargrave import actions
from tests.model.stargrave_helpers import LEGAL, crew, run

ROSTER_RULES = {"SG-CREW-05", "SG-CREW-06"}


def offers(data, packs=None):
    return run(data, packs).offers


def types(data, packs=None) -> dict:
    return {o["name"]: o for o in offers(data, packs)["soldier_types"]}


def hired_with(data, name):
    out = copy.deepcopy(data)
    edits.apply(out, actions.hire(out, name))
    return out


def test_SG_CREW_05_SG_CREW_06_every_offer_agrees_with_check():
    """For several rosters: a type offered as fitting adds no roster issue; a blocked one adds its rule."""
    rosters = [crew(soldiers=[]), LEGAL, crew(soldiers=LEGAL["soldiers"] + LEGAL["soldiers"][:2])]
    for data in rosters:
        before = {i.rule for i in run(data).issues if i.is_error} & ROSTER_RULES
        for name, o in types(data).items():
            after = {i.rule for i in run(hired_with(data, name)).issues if i.is_error} & ROSTER_RULES
            if o["fits"]:
                assert after <= before, (name, after)
            else:
                assert o["rule"] in after and o["reason"], (name, o)


def test_SG_CREW_05_a_full_roster_blocks_every_type():
    data = crew(soldiers=[dict(LEGAL["soldiers"][4], id=f"s{i + 10}") for i in range(8)])  # 8 free Runners
    blocked = types(data)
    assert all(not o["fits"] and o["rule"] == "SG-CREW-05" for o in blocked.values())
    assert blocked["Recruit"]["reason"] == "The roster is full: 8 soldiers is the most a crew may hire."


def test_SG_CREW_05_four_specialists_block_specialists_only():
    names = ["Codebreaker", "Casecracker", "Commando", "Codebreaker"]  # 300 Cr: credits left for one more
    data = crew(soldiers=[{"id": f"s{i + 1}", "name": "", "type": n, "robot": False, "shotgun": False, "item": None}
                          for i, n in enumerate(names)])
    t = types(data)
    assert t["Recruit"]["fits"] and not t["Pathfinder"]["fits"] and t["Pathfinder"]["rule"] == "SG-CREW-05"
    assert "Already 4 specialists" in t["Pathfinder"]["reason"]


def test_SG_CREW_06_types_past_the_credits_are_blocked_free_ones_always_fit():
    data = crew(soldiers=[{"id": f"s{i + 1}", "name": "", "type": "Medic", "robot": False, "shotgun": False,
                           "item": None} for i in range(4)])   # 4 x 100 Cr: nothing left
    t = types(data)
    assert t["Trooper"]["rule"] == "SG-CREW-06" and t["Trooper"]["reason"] == "Costs 50 Cr; only 0 Cr left."
    assert t["Recruit"]["fits"] and t["Runner"]["fits"] and t["Recruit"]["cost"] == 0


def test_SG_CREW_05_SG_CREW_06_offers_follow_a_house_pack():
    house = copy.deepcopy(builtin_pack("stargrave").data)
    house["id"] = "house-small"
    house["crew"].update(starting_credits=120, max_soldiers=3)
    packs = [Pack(house, "house.json", False)]
    data = crew(rules={"pack": "house-small"}, soldiers=LEGAL["soldiers"][:3])
    t = types(data, packs)
    assert t["Recruit"]["reason"] == "The roster is full: 3 soldiers is the most a crew may hire."
    data = crew(rules={"pack": "house-small"}, soldiers=[])
    assert types(data, packs)["Armoured Trooper"]["reason"] == "Costs 150 Cr; only 120 Cr left."


def test_SG_SOLD_01_hired_soldiers_keep_their_pointer_and_status():
    data = crew(soldiers=LEGAL["soldiers"] + [dict(LEGAL["soldiers"][0], id="s99", type="Dragon")])
    hired = offers(data)["hired"]
    assert [h["pointer"] for h in hired] == [f"/soldiers/{i}" for i in range(len(data["soldiers"]))]
    assert hired[0]["status"] == "known" and hired[0]["profile_words"].startswith("M")
    assert hired[-1]["status"] == "unknown" and "Dragon" in hired[-1]["reason"]


def test_SG_CREW_05_hired_soldiers_past_the_limit_say_so():
    data = crew(soldiers=[dict(LEGAL["soldiers"][4], id=f"s{i + 10}") for i in range(9)])
    hired = offers(data)["hired"]
    assert [h["status"] for h in hired] == ["known"] * 8 + ["past the limit"]


def test_SG_SOLD_11_hired_soldiers_say_whether_the_shotgun_swap_is_possible():
    hired = offers(LEGAL)["hired"]
    runner = next(h for h in hired if h["type"] == "Runner")
    trooper = next(h for h in hired if h["type"] == "Trooper")
    assert not runner["shotgun_allowed"] and "no carbine" in runner["shotgun_reason"]
    assert trooper["shotgun_allowed"] and trooper["shotgun_reason"] == ""


def test_roster_actions_hire_remove_and_move():
    data = crew(soldiers=[])
    edits.apply(data, actions.hire(data, "Trooper"))
    edits.apply(data, actions.hire(data, "Recruit"))
    assert [s["type"] for s in data["soldiers"]] == ["Trooper", "Recruit"]
    assert len({s["id"] for s in data["soldiers"]}) == 2
    edits.apply(data, actions.move(data, 1, -1))
    assert [s["type"] for s in data["soldiers"]] == ["Recruit", "Trooper"]
    assert actions.move(data, 0, -1) is None and actions.remove(data, 5) is None
    edits.apply(data, actions.remove(data, 0))
    assert [s["type"] for s in data["soldiers"]] == ["Trooper"]
