"""The editor's "Optional rules" list: one checkable row per optional rule of the document's rules pack.

It shows what the evaluation says (`derived["optional_rules"]`, model/optional_rules.py) and a click
records the document's choice through the model's `set_rule` edit, one undo step. With no optional rules in
the pack the list is hidden.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from model import optional_rules


def tooltip(entry: dict, pack_name: str) -> str:
    default = "on" if entry["default"] else "off"
    whose = "this document's choice" if entry["chosen"] else f"the default of {pack_name}"
    return (f"{entry['name']} ({entry['rule']}): {entry['description']}\n"
            f"{'In play' if entry['on'] else 'Not in play'}: {whose}. Default in {pack_name}: {default}.")


class OptionalRulesList(QWidget):
    def __init__(self, session, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.setObjectName("optionalRules")
        self.title = QLabel("Optional rules")
        self.title.setObjectName("optionalRulesTitle")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setToolTip("Rules the rulebook marks optional: tick the ones this document plays with")
        self.list = QListWidget()
        self.list.setAccessibleName("Optional rules")
        self.list.setSpacing(2)
        self.list.setObjectName("optionalRulesList")
        self.list.itemChanged.connect(self._toggled)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 8, 0, 0)
        lay.setSpacing(2)
        lay.addWidget(self.title)
        lay.addWidget(self.list)
        self._shown: tuple | None = None
        self._in_play = False       # the Play view shows only what changes during a game: no list then
        self.refresh()
        session.changed.connect(lambda _change: self.refresh())

    def refresh(self) -> None:
        entries = self.session.result.derived.get("optional_rules") or []
        pack = self.session.result.pack
        pack_name = pack.name if pack is not None else "these rules"
        shown = tuple((e["id"], e["name"], e["on"], e["chosen"], e["default"], pack_name) for e in entries)
        if shown == self._shown:
            return
        self._shown = shown
        self.list.blockSignals(True)
        self.list.clear()
        for e in entries:
            item = QListWidgetItem(e["name"])
            item.setData(Qt.ItemDataRole.UserRole, e["id"])
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if e["on"] else Qt.CheckState.Unchecked)
            item.setToolTip(tooltip(e, pack_name))
            self.list.addItem(item)
        self.list.blockSignals(False)
        rows = max(1, len(entries))
        self.list.setFixedHeight((self.list.sizeHintForRow(0) + 4) * rows + 2 * self.list.frameWidth() + 4)
        self.setVisible(bool(entries) and not self._in_play)

    def set_in_play(self, on: bool) -> None:
        self._in_play = on
        self.setVisible(self.list.count() > 0 and not on)

    def focus_rule(self, rule: str | None) -> bool:
        """Focus the list on this rule's row (an issue activated in the issues panel); False if it has none."""
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.ItemDataRole.UserRole) == rule:
                self.list.setCurrentRow(row)
                self.list.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        if self.isVisible():
            self.list.setFocus(Qt.FocusReason.OtherFocusReason)
        return False

    def _toggled(self, item: QListWidgetItem) -> None:
        on = item.checkState() == Qt.CheckState.Checked
        rule = item.data(Qt.ItemDataRole.UserRole)
        self.session.apply(optional_rules.set_rule(self.session.data, rule, on), source=self)
