"""Star Frontiers: every equipment message that asks for an input points at a control in the Owned table
that takes it: the price paid, the mass, Carried, and Custom item for a name not in the lists."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QDoubleSpinBox, QPushButton, QSpinBox

from tests.conftest import EXAMPLES

from tests.gui.pages.stargrave.test_build_crew import W, goto


def open_with(win, tmp_path, equipment, **extra):
    doc = json.loads((EXAMPLES / "norel-kho-dralasite.starwright").read_text())
    doc["equipment"] = equipment
    doc.update(extra)
    path = tmp_path / "sf.starwright"
    path.write_text(json.dumps(doc))
    return win.open_path(str(path))


def rules(editor):
    return {(i.pointer, i.rule, i.severity) for i in editor.session.issues}


def test_SF_EQ_12_price_not_stated_is_entered_in_the_owned_table(win, user, tmp_path):
    editor = open_with(win, tmp_path, [{"name": "Pocket Tool"}])
    goto(user, editor, "Equipment")
    assert ("/equipment/0/price", "SF-EQ-12", "warning") in rules(editor)
    price = W(editor, QSpinBox, "sf_price_0")
    assert price.property("issue") == "warning"  # the message sits on the field that takes the answer
    editor.binder.focus("/equipment/0/price")
    assert QApplication.focusWidget() is price
    user.replace_text(price, "25")
    user.key(price, Qt.Key.Key_Return)
    assert editor.session.data["equipment"][0]["price"] == 25
    assert ("/equipment/0/price", "SF-EQ-12", "warning") not in rules(editor)
    mass = W(editor, QDoubleSpinBox, "sf_mass_0")
    user.replace_text(mass, "0.5")
    user.key(mass, Qt.Key.Key_Return)
    assert editor.session.data["equipment"][0]["mass"] == 0.5


def test_SF_CHAR_18_untick_carried_in_the_owned_table(win, user, tmp_path, monkeypatch):
    # Encumbrance is an optional rule, off in the built-in pack: this group plays with it (a house pack's default).
    from model.paths import rules_dir
    house = json.loads((rules_dir() / "starfrontiers.json").read_text(encoding="utf-8"))
    house["id"] = "house-encumbrance"
    house["optional_rules"][0]["default"] = True
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "house-encumbrance.json").write_text(json.dumps(house), encoding="utf-8")
    monkeypatch.setenv("STARWRIGHT_USER_RULES", str(folder))
    editor = open_with(win, tmp_path, [{"name": "Heavy Laser"}, {"name": "Heavy Laser"}, {"name": "Heavy Laser"}],
                       rules={"pack": "house-encumbrance"})
    goto(user, editor, "Equipment")
    assert any(r == "SF-CHAR-18" and s == "error" for _p, r, s in rules(editor))
    for r in (0, 1):
        user.click(W(editor, QCheckBox, f"sf_carried_{r}"))
    assert [e.get("carried", True) for e in editor.session.data["equipment"]] == [False, False, True]
    assert not any(r == "SF-CHAR-18" and s == "error" for _p, r, s in rules(editor))
    user.click(W(editor, QCheckBox, "sf_carried_0"))  # carried again: the default, so the key goes
    assert "carried" not in editor.session.data["equipment"][0]


def test_SF_EQ_02_an_unlisted_name_becomes_a_custom_item_with_its_price_and_mass(win, user, tmp_path):
    editor = open_with(win, tmp_path, [{"name": "Vibroknife of Old"}])
    goto(user, editor, "Equipment")
    assert ("/equipment/0/name", "SF-EQ-02", "error") in rules(editor)
    user.click(W(editor, QPushButton, "sf_custom_0"))
    assert editor.session.data["equipment"][0]["custom"] is True
    assert ("/equipment/0/name", "SF-EQ-02", "error") not in rules(editor)
    price = W(editor, QSpinBox, "sf_price_0")
    user.replace_text(price, "40")
    user.key(price, Qt.Key.Key_Tab)
    assert editor.session.data["equipment"][0]["price"] == 40
    user.key(editor.nav, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "price" not in editor.session.data["equipment"][0]
