"""Star Frontiers vehicles in the Play view's model (model/play/sf_vehicles.py): each vehicle's speed turn by turn
follows the acceleration rules of its pack entry; GliJet bursts are counted; refusals carry the rule."""

from __future__ import annotations

import copy

from model import edits
from model.play import sf_vehicles as sv
from model.rules_pack import Pack, validate_pack_data
from tests.model.systems.starfrontiers.test_starfrontiers_support import character, pack, run


class Table:
    """A character with vehicles, played through the model's operations (each applied as its edit)."""

    def __init__(self, *names: str, extra=None, **changes):
        self.data = character(vehicles=[{"name": n} for n in names], credits=1_000_000, **changes)
        self.extra = extra

    def m(self, i: int = 0) -> sv.Motion:
        return sv.motions(self.data, run(self.data, self.extra).derived)[i]

    def do(self, op, *args, i: int = 0):
        out = op(self.data, self.m(i), *args)
        if not isinstance(out, sv.Refused):
            edits.apply(self.data, out)
        return out

    def speeds_at_full(self, turns: int, i: int = 0) -> list[int]:
        seen = []
        for _ in range(turns):
            self.do(sv.full_speed, i=i)
            seen.append(self.m(i).speed)
            self.do(sv.next_turn, i=i)
        return seen


def test_SF_VEH_07_an_atv_moves_10_m_from_a_standstill_then_10_m_more_a_turn_up_to_40():
    t = Table("ATV")
    assert t.m().allowed == 10 and t.m().rule == "SF-VEH-07"
    assert t.speeds_at_full(6) == [10, 20, 30, 40, 40, 40]


def test_SF_VEH_07_a_faster_atv_than_the_rule_allows_is_refused_with_the_rule():
    t = Table("ATV")
    t.do(sv.full_speed)
    t.do(sv.next_turn)
    refused = sv.set_speed(t.data, t.m(), 25)
    assert isinstance(refused, sv.Refused) and refused.rule == "SF-VEH-07"
    assert "at most" in t.m().why or "up to 20 m" in refused.message
    assert not isinstance(sv.set_speed(t.data, t.m(), 20), sv.Refused)


def test_SF_VEH_06_a_ground_car_moves_20_m_from_a_stop_and_its_top_speed_the_next_turn():
    t = Table("Ground Car")
    assert t.speeds_at_full(3) == [20, 50, 50]
    assert t.m().rule == "SF-VEH-06"


def test_SF_VEH_05_a_skimmer_moves_15_m_from_a_stop_then_up_to_60():
    t = Table("Hover Car")
    refused = sv.set_speed(t.data, t.m(), 20)
    assert isinstance(refused, sv.Refused) and refused.rule == "SF-VEH-05" and "15 m" in refused.message
    assert t.speeds_at_full(2) == [15, 60]


def test_SF_VEH_05_SF_VEH_06_braking_is_free_and_a_stop_starts_again_from_the_start_speed():
    t = Table("Hover Car")
    t.speeds_at_full(2)
    t.do(sv.full_speed)
    assert t.m().speed == 60
    t.do(sv.stop)
    assert t.m().speed == 0
    t.do(sv.next_turn)
    assert t.m().allowed == 15
    assert isinstance(t.do(sv.slower), sv.Refused)


def test_SF_VEH_07_faster_and_slower_step_by_the_packs_step_within_the_limit():
    t = Table("ATV")
    t.do(sv.faster)
    assert t.m().speed == 5
    t.do(sv.faster)
    assert t.m().speed == 10
    refused = t.do(sv.faster)
    assert isinstance(refused, sv.Refused) and refused.rule == "SF-VEH-07"
    t.do(sv.slower)
    assert t.m().speed == 5


def test_SF_VEH_07_the_acceleration_and_top_speed_are_the_packs():
    data = copy.deepcopy(pack().data)
    data["id"] = "fast-atv"
    atv = next(v for v in data["vehicles"]["list"] if v["name"] == "ATV")
    atv.update(start_speed=15, acceleration=15, top_speed=50)
    validate_pack_data(data, "house.json")
    t = Table("ATV", extra=[Pack(data, "house.json", False)], rules={"pack": "fast-atv"})
    assert t.speeds_at_full(5) == [15, 30, 45, 50, 50]


def test_SF_VEH_08_glijet_bursts_are_counted_one_a_turn_and_gliding_loses_speed_and_height():
    t = Table("GliJet")
    assert isinstance(t.do(sv.burst, "speed"), sv.Refused)           # first up to 50 m: the take-off
    assert isinstance(sv.set_speed(t.data, t.m(), 10), sv.Refused)  # no speed but by thrust
    t.do(sv.burst, "altitude")
    assert (t.m().altitude, t.m().thrust_used, t.m().thrust_left) == (50, 1, 19)
    again = t.do(sv.burst, "speed")
    assert isinstance(again, sv.Refused) and again.rule == "SF-VEH-08" and "One burst a turn" in again.message
    t.do(sv.next_turn)
    t.do(sv.burst, "speed")
    assert (t.m().speed, t.m().thrust_used) == (50, 2)
    t.do(sv.next_turn)                       # the turn had its burst: no loss
    assert (t.m().speed, t.m().altitude) == (50, 50)
    t.do(sv.next_turn)                       # a turn gliding: -10 m/turn, -5 m
    assert (t.m().speed, t.m().altitude) == (40, 45)
    for _ in range(4):
        t.do(sv.next_turn)
    assert (t.m().speed, t.m().altitude) == (10, 25)   # never below 10 m/turn with the turbines off
    t.do(sv.next_turn)
    assert t.m().speed == 10


def test_SF_VEH_08_a_glijet_lands_when_its_height_runs_out():
    t = Table("GliJet")
    t.do(sv.burst, "altitude")
    for _ in range(11):
        t.do(sv.next_turn)
    assert (t.m().altitude, t.m().speed) == (0, 0)


def test_SF_VEH_08_twenty_turns_of_thrust_then_the_powerpacks_are_spent():
    t = Table("GliJet")
    for n in range(20):
        out = t.do(sv.burst, "altitude")
        assert not isinstance(out, sv.Refused), n
        t.do(sv.next_turn)
    assert t.m().thrust_used == 20 and t.m().altitude == 1000
    spent = t.do(sv.burst, "altitude")
    assert isinstance(spent, sv.Refused) and spent.rule == "SF-VEH-08" and "20 turns" in spent.message


def test_SF_VEH_09_an_electrocopter_takes_three_turns_to_lift_off_then_speeds_up_50_a_turn_to_100():
    t = Table("ElectroCopter")
    for turn in (1, 2, 3):
        assert t.m().allowed == 0 and t.m().taking_off, turn
        refused = t.do(sv.full_speed)
        assert isinstance(refused, sv.Refused) and refused.rule == "SF-VEH-09"
        t.do(sv.next_turn)
        if turn == 2:
            assert t.m().altitude == 10            # the third turn lifts it to 10 m
    assert t.speeds_at_full(3) == [50, 100, 100]


def test_SF_VEH_09_climbs_at_most_50_m_a_turn():
    t = Table("ElectroCopter")
    for _ in range(3):
        t.do(sv.next_turn)
    t.do(sv.change_height, True)
    assert t.m().altitude == 60
    refused = t.do(sv.change_height, True)
    assert isinstance(refused, sv.Refused) and refused.rule == "SF-VEH-09"
    t.do(sv.next_turn)
    t.do(sv.change_height, True)
    assert t.m().altitude == 110


def test_SF_VEH_10_an_air_car_speeds_up_50_a_turn_to_300_and_climbs_25():
    t = Table("Air Car")
    for _ in range(3):
        t.do(sv.next_turn)
    assert t.speeds_at_full(7) == [50, 100, 150, 200, 250, 300, 300]
    t.do(sv.change_height, True)
    assert t.m().altitude == 35 and t.m().rule == "SF-VEH-10"


def test_SF_VEH_07_a_file_with_a_speed_past_the_rule_is_reported():
    data = character(vehicles=[{"name": "ATV"}], credits=100000, play={"vehicles": {"0": {"speed": 40}}})
    found = [i for i in run(data).issues if i.rule == "SF-VEH-07"]
    assert [(i.pointer, i.severity) for i in found] == [("/play/vehicles/0/speed", "error")]


def test_SF_VEH_08_more_bursts_than_the_powerpacks_hold_are_reported():
    data = character(vehicles=[{"name": "GliJet"}], credits=100000, play={"vehicles": {"0": {"thrust_used": 21}}})
    found = [i for i in run(data).issues if i.rule == "SF-VEH-08"]
    assert [i.pointer for i in found] == ["/play/vehicles/0/thrust_used"]


def test_SF_VEH_07_removing_a_vehicle_keeps_the_others_speeds():
    from model.systems.starfrontiers import actions
    t = Table("Hover Car", "ATV", "Ground Car")
    t.do(sv.full_speed, i=1)
    t.do(sv.full_speed, i=2)
    edits.apply(t.data, actions.remove_vehicle_edit(t.data, 0))
    assert [m.speed for m in sv.motions(t.data, run(t.data).derived)] == [10, 20]
