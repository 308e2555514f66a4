"""Step 4: experience. Counters for what the crew did; the model's total shows each cap as it bites."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QSpinBox

from ..... import theme
from .....widgets.common import Card, WrapLabel, heading
from ..step import Step
from .common import CountBox, game_facts


class XpStep(Step):
    title = "Experience"
    object_name = "step_xp"
    explain = ("Count what the crew did this game. Taking part and having anyone taken out of action count by "
               "themselves; each counter below is worth the XP beside it, some only up to a limit, and a game "
               "gives at most its cap in all. Information sold for XP (at the loot step) comes on top.")
    parts = ("xp",)

    def build(self) -> None:
        xp = self.rules.xp
        self.awards = list(xp.get("awards", [])) + [{"key": "bonus", "label": "scenario bonus XP", "each": 1,
                                                     "cap": None}]
        card = Card("This game's experience")
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(6)
        self.spins: dict[str, QSpinBox] = {}
        self.lines: dict[str, QLabel] = {}
        for r, a in enumerate(self.awards):
            label = QLabel(a["label"][0].upper() + a["label"][1:])
            spin = CountBox()
            spin.setObjectName(f"xp_{a['key']}")
            spin.setRange(0, 9999)
            spin.setAccessibleName(a["label"])
            spin.setMinimumWidth(self.fontMetrics().horizontalAdvance("9999") + 44)
            label.setBuddy(spin)
            each = f"× {a['each']} XP" if a["key"] != "bonus" else "XP, as the scenario says"
            if a.get("cap"):
                each += f", at most {a['cap']}"
            line = QLabel()
            line.setObjectName(f"xp_{a['key']}_line")
            grid.addWidget(label, r, 0)
            grid.addWidget(spin, r, 1)
            grid.addWidget(QLabel(each), r, 2)
            grid.addWidget(line, r, 3)
            spin.valueChanged.connect(lambda v, k=a["key"]: self._set(k, v))
            self.spins[a["key"]] = spin
            self.lines[a["key"]] = line
        grid.setColumnStretch(3, 1)
        card.layout_.addLayout(grid)
        self.column.addWidget(card)

        total = Card("Total")
        self.breakdown = WrapLabel()
        self.breakdown.setObjectName("xpBreakdown")
        self.total = heading("", 2)
        self.total.setObjectName("xpTotal")
        total.add(self.breakdown)
        total.add(self.total)
        self.column.addWidget(total)

    def focus_first(self):
        return self.spins.get("loot")

    def _set(self, key: str, value: int) -> None:
        self.draft.set(f"/xp/{key}", value)
        self.dialog.changed()

    def refresh(self) -> None:
        xp = self.draft.record.get("xp") or {}
        for k, spin in self.spins.items():
            v = xp.get(k, 0) if isinstance(xp.get(k, 0), int) else 0
            if spin.value() != v:
                spin.blockSignals(True)
                spin.setValue(max(0, min(v, spin.maximum())))
                spin.blockSignals(False)
        facts = game_facts(self.draft)
        xp = facts.get("xp") or {}
        parts = {p.get("key"): p for p in xp.get("parts", []) if isinstance(p, dict)}
        for k, line in self.lines.items():
            p = parts.get(k)
            if k == "bonus":
                line.setText(f"= {xp.get('bonus', 0)} XP" if xp.get("bonus") else "")
            elif p and p["count"]:
                text = f"= {p['raw']} XP" if not p["capped"] else f"= {p['raw']} XP, counted {p['xp']}"
                line.setText(text)
                line.setStyleSheet(f"color: {theme.colour('warning')};" if p["capped"] else "")
            else:
                line.setText("")
                line.setStyleSheet("")
        lines = []
        for p in xp.get("parts", []):
            if not p["count"] and p["key"] not in ("played",):
                continue
            label = p["label"][0].upper() + p["label"][1:]
            if p["key"] in ("played", "out_of_action"):
                lines.append(f"{label}: {p['xp']}")
            else:
                lines.append(f"{label}: {p['count']} × {p['each']} = {p['raw']}"
                             + (f", counted {p['xp']}" if p["capped"] else ""))
        if xp.get("bonus"):
            lines.append(f"Scenario bonus: {xp['bonus']}")
        if xp:
            lines.append(f"Together {xp['before_cap']}" + (f": over the {xp['cap']} XP game cap, counted {xp['total']}"
                                                          if xp.get("capped") else f" (the cap is {xp['cap']} a game)"))
        self.breakdown.setText("\n".join(lines))
        info = facts.get("info_xp", 0)
        camp = (self.draft.after.derived or {}).get("campaign") or {}
        self.total.setText(f"{xp.get('total', 0)} XP this game" + (f" + {info} XP from Information" if info else "")
                           + (f" · {facts.get('xp_unspent', camp.get('xp_unspent', 0))} XP unspent after the game"
                              if facts else ""))

    def empty(self) -> bool:
        xp = self.draft.record.get("xp") or {}
        return not any(isinstance(v, int) and v for v in xp.values())
