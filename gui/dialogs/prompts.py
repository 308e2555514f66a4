"""Every standard dialog of the program: asking before losing work, choosing files, reporting files that cannot
be used and warning. The rest of gui/ reaches QMessageBox and QFileDialog through this module only."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

if TYPE_CHECKING:  # storage (json, validation) comes in with the first document, not at start-up
    from model.importers.bounded import ImportRefused
    from model.storage import DocumentError

FILTER = "Starwright documents (*.starwright *.json);;All files (*)"

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


def ask_save_changes(parent: QWidget | None, name: str) -> str:
    box = QMessageBox(parent)
    box.setObjectName("askSaveChanges")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Unsaved changes")
    box.setText(f"Save the changes to “{name}” before closing?")
    box.setInformativeText("If you don't save, your changes since the last save are lost.")
    box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                           | QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    answer = box.exec()
    return {QMessageBox.StandardButton.Save: SAVE, QMessageBox.StandardButton.Discard: DISCARD}.get(
        QMessageBox.StandardButton(answer), CANCEL)


def show_document_error(parent: QWidget | None, error: DocumentError | ImportRefused, action: str = "open") -> None:
    """What happened, where (the file and the place in it) and what to do next, in sentences (model/error_words)."""
    from model.error_words import paragraphs
    name = Path(error.path).name if error.path else "the document"
    headline, text = paragraphs(error, action)
    box = QMessageBox(parent)
    box.setObjectName("documentError")
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(f"Could not {action} {name}")
    box.setText(headline)
    box.setInformativeText(text)
    box.exec()


def show_message(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.information(parent, title, text)


def suggested_name(title: str) -> str:
    slug = re.sub(r"[^\w\- ]+", "", title, flags=re.UNICODE).strip().replace(" ", "-").lower()
    return (slug or "crew") + ".starwright"


def choose_open_paths(parent: QWidget | None, folder: str = "") -> list[str]:
    paths, _ = QFileDialog.getOpenFileNames(parent, "Open", folder, FILTER)
    return paths


def choose_save_path(parent: QWidget | None, suggestion: str) -> str:
    path, _ = QFileDialog.getSaveFileName(parent, "Save As", suggestion, FILTER)
    if path and not Path(path).suffix:
        path += ".starwright"
    return path


def choose_pdf_path(parent: QWidget | None, suggestion: str) -> str:
    return save_file(parent, "Export PDF", suggestion, "PDF files (*.pdf)", ".pdf")


def open_file(parent: QWidget | None, title: str, folder: str, filter_: str) -> str:
    """One existing file chosen by the user, or "" when cancelled."""
    path, _ = QFileDialog.getOpenFileName(parent, title, folder, filter_)
    return path


def save_file(parent: QWidget | None, title: str, suggestion: str, filter_: str, suffix: str = "") -> str:
    """The file to write chosen by the user (`suffix` added when the name has none of its own), or ""."""
    path, _ = QFileDialog.getSaveFileName(parent, title, suggestion, filter_)
    if path and suffix and not path.lower().endswith(suffix):
        path += suffix
    return path


def warn(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.warning(parent, title, text)


_ACCEPT = {"reset": QMessageBox.StandardButton.Reset, "discard": QMessageBox.StandardButton.Discard}


def confirm(parent: QWidget | None, name: str, title: str, text: str, informative: str, accept: str,
            accept_text: str = "", default_accept: bool = True) -> bool:
    """A question with one button that goes ahead (`accept`: "reset" or "discard", relabelled `accept_text`) and
    Cancel; True when the user went ahead. `name` is the box's object name (tests find it by it)."""
    box = QMessageBox(parent)
    box.setObjectName(name)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(title)
    box.setText(text)
    box.setInformativeText(informative)
    button = _ACCEPT[accept]
    box.setStandardButtons(button | QMessageBox.StandardButton.Cancel)
    if accept_text:
        box.button(button).setText(accept_text)
    box.setDefaultButton(button if default_accept else QMessageBox.StandardButton.Cancel)
    return box.exec() == button
