"""Objects Qt made (a scroll area's viewport, a QTreeWidget's model), reached without PySide6 building a Python
class for every kind of widget or model.

Qt makes a scroll area's (or a table's, a list's) viewport as a plain QWidget, and a QTreeWidget's model as a
class it does not export. PySide6 cannot tell from such an object's C++ type what it is, so the first time one
comes back from a call like `viewport()` or `model()` it sets up every subclass it knows of the type the call
returns (68 widget classes, from QCalendarWidget to QWizard; 10 model classes) to ask each one; the classes and
their enums stay (tests/benchmarks/bench_gui.py, memory; tests/gui/test_memory_shape.py). Found among the
object's children, the same object comes back typed by what Qt says it is, and every later call finds it known.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QAbstractScrollArea, QWidget

if TYPE_CHECKING:
    from PySide6.QtCore import QAbstractItemModel
    from PySide6.QtWidgets import QAbstractItemView

NAME = "qt_scrollarea_viewport"   # what QAbstractScrollArea names the viewport it makes


def model(view: QAbstractItemView) -> QAbstractItemModel:
    """`view.model()`, also when Qt made the model (a QTreeWidget's)."""
    from PySide6.QtCore import QAbstractItemModel, Qt
    view.findChildren(QAbstractItemModel, options=Qt.FindChildOption.FindDirectChildrenOnly)   # now known
    return view.model()


def viewport(area: QAbstractScrollArea) -> QWidget:
    from PySide6.QtCore import Qt   # (not at import: the start page shows before Qt's enums are set up)
    found = area.findChild(QWidget, NAME, Qt.FindChildOption.FindDirectChildrenOnly)
    return found if found is not None else area.viewport()
