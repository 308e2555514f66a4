"""Star Frontiers vehicles through the real widgets: the Vehicles page buys and rents from the pack's list, each
control carries the message of the rule it answers, every change is one undo step; the Play view's vehicle card
follows the acceleration rules and counts a GliJet's bursts."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QLabel, QPushButton, QSpinBox, QTableView

from tests.conftest import EXAMPLES
from tests.gui.pages.stargrave.test_build_crew import W, goto, row_of


def open_with(win, tmp_path, **changes):
    doc = json.loads((EXAMPLES / "kara-venn-human.starwright").read_text(encoding="utf-8"))   # a Military PSA
    doc.update(changes)
    path = tmp_path / "sf.starwright"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return win.open_path(str(path))


def rules(editor) -> set[tuple[str, str, str]]:
    return {(i.pointer, i.rule, i.severity) for i in editor.session.issues}


def test_SF_VEH_13_buy_and_rent_on_the_vehicles_page_each_one_undo(win, user, tmp_path):
    editor = open_with(win, tmp_path, credits=5000)
    goto(user, editor, "Vehicles")
    s = editor.session
    market = W(editor, QTableView, "sf_vehicle_market")
    spent = s.result.derived["credits_spent"]
    user.click_row(market, row_of(market, "Ground Car"))
    user.click(W(editor, QPushButton, "sf_vehicle_buy"))
    assert s.data["vehicles"] == [{"name": "Ground Car", "passengers": 0, "cargo_kg": 0}]
    assert s.result.derived["credits_spent"] == spent + 2500
    user.click_row(market, row_of(market, "Hover Car"))
    days = W(editor, QSpinBox, "sf_vehicle_days")
    user.replace_text(days, "3")
    user.click(W(editor, QCheckBox, "sf_vehicle_street"))
    user.click(W(editor, QPushButton, "sf_vehicle_rent"))
    assert s.data["vehicles"][1] == {"name": "Hover Car", "rent_days": 3, "street": True, "passengers": 0, "cargo_kg": 0}
    assert s.result.derived["credits_spent"] == spent + 2530
    assert W(editor, QLabel, "sf_vehicle_cost_1").text() == "30 Cr"
    # days rented, typed in the row: one edit
    row_days = W(editor, QSpinBox, "sf_vehicle_days_1")
    user.replace_text(row_days, "5")
    user.key(row_days, Qt.Key.Key_Return)
    assert s.data["vehicles"][1]["rent_days"] == 5 and s.result.derived["vehicle_costs"] == 2550
    s.stack.undo()
    assert s.data["vehicles"][1]["rent_days"] == 3
    s.stack.undo()
    s.stack.undo()
    assert "vehicles" not in s.data          # as the file was: it had no vehicles list


def test_SF_VEH_02_passengers_over_the_limit_are_marked_on_the_passengers_field(win, user, tmp_path):
    editor = open_with(win, tmp_path, credits=5000, vehicles=[{"name": "Ground Cycle", "passengers": 1}])
    goto(user, editor, "Vehicles")
    people = W(editor, QSpinBox, "sf_vehicle_passengers_0")
    assert people.property("issue") in (None, "")
    user.replace_text(people, "2")
    user.key(people, Qt.Key.Key_Return)
    assert ("/vehicles/0/passengers", "SF-VEH-02", "error") in rules(editor)
    assert people.property("issue") == "error"
    assert "operator and 1 passenger" in people.toolTip()
    cargo = W(editor, QDoubleSpinBox, "sf_vehicle_cargo_0")
    user.replace_text(cargo, "25")
    user.key(cargo, Qt.Key.Key_Return)
    assert ("/vehicles/0/cargo_kg", "SF-VEH-02", "error") in rules(editor) and cargo.property("issue") == "error"


def test_SF_VEH_03_SF_VEH_11_the_operator_warning_and_street_rental_sit_on_their_row(win, user, tmp_path):
    editor = open_with(win, tmp_path, credits=50000, vehicles=[{"name": "ATV", "rent_days": 2}])
    goto(user, editor, "Vehicles")
    assert ("/vehicles/0", "SF-VEH-03", "warning") in rules(editor)
    assert W(editor, QLabel, "sf_vehicle_name_0").property("issue") == "warning"
    street = W(editor, QCheckBox, "sf_vehicle_street_0")
    user.click(street)
    assert editor.session.data["vehicles"][0]["street"] is True
    assert ("/vehicles/0/street", "SF-VEH-11", "error") in rules(editor) and street.property("issue") == "error"
    rented = W(editor, QCheckBox, "sf_vehicle_rented_0")
    user.click(rented)                      # bought after all: the rent and the street tick go
    assert editor.session.data["vehicles"][0] == {"name": "ATV"}
    assert editor.session.result.derived["vehicle_costs"] == 10000
    user.click(W(editor, QPushButton, "sf_vehicle_remove_0"))
    assert editor.session.data["vehicles"] == []
    editor.session.stack.undo()
    assert editor.session.data["vehicles"] == [{"name": "ATV"}]


def play_with(win, user, tmp_path, *names):
    editor = open_with(win, tmp_path, credits=50000, psa="Technological",
                       vehicles=[{"name": n} for n in names])
    user.key(editor.nav, Qt.Key.Key_F5)
    assert editor.in_play
    return editor


def test_SF_VEH_07_the_atv_card_speeds_up_10_m_a_turn_to_40(win, user, tmp_path):
    editor = play_with(win, user, tmp_path, "ATV")
    page = editor.play_page
    card = page.vehicles[0]
    speed = W(editor, QLabel, "vehicle_0_speed")
    full, nxt = W(editor, QPushButton, "vehicle_0_full"), W(editor, QPushButton, "vehicle_0_next")
    seen = []
    for _ in range(4):
        user.click(full)
        seen.append(speed.text())
        assert not full.isEnabled() and "SF-VEH-07" in full.toolTip()    # the most this turn allows
        user.click(nxt)
    assert seen == ["10 m/turn", "20 m/turn", "30 m/turn", "40 m/turn"]
    assert card.motion.turn == 5 and speed.text() == "40 m/turn"
    assert not full.isEnabled() and not W(editor, QPushButton, "vehicle_0_faster").isEnabled()   # top: 40
    steps = editor.session.stack.index()
    user.click(W(editor, QPushButton, "vehicle_0_stop"))
    assert speed.text() == "0 m/turn" and editor.session.stack.index() == steps + 1
    editor.session.stack.undo()
    assert speed.text() == "40 m/turn"


def test_SF_VEH_08_the_glijet_card_counts_its_bursts(win, user, tmp_path):
    editor = play_with(win, user, tmp_path, "GliJet")
    height, speed = W(editor, QPushButton, "vehicle_0_burst_height"), W(editor, QPushButton, "vehicle_0_burst_speed")
    nxt = W(editor, QPushButton, "vehicle_0_next")
    facts = W(editor, QLabel, "vehicle_0_facts")
    assert not speed.isEnabled() and "SF-VEH-08" in speed.toolTip()     # up to 50 m first
    user.click(height)
    assert "height 50 m" in facts.text() and "thrust used 1 of 20 turns" in facts.text()
    assert not height.isEnabled() and "One burst a turn" in height.toolTip()
    user.click(nxt)
    user.click(speed)
    assert W(editor, QLabel, "vehicle_0_speed").text() == "50 m/turn" and "thrust used 2 of 20" in facts.text()
    user.click(nxt)
    user.click(nxt)                          # gliding: -10 m/turn, -5 m
    assert W(editor, QLabel, "vehicle_0_speed").text() == "40 m/turn" and "height 45 m" in facts.text()


def test_SF_VEH_07_a_file_with_a_speed_past_the_rule_says_so_on_the_vehicles_card(win, user, tmp_path):
    editor = open_with(win, tmp_path, credits=50000, psa="Technological", vehicles=[{"name": "ATV"}],
                       play={"vehicles": {"0": {"speed": 40}}})
    user.key(editor.nav, Qt.Key.Key_F5)
    problems = W(editor, QLabel, "vehicle_0_issues")
    assert problems.isVisible() and "[SF-VEH-07]" in problems.text() and "40 m/turn" in problems.text()
    user.click(W(editor, QPushButton, "vehicle_0_slower"))     # braking is free: back within the rule
    user.click(W(editor, QPushButton, "vehicle_0_stop"))
    assert not problems.isVisible()


def test_SF_VEH_01_the_vehicle_list_shows_every_cell_whole_at_1366_by_768(win, user, tmp_path, qtbot):
    win.resize(1366, 768)
    editor = open_with(win, tmp_path)
    goto(user, editor, "Vehicles")
    qtbot.wait(50)
    market = W(editor, QTableView, "sf_vehicle_market")
    fm = market.fontMetrics()
    model = market.model()
    for c in range(model.columnCount()):
        widest = max(fm.horizontalAdvance(str(model.index(r, c).data())) for r in range(model.rowCount()))
        assert market.columnWidth(c) >= widest + 6, (model.headerData(c, Qt.Orientation.Horizontal), widest)
    assert market.horizontalHeader().length() <= market.viewport().width()
