"""The Ship page: preset picker, name/class/role, every attribute with its range, optional attributes,
the pilot's and gunner's dice, the derived values (derivation on hover), and the damage carried over between
sessions with its repairs (ship_repairs.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton)

from model.systems.starchasers.ship import actions
from model.systems.starchasers.next_step import next_step
from model.systems.starchasers.tables import signed, tables

from ...widgets.common import Card, StatCell, badge, hint, with_badge
from ...widgets.text_fields import LineField
from ..base import Page
from .fields import NumberBox, TabsWhenAdded, bind_number, show_words


def _range(a: dict) -> str:
    lo, hi, s = a.get("min"), a.get("max"), a.get("signed", False)
    f = (lambda v: signed(v)) if s else str
    if lo is not None and hi is not None:
        return f"{f(lo)} to {f(hi)}" + (" stock, upgradeable" if a.get("upgradeable") else "")
    return f"at least {f(lo)}" if lo is not None else ""


def _how(parts) -> str:
    return " + ".join(f"{label} {v}" for label, v in parts)


class ShipPage(TabsWhenAdded, Page):
    portrait = True
    title = "Ship"
    icon_name = "starwright"
    prefixes = ("/name", "/class", "/preset", "/role", "/size", "/speed", "/armor", "/maneuverability",
                "/hull_points", "/structure_points", "/system_durability", "/power_generation", "/shield_rating",
                "/hard_points", "/added_hard_points", "/cargo_tons", "/atmospheric_maneuverability",
                "/communications_range", "/sensor_range", "/hyperdrive_rating", "/backup_hyperdrive_rating",
                "/medical_bonus", "/navigation_computer", "/sensor_assistance", "/pilot", "/gunner", "/crew", "/notes", "/play",
                "")

    def owns(self, pointer: str) -> bool:
        return not pointer.startswith(("/weapons", "/equipment"))
    object_name = "page_ship"
    # the derived values this page shows: other changes (a weapon's name, its pool) pass it by
    watches = {"passive_defense", "passive_defense_derivation", "dodge", "dodge_derivation", "initiative",
               "initiative_derivation", "hard_points_free", "hard_points_total", "hard_points_used",
               "hard_points_derivation", "structure_points_expected", "maneuvers", "crew"}

    def next_step(self) -> str:
        return next_step("ship", self.session.data, self.session.issues, tables(self.session.pack))

    def build_form(self, session, binder) -> None:
        t = self.t = tables(session.pack)
        self.start_form("Starship",
                        "Start from a common ship type: it sets exactly the values the rules give "
                        "(hull points, maneuverability, hard points, and size where the size table "
                        "names the type). Everything shown as \"not set\" is yours to decide.")
        self._build_preset(session, binder, t)
        self._build_identity(session, binder, t)
        self._build_derived(session, binder, t)
        self._build_attributes(session, binder, t)
        self._build_optional_attributes(session, binder, t)
        self._build_crew_dice(session, binder, t)
        from .ship_repairs import RepairSection  # damage carried over and repairs between sessions (SC-REP)
        self.repairs = RepairSection(self, session, binder)
        self.column.addWidget(self.repairs)
        self.column.addStretch(1)
        self._refresh_derived()

    def _build_preset(self, session, binder, t) -> None:
        """The preset part of the form."""
        pre = Card("Start from a common ship type")
        row = QHBoxLayout()
        self.preset = QComboBox()
        self.preset.setObjectName("presetPicker")
        self.preset.setAccessibleName("Common ship type")
        for st in session.result.offers.get("presets", []):
            self.preset.addItem(st["label"], st["name"])
        self._refresh_preset_reasons()
        # Show the type the ship started from; a ship made by hand starts with no type picked.
        self.preset.setPlaceholderText("Choose a common ship type…")
        self.preset.setCurrentIndex(self.preset.findData(session.data.get("preset")))
        self.apply_preset = QPushButton("&Use this ship type")
        self.apply_preset.setObjectName("applyPreset")
        self.apply_preset.setAccessibleName("Set the ship's values from the chosen common ship type")
        self.apply_preset.clicked.connect(self._apply_preset)
        self.preset.activated.connect(lambda _i: self._apply_preset())  # choosing a type applies it (one step)
        row.addWidget(self.preset, 1)
        row.addWidget(self.apply_preset)
        pre.layout_.addLayout(row)
        self.preset_words = hint()
        self.preset_words.setObjectName("presetWords")
        pre.add(self.preset_words)
        binder.custom("/preset", self.preset_words, self, self._show_preset, deep=False)
        self.column.addWidget(pre)

    def _build_identity(self, session, binder, t) -> None:
        """The identity part of the form."""
        ident = Card("Identity")
        grid = QGridLayout()
        self.name = LineField()
        self.name.setObjectName("shipName")
        self.name.setAccessibleName("Ship name")
        self.klass = LineField()
        self.klass.setObjectName("shipClass")
        self.klass.setAccessibleName("Ship class")
        self.role = QComboBox()
        self.role.setObjectName("shipRole")
        self.role.setAccessibleName("Role (decides Structure Points)")
        for key, r in t.roles.items():
            self.role.addItem(f"{r['label']} ({r['structure_points']} Structure Points)", key)
        self.role_badge = badge()
        name_label = QLabel("&Name")
        name_label.setBuddy(self.name)
        grid.addWidget(name_label, 0, 0)
        grid.addWidget(self.name, 0, 1)
        grid.addWidget(QLabel("Class"), 0, 2)
        grid.addWidget(self.klass, 0, 3)
        grid.addWidget(QLabel("Role"), 1, 0)
        grid.addWidget(with_badge(self.role, self.role_badge), 1, 1, 1, 3)
        ident.layout_.addLayout(grid)
        self.column.addWidget(ident)
        binder.line_edit("/name", self.name, self)
        binder.line_edit("/class", self.klass, self)
        binder.combo("/role", self.role, self, badge=self.role_badge)

    def _build_derived(self, session, binder, t) -> None:
        """The derived part of the form."""
        der = Card("Derived (hover for how each is made)")
        drow = QHBoxLayout()
        self.cells = {}
        for key, label in (("passive_defense", "Passive Defense"), ("dodge", "Dodge"), ("initiative", "Initiative"),
                           ("hard_points_free", "Hard points free"), ("structure_points_expected", "Structure for role")):
            cell = StatCell(label, "")
            cell.setObjectName(f"derived_{key}")
            self.cells[key] = cell
            drow.addWidget(cell)
        der.layout_.addLayout(drow)
        self.maneuvers = hint()
        der.add(self.maneuvers)
        self.column.addWidget(der)

    def _build_attributes(self, session, binder, t) -> None:
        """The attributes part of the form."""
        att = Card("Attributes")
        grid = QGridLayout()
        self.boxes: dict[str, NumberBox] = {}
        for i, (key, a) in enumerate(t.attributes.items()):
            r, c = divmod(i, 2)
            box = NumberBox(signed=a.get("signed", False), nullable=key != "added_hard_points")
            box.setObjectName(f"attr_{key}")
            box.setAccessibleName(a["label"])
            rng = _range(a)
            b = badge()
            lab = QLabel(a["label"])
            lab.setBuddy(box)
            grid.addWidget(lab, r, c * 3)
            grid.addWidget(with_badge(box, b), r, c * 3 + 1)
            grid.addWidget(hint(rng), r, c * 3 + 2)
            bind_number(binder, f"/{key}", box, self, badge=b)
            self.boxes[key] = box
        att.layout_.addLayout(grid)
        self.column.addWidget(att)

    def _build_optional_attributes(self, session, binder, t) -> None:
        """The optional attributes part of the form."""
        opt = Card("Optional attributes")
        grid = QGridLayout()
        for i, (key, a) in enumerate(t.optional.items()):
            r, c = divmod(i, 2)
            b = badge()
            w: QComboBox | NumberBox
            if a["kind"] == "band":
                w = QComboBox()
                w.addItem("none", "")
                for name in t.band_names:
                    w.addItem(name, name)
                binder.combo(f"/{key}", w, self, badge=b)
            else:
                w = NumberBox(lo=-9 if a.get("signed") else 0, signed=a.get("signed", False))
                bind_number(binder, f"/{key}", w, self, badge=b)
            w.setObjectName(f"opt_{key}")
            w.setAccessibleName(a["label"])
            grid.addWidget(QLabel(a["label"]), r, c * 3)
            grid.addWidget(with_badge(w, b), r, c * 3 + 1)
            grid.addWidget(hint(_range(a)), r, c * 3 + 2)
        opt.layout_.addLayout(grid)
        self.column.addWidget(opt)

    def _build_crew_dice(self, session, binder, t) -> None:
        """The crew dice part of the form."""
        crew = Card("Pilot and gunner (their dice, until a character is linked)")
        grid = QGridLayout()
        ar, sr = t.char["attribute_range"], t.char["skill_range"]
        entries = [("pilot", "deftness", "Pilot's Deftness", ar), ("pilot", "piloting", "Pilot's Piloting", sr),
                   ("pilot", "perception", "Pilot's Perception", ar), ("gunner", "deftness", "Gunner's Deftness", ar),
                   ("gunner", "intelligence", "Gunner's Intelligence", ar)]
        for i, (who, key, label, rng) in enumerate(entries):
            r, c = divmod(i, 3)
            box = NumberBox()
            box.setObjectName(f"{who}_{key}")
            box.setAccessibleName(label)
            b = badge()
            grid.addWidget(QLabel(label), r, c * 2)
            grid.addWidget(with_badge(box, b), r, c * 2 + 1)
            box.setToolTip(f"{rng['min']} to {rng['max']}")
            bind_number(binder, f"/{who}/{key}", box, self, badge=b)
        crew.layout_.addLayout(grid)
        prow = QHBoxLayout()
        prow.addWidget(QLabel("Gunner is proficient in:"))
        self.proficient: dict[str, QCheckBox] = {}
        for skill in t.weapon_skills:
            cb = QCheckBox(skill)
            cb.setObjectName(f"proficient_{skill.replace(' ', '_')}")
            cb.clicked.connect(self._toggle_proficient)
            self.proficient[skill] = cb
            prow.addWidget(cb)
        prow.addStretch(1)
        crew.layout_.addLayout(prow)
        binder.custom("/gunner/proficient", crew, self, self._show_proficient, deep=True)
        self.column.addWidget(crew)
        from .character_links import CrewSection  # the crew links (linked character files)
        self.crew_links = CrewSection(self, session, binder)
        self.column.insertWidget(self.column.indexOf(crew), self.crew_links)

    # ---- actions -----------------------------------------------------------------------------------
    def _apply_preset(self) -> None:
        name = self.preset.currentData()
        if name is None:
            self.preset.showPopup()  # nothing picked yet: open the list instead of doing nothing
            return
        self.session.apply(actions.use_preset(self.session.data, self.session.pack, name), source=None)

    def _refresh_preset_reasons(self) -> None:
        """Each type's tooltip says why what is installed would not fit on it (the model's offer), as it is now:
        adding or removing a weapon changes which types it fits."""
        for i, st in enumerate(self.session.result.offers.get("presets", [])):
            tip = st["reason"][:1].upper() + st["reason"][1:] + "." if st["reason"] else None
            if self.preset.itemData(i, Qt.ItemDataRole.ToolTipRole) != tip:
                self.preset.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)

    def _show_preset(self, name) -> None:
        """Say what choosing a type did (it applies at once), or what choosing one would do."""
        i = self.preset.findData(name) if name else -1
        if self.preset.currentIndex() != i:
            self.preset.setCurrentIndex(i)
        self.preset_words.setText(
            f"Started from the {name}: its hull points, maneuverability, hard points and size were set from the "
            f"rules (Edit › Undo puts the values back). Change any of them below." if name else
            "Choosing a type sets its hull points, maneuverability, hard points and size at once; "
            "name, role, weapons and equipment are kept.")

    def _toggle_proficient(self) -> None:
        chosen = [s for s, cb in self.proficient.items() if cb.isChecked()]
        self.session.apply(actions.set_proficient(self.session.data, list(self.proficient), chosen))

    def _show_proficient(self, value) -> None:
        value = value or []
        for s, cb in self.proficient.items():
            cb.setChecked(s in value)

    # ---- derived -----------------------------------------------------------------------------------
    def _refresh_derived(self) -> None:
        d = self.session.result.derived
        if not d:
            return
        def show(key, text, how):
            self.cells[key].set(text, how)
        pd = d.get("passive_defense")
        show("passive_defense", "–" if pd is None else str(pd),
             "Armor Rating + Maneuverability, never below 0: " + _how(d["passive_defense_derivation"])
             if d["passive_defense_derivation"] else "Set Armor Rating and Maneuverability.")
        show("dodge", "–" if d["dodge"] is None else str(d["dodge"]),
             "Deftness + Piloting + Passive Defense: " + _how(d["dodge_derivation"]) if d["dodge_derivation"]
             else "Enter the pilot's Deftness and Piloting (and set Armor and Maneuverability).")
        show("initiative", "–" if d["initiative"] is None else str(d["initiative"]),
             "Perception + Piloting: " + _how(d["initiative_derivation"]) if d["initiative_derivation"]
             else "Enter the pilot's Perception and Piloting.")
        show("hard_points_free", f"{d['hard_points_free']} of {d['hard_points_total']}",
             f"{_how(d['hard_points_derivation'])} = {d['hard_points_total']}; used {d['hard_points_used']}")
        sp = d.get("structure_points_expected")
        show("structure_points_expected", "–" if sp is None else str(sp),
             "Structure Points by role: " + "; ".join(f"{r['label']} {r['structure_points']}"
                                                    for r in self.t.roles.values()) + ".")
        m = d.get("maneuvers") or []
        show_words(self.maneuvers, " · ".join(f"{x['name']} up to {x['max_speed']}" for x in m) or
                   "Set the Speed to see the maneuver speeds.")

    def on_changed(self, change) -> None:
        if change.derived_changed & self.watches:
            self._refresh_derived()
        self._refresh_preset_reasons()
        self.crew_links.on_changed(change)
        self.repairs.on_changed(change)
