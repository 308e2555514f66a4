"""A scroll area's viewport, reached without PySide6 building a Python class for every kind of widget.

Qt makes a scroll area's (or a table's, a list's) viewport as a plain QWidget. PySide6 cannot tell from a
plain QWidget's C++ type whether it is a subclass that merely did not say so, so the first time such a widget
comes back from a call like `viewport()` it sets up every QWidget subclass it knows (68 classes, from
QCalendarWidget to QWizard) to ask each one; the classes and their enums stay (tests/benchmarks/bench_gui.py,
memory; tests/gui/test_memory_shape.py). Found by its name among the area's children, the same widget comes
back typed as what it is, and every later `viewport()` finds it already known.
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractScrollArea, QWidget

NAME = "qt_scrollarea_viewport"   # what QAbstractScrollArea names the viewport it makes


def viewport(area: QAbstractScrollArea) -> QWidget:
    from PySide6.QtCore import Qt   # (not at import: the start page shows before Qt's enums are set up)
    found = area.findChild(QWidget, NAME, Qt.FindChildOption.FindDirectChildrenOnly)
    return found if found is not None else area.viewport()
