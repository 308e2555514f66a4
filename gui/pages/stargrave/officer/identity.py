"""The first column of an officer page: who they are, the background and its +1 picks, and the profile."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QFormLayout, QFrame, QGridLayout, QHBoxLayout, QLabel, QSizePolicy)

from model.systems.stargrave import actions
from model.systems.stargrave.derive import format_profile_value
from model.systems.stargrave.tables import KEYS

from ....widgets import mnemonics
from ....widgets.choice_buttons import ChoiceButtons
from ....widgets.common import Card, StatCell, WrapLabel, badge, with_badge
from ....widgets.text_fields import LineField


def _wrapped(name: str) -> QLabel:
    label = WrapLabel()
    label.setObjectName(name)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
    return label


class Identity(Card):
    """Name, species, background buttons, the +1 ticks and what they mean; the profile below them."""

    def __init__(self, page):
        super().__init__("Who")
        self.page, self.t, self.role = page, page.t, page.role
        role, who, t = page.role, page.fig["label"], page.t
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setVerticalSpacing(4)
        self.name = LineField()
        self.name.setAccessibleName(f"{who} name")
        self.name.setObjectName(f"{role}_name")
        self.species = LineField()
        self.species.setAccessibleName(f"{who} species")
        self.species.setObjectName(f"{role}_species")
        self.species.setPlaceholderText("Human, or any roughly human-sized species")
        form.addRow("&Name", self.name)
        form.addRow("&Species", self.species)
        self.layout_.addLayout(form)
        options = [(b["name"], b["name"], (f"English edition: {b['rulebook_name']}\n"
                                          if b.get("rulebook_name", b["name"]) != b["name"] else "")
                    + b.get("summary", "")) for b in t.pack["backgrounds"]]
        self.background = ChoiceButtons(f"{role}_background", f"{who} background", options, columns=4)
        self.bg_badge = badge()
        self.bg_label = QLabel("&Background")
        self.layout_.addWidget(self.bg_label)
        self.layout_.addWidget(with_badge(self.background, self.bg_badge))
        self.layout_.addLayout(self._choices(role, who))
        self.choices_words = _wrapped(f"{role}_choices_words")
        self.bg_info = _wrapped(f"{role}_background_info")
        self.bg_info.setTextFormat(Qt.TextFormat.RichText)
        self.layout_.addWidget(self.choices_words)
        self.layout_.addWidget(self.bg_info)
        self.layout_.addWidget(self._profile(role))
        self.background.picked.connect(self._pick_background)

    def _choices(self, role: str, who: str) -> QHBoxLayout:
        self.choices_box = QFrame()
        self.choices_box.setObjectName(f"{role}_choices")
        self.choices_box.setAccessibleName(f"{who} +1 choices")
        cl = QHBoxLayout(self.choices_box)
        cl.setContentsMargins(0, 0, 0, 0)
        self.choice_checks: dict[str, QCheckBox] = {}
        for c in self.t.characteristics:
            if not any(c["key"] in b["choose_from"] for b in self.t.pack["backgrounds"]):
                continue
            cb = QCheckBox(f"+1 {c['label']}")
            cb.setObjectName(f"{role}_choice_{c['key']}")
            cb.setAccessibleName(f"{who}: +1 to {c['label']}")
            cb.clicked.connect(lambda checked, k=c["key"]: self._toggle_choice(k, checked))
            self.choice_checks[c["key"]] = cb
            cl.addWidget(cb)
        cl.addStretch(1)
        self.choices_badge = badge()
        row = QHBoxLayout()
        self.choices_label = QLabel("+1 &to")
        row.addWidget(self.choices_label)
        row.addWidget(with_badge(self.choices_box, self.choices_badge), 1)
        return row

    def _profile(self, role: str) -> QFrame:
        box = QFrame()
        box.setObjectName(f"{role}_profile")
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 4, 0, 0)
        grid.setSpacing(4)
        self.cells: dict[str, StatCell] = {}
        for i, k in enumerate(KEYS):
            cell = StatCell(self.t.label(k), self.t.char[k]["abbr"])
            cell.setObjectName(f"{role}_stat_{k}")
            cell.layout_.setContentsMargins(4, 2, 4, 2)
            self.cells[k] = cell
            grid.addWidget(cell, 0, i)
        box.setToolTip("Hover or tab to a value to see how it is made up. Two numbers (9/11) are the "
                       "figure's own value / with equipment.")
        return box

    # ---- edits ---------------------------------------------------------------------------------------
    def _pick_background(self, value: str) -> None:
        edit = actions.set_background(self.page.session.data, self.role, value)
        if edit is not None:
            self.page.session.apply(edit, source=self.background)

    def _toggle_choice(self, key: str, checked: bool) -> None:
        edit = actions.toggle_choice(self.page.session.data, self.role, key, checked)
        if edit is not None:
            self.page.session.apply(edit, source=self.choices_box)

    # ---- following the document ---------------------------------------------------------------------
    def refresh_choices(self, _value=None) -> None:
        offer = self.page.offers.get("choices") or {}
        offered, chosen = offer.get("offered", []), offer.get("chosen", [])
        for k, cb in self.choice_checks.items():
            cb.setChecked(k in chosen)
            cb.setVisible(k in offered or k in chosen)
        shown = [cb for k, cb in self.choice_checks.items() if k in offered or k in chosen]
        for label, buddy in ((self.choices_label, shown[0] if shown else self.background.first()),
                             (self.bg_label, self.background.first())):
            mnemonics.set_buddy(label, buddy)   # the letter focuses the button, never presses it
        if not offer.get("background"):
            self.choices_words.setText("Choose a background first: it says which characteristics can get +1.")
            return
        n, labels = offer["choose"], " or ".join(self.t.label(k) for k in offered)
        words = f"Choose {n} of {labels}: {len(chosen)} of {n} chosen."
        if offer["not_offered"]:
            words += (f" {offer['background']} does not offer "
                      f"{' or '.join(self.t.label(c) for c in offer['not_offered'])}: untick it.")
        elif len(chosen) > n:
            words += f" Untick {len(chosen) - n}."
        elif len(chosen) < n:
            words += f" Tick {n - len(chosen)} more."
        self.choices_words.setText(words)

    def refresh_background_info(self) -> None:
        t = self.t
        bg = t.backgrounds.get(self.page.offers.get("choices", {}).get("background") or "")
        if not bg:
            self.bg_info.setText("<i>Each background gives fixed adjustments, +1 picks and its list of basic "
                                 "powers.</i>")
            return
        fixed = ", ".join(f"{v:+d} {t.label(k)}" for k, v in bg["fixed"].items())
        picks = " or ".join(t.label(k) for k in bg["choose_from"])
        alias = f" (English edition: {bg['rulebook_name']})" if bg.get("rulebook_name", bg["name"]) != bg["name"] else ""
        self.bg_info.setText(f"<b>{bg['name']}</b>{alias}: {fixed}; then +1 to {bg['choose']} of {picks}. "
                             f"Its basic powers are in bold.")

    def refresh_profile(self, d: dict) -> None:
        t = self.t
        for k, cell in self.cells.items():
            parts = d["derivation"][k]
            lines = [f"{name}: {v:+d}" if i else f"{name}: {v}" for i, (name, v) in enumerate(parts)]
            total = d["profile"][k]
            lines.append(f"= {t.char[k]['label']} {total:+d}" if t.char[k].get("bonus")
                         else f"= {t.char[k]['label']} {total}")
            cell.set(format_profile_value(k, d["base_profile"][k], d["profile"][k], t), "\n".join(lines))
