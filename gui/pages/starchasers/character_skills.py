"""The Skills page: every skill with its governing attribute, level (with its name), bonus dice and the pool
the model computes (attribute + bonus + skill), updated on each click; skills the player adds, with an
attribute picker where the rules pair a skill with none; equipment with the dice it adds and the skills
that require it.

The pool column only shows `derived.skills`: no rule is applied here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QComboBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton)

from model import edits
from model import pointer as jp
from model.systems.starchasers.next_step import next_step
from model.systems.starchasers.tables import fold, tables

from ... import theme
from ...widgets.common import Card, badge, heading, hint, with_badge
from ..base import Page
from .character_fields import LevelBox, bind_level, key_for, map_edit, remove_edit
from .fields import NumberBox, bind_number

HEAD = ("Skill", "Attribute", "Level", "Bonus dice", "Pool", "")


def _list_text(value) -> str:
    return ", ".join(value) if isinstance(value, list) else ""


def _parse_list(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]


class SkillsPage(Page):
    title = "Skills"
    icon_name = "starwright"
    prefixes = ("/skills", "/bonuses", "/skill_attributes", "/equipment")
    object_name = "page_skills"

    def next_step(self) -> str:
        return next_step("skills", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        t = self.t = tables(session.pack)
        ch = t.char
        self.column.addWidget(heading("Skills and equipment"))
        self.add_next_step()
        self.column.addWidget(hint("Each skill's pool is its attribute's dice + bonus dice + the skill's level: "
                                   "the number to roll. Equipment dice are added to the skills it names."))

        # skills --------------------------------------------------------------------------------------
        self.skill_card = Card("Skills")
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(10)
        self.grid.setColumnStretch(6, 1)  # spare width goes to the right, so each row reads across
        self.skill_card.layout_.addLayout(self.grid)
        row = QHBoxLayout()
        self.new_skill = QLineEdit()
        self.new_skill.setObjectName("newSkillName")
        self.new_skill.setAccessibleName("Name of a skill to add")
        self.new_skill.setPlaceholderText("a skill the rules do not list, e.g. Gambling")
        self.new_skill.returnPressed.connect(self._add_skill)
        self.add_skill = QPushButton("&Add skill")
        self.add_skill.setObjectName("addSkill")
        self.add_skill.clicked.connect(self._add_skill)
        self.skill_words = QLabel()
        self.skill_words.setObjectName("addSkillWords")
        row.addWidget(self.new_skill, 1)
        row.addWidget(self.add_skill)
        row.addWidget(self.skill_words, 1)
        self.skill_card.layout_.addLayout(row)
        self.skill_card.add(hint(" · ".join(f"{lvl} {n}" for lvl, n in sorted(t.skill_names.items())) +
                                 f". Bonus dice {ch['bonus_range']['min']} to {ch['bonus_range']['max']} "
                                 f"(e.g. a species ability); a pool above {ch['pool_warning_above']} is flagged."))
        self.column.addWidget(self.skill_card)
        self._skill_names: list[str] | None = None
        self.pool_labels: dict[str, QLabel] = {}
        self.level_boxes: dict[str, LevelBox] = {}
        self.attr_pickers: dict[str, QComboBox] = {}

        # equipment -----------------------------------------------------------------------------------
        self.eq_card = Card("Equipment")
        self.eq_grid = QGridLayout()
        self.eq_card.layout_.addLayout(self.eq_grid)
        row = QHBoxLayout()
        self.add_eq = QPushButton("Add e&quipment")
        self.add_eq.setObjectName("addEquipment")
        self.add_eq.clicked.connect(lambda: self._add_equipment({"name": "", "bonus": None, "skills": [],
                                                                 "required_for": []}))
        self.example_eq = QComboBox()
        self.example_eq.setObjectName("exampleEquipment")
        self.example_eq.setAccessibleName("Equipment the rules name")
        for e in ch["equipment_examples"]:
            adds = f"+{e['bonus']} to {', '.join(e['skills'])}" if e["bonus"] else \
                f"required for {', '.join(e['required_for'])}"
            self.example_eq.addItem(f"{e['name']} ({adds})", e["name"])
        self.add_example = QPushButton("Add this")
        self.add_example.setObjectName("addExampleEquipment")
        self.add_example.clicked.connect(self._add_example)
        row.addWidget(self.add_eq)
        row.addStretch(1)
        row.addWidget(QLabel("From the rules:"))
        row.addWidget(self.example_eq)
        row.addWidget(self.add_example)
        self.eq_card.layout_.addLayout(row)
        self.eq_card.add(hint("Bonus dice 1 to 3 go to each skill named (comma between skills); "
                              "“required for” names skills that cannot be used without it."))
        self.column.addWidget(self.eq_card)
        self.column.addStretch(1)
        self._eq_rows = -1
        binder.custom("/equipment", self.eq_card, self, self._refresh_equipment, deep=True)
        self._rebuild_skills()

    # ---- skills table ----------------------------------------------------------------------------------
    def _skill_list(self) -> list[dict]:
        return (self.session.result.derived or {}).get("skills", [])

    def _rebuild_skills(self) -> None:
        skills = self._skill_list()
        names = [s["name"] for s in skills]
        if names == self._skill_names:
            self._refresh_pools()
            return
        self._skill_names = names
        prefixes = ("/skills/", "/bonuses/", "/skill_attributes/")
        self.binder.drop(lambda b: b.pointer.startswith(prefixes))
        while self.grid.count():
            w = self.grid.takeAt(0).widget()
            if w is not None:
                w.setParent(None)
                w.deleteLater()
        self.pool_labels.clear()
        self.level_boxes.clear()
        self.attr_pickers.clear()
        for c, h in enumerate(HEAD):
            lab = QLabel(h)
            f = lab.font()
            f.setWeight(QFont.Weight.DemiBold)
            lab.setFont(f)
            self.grid.addWidget(lab, 0, c)
        ch = self.t.char
        data = self.session.data
        for r, s in enumerate(skills, start=1):
            name = s["name"]
            skey = key_for(data.get("skills"), name)
            bkey = key_for(data.get("bonuses"), name)
            akey = key_for(data.get("skill_attributes"), name)
            slug = name.replace(" ", "_")
            label = QLabel(name if s["known"] else f"{name} (added)")
            label.setObjectName(f"skillName_{slug}")
            self.grid.addWidget(label, r, 0)
            # governing attribute: fixed by the rules pack, or picked by the player
            pack_attr = self.t.skills.get(self.t.canonical_skill(name) or "", {}).get("attribute")
            if pack_attr:
                self.grid.addWidget(QLabel(self.t.attribute_label(pack_attr)), r, 1)
            else:
                pick = QComboBox()
                pick.setObjectName(f"skillAttr_{slug}")
                pick.setAccessibleName(f"{name}: governing attribute")
                pick.addItem("choose…", "")
                for k, a in self.t.char_attributes.items():
                    pick.addItem(a["label"], k)
                b = badge()
                pointer = jp.join("skill_attributes", akey)
                pick.activated.connect(lambda i, pick=pick, akey=akey: self._set_attribute(akey, pick.itemData(i)))
                self.binder.custom(pointer, pick, self, lambda v, pick=pick: self._show_pick(pick, v), deep=False,
                                   badge=b)
                self.grid.addWidget(with_badge(pick, b), r, 1)
                self.attr_pickers[name] = pick
            level = LevelBox(self.t.skill_names, ch["skill_range"]["min"], ch["skill_range"]["max"], nullable=False)
            level.setObjectName(f"skillLevel_{slug}")
            level.setAccessibleName(f"{name} level")
            lb = badge()
            bind_level(self.binder, jp.join("skills", skkey := skey), level, self, badge=lb,
                       on_set=lambda v, k=skkey: map_edit(self.session.data, "skills", k, v))
            self.grid.addWidget(with_badge(level, lb), r, 2)
            self.level_boxes[name] = level
            bonus = NumberBox(lo=-9, hi=99, nullable=False)
            bonus.setObjectName(f"skillBonus_{slug}")
            bonus.setAccessibleName(f"{name} bonus dice")
            bb = badge()
            self._bind_bonus(bkey, bonus, bb)
            self.grid.addWidget(with_badge(bonus, bb), r, 3)
            pool = QLabel()
            pool.setObjectName(f"skillPool_{slug}")
            pool.setAlignment(Qt.AlignmentFlag.AlignCenter)
            pool.setMinimumWidth(self.fontMetrics().horizontalAdvance("88 dice") + 12)
            f = pool.font()
            f.setWeight(QFont.Weight.Bold)
            f.setPointSizeF(f.pointSizeF() * 1.15)
            pool.setFont(f)
            self.grid.addWidget(pool, r, 4)
            self.pool_labels[name] = pool
            if not s["known"]:
                rm = QPushButton("Remove")
                rm.setObjectName(f"removeSkill_{slug}")
                rm.setAccessibleName(f"Remove the skill {name}")
                rm.clicked.connect(lambda _=False, n=name: self._remove_skill(n))
                self.grid.addWidget(rm, r, 5)
        self._refresh_pools()
        self.binder.paint()

    def _bind_bonus(self, key: str, box: NumberBox, b) -> None:
        pointer = jp.join("bonuses", key)

        def changed(_v):
            v = box.json_value()
            edit = remove_edit(self.session.data, "bonuses", key) if v == 0 else \
                map_edit(self.session.data, "bonuses", key, v)
            if edit is not None:
                self.session.apply(edit, source=box, merge_key=(pointer, self.session.typing_run)
                                   if isinstance(edit, edits.Set) else None)
        box.valueChanged.connect(changed)
        box.editingFinished.connect(self.session.new_typing_run)
        self.binder.custom(pointer, box, self, lambda v: box.display(0 if v is None else v), deep=False, badge=b)

    @staticmethod
    def _show_pick(pick: QComboBox, value) -> None:
        i = pick.findData(value or "")
        if i < 0:
            pick.addItem(f"{value} (not an attribute)", value)
            i = pick.count() - 1
        pick.setCurrentIndex(i)

    def _set_attribute(self, key: str, attr: str) -> None:
        data = self.session.data
        current = (data.get("skill_attributes") or {}).get(key)
        if (current or "") == (attr or ""):
            return
        edit = remove_edit(data, "skill_attributes", key) if not attr else map_edit(data, "skill_attributes", key, attr)
        if edit is not None:
            self.session.apply(edit)

    def _refresh_pools(self) -> None:
        above = self.t.char["pool_warning_above"]
        for s in self._skill_list():
            lab = self.pool_labels.get(s["name"])
            if lab is None:
                continue
            parts = []
            if s["attribute"]:
                parts.append(f"{s['attribute_label']} {s['attribute_dice'] if s['attribute_dice'] is not None else '?'}")
            parts += [f"{n} {v}" for n, v in s["bonus_parts"]]
            parts.append(f"{s['name']} {s['level']}")
            if s["pool"] is None:
                text = "–"
                tip = ("Choose the governing attribute to see the pool." if not s["attribute"]
                       else f"Choose {s['attribute_label']} on the Character page to see the pool.")
            else:
                text = str(s["pool"])
                tip = " + ".join(parts) + f" = {s['pool']} dice"
                if s["over_limit"]:
                    tip += f" (more than {above}: most characters top out at {above})"
            if s["needs"] and s["level"] > 0:
                tip += f". Needs {' or '.join(s['needs'])} in the equipment."
            if lab.text() != text:
                lab.setText(text)
            lab.setToolTip(tip)
            lab.setAccessibleName(f"{s['name']} pool {text}")
            lab.setAccessibleDescription(tip)
            warn = s["over_limit"] or (s["needs"] and s["level"] > 0)
            lab.setStyleSheet(f"color: {theme.colour('warning')};" if warn else "")

    def _add_skill(self) -> None:
        name = " ".join(self.new_skill.text().split())
        if not name:
            self.skill_words.setText("Type the skill's name first.")
            return
        existing = [s["name"] for s in self._skill_list()]
        if any(fold(n) == fold(name) for n in existing):
            self.skill_words.setText(f"{name} is already in the list.")
            return
        self.skill_words.setText("")
        self.session.apply(map_edit(self.session.data, "skills", name, 1))
        self.new_skill.clear()
        pick = self.attr_pickers.get(name)
        if pick is not None:
            pick.setFocus()

    def _remove_skill(self, name: str) -> None:
        data = self.session.data
        parts = [e for e in (remove_edit(data, m, key_for(data.get(m), name))
                             for m in ("skills", "bonuses", "skill_attributes")) if e is not None]
        self.session.apply(edits.Batch(tuple(parts), label=f"remove the skill {name}"))

    # ---- equipment --------------------------------------------------------------------------------------
    def _refresh_equipment(self, value) -> None:
        value = value if isinstance(value, list) else []
        if len(value) == self._eq_rows:
            return
        self._eq_rows = len(value)
        self.binder.drop(lambda b: b.pointer.startswith("/equipment/"))
        while self.eq_grid.count():
            w = self.eq_grid.takeAt(0).widget()
            if w is not None:
                w.setParent(None)
                w.deleteLater()
        if value:
            for c, h in enumerate(("Name", "Bonus dice", "To skills", "Required for", "")):
                self.eq_grid.addWidget(QLabel(h), 0, c)
        for i, _item in enumerate(value, start=0):
            r = i + 1
            name = QLineEdit()
            name.setObjectName(f"eqName_{i}")
            name.setAccessibleName(f"Equipment {i + 1} name")
            bonus = NumberBox(lo=0, hi=99)
            bonus.setObjectName(f"eqBonus_{i}")
            bonus.setAccessibleName(f"Equipment {i + 1} bonus dice")
            bb = badge()
            skills = QLineEdit()
            skills.setObjectName(f"eqSkills_{i}")
            skills.setAccessibleName(f"Equipment {i + 1}: skills it adds dice to")
            sb = badge()
            req = QLineEdit()
            req.setObjectName(f"eqRequired_{i}")
            req.setAccessibleName(f"Equipment {i + 1}: skills that require it")
            rm = QPushButton("Remove")
            rm.setObjectName(f"removeEquipment_{i}")
            rm.clicked.connect(lambda _=False, i=i: self.session.apply(edits.Remove(f"/equipment/{i}")))
            self.eq_grid.addWidget(name, r, 0)
            self.eq_grid.addWidget(with_badge(bonus, bb), r, 1)
            self.eq_grid.addWidget(with_badge(skills, sb), r, 2)
            self.eq_grid.addWidget(req, r, 3)
            self.eq_grid.addWidget(rm, r, 4)
            self.binder.line_edit(f"/equipment/{i}/name", name, self)
            bind_number(self.binder, f"/equipment/{i}/bonus", bonus, self, badge=bb)
            self._bind_list(f"/equipment/{i}/skills", skills, sb)
            self._bind_list(f"/equipment/{i}/required_for", req, None)
        self.eq_grid.setColumnStretch(0, 2)
        self.eq_grid.setColumnStretch(2, 2)
        self.eq_grid.setColumnStretch(3, 2)
        self.binder.paint()

    def _bind_list(self, pointer: str, w: QLineEdit, b) -> None:
        """A comma-separated list of skill names; written when the field is left (one edit)."""
        w.setPlaceholderText("skill, skill")

        def done():
            value = _parse_list(w.text())
            if (jp.get(self.session.data, pointer) or []) != value:
                self.session.apply(edits.Set(pointer, value), source=w)
        w.editingFinished.connect(done)
        self.binder.custom(pointer, w, self, lambda v: w.setText(_list_text(v)) if _parse_list(w.text()) != (v or [])
                           else None, deep=True, badge=b)

    def _add_equipment(self, item: dict) -> None:
        data = self.session.data
        n = len(data.get("equipment", []))
        self.session.apply(edits.Insert(f"/equipment/{n}", item) if "equipment" in data
                           else edits.Set("/equipment", [item]))
        box = self.findChild(QLineEdit, f"eqName_{n}")
        if box is not None:
            box.setFocus()

    def _add_example(self) -> None:
        name = self.example_eq.currentData()
        for e in self.t.char["equipment_examples"]:
            if e["name"] == name:
                self._add_equipment({"name": e["name"], "bonus": e["bonus"] or None, "skills": list(e["skills"]),
                                     "required_for": list(e["required_for"])})
                return

    # ---- following the document ---------------------------------------------------------------------------
    def on_changed(self, change) -> None:
        if "skills" in change.derived_changed or change.touched == [""]:
            self._rebuild_skills()
