"""Save As into another folder keeps a Starchasers ship's crew links pointing at the same files."""

import json
import shutil

from gui.session import Session
from model.storage import SaveError
from tests.conftest import EXAMPLES


def _crewed_ship(tmp_path):
    folder = tmp_path / "a"
    folder.mkdir()
    shutil.copy(EXAMPLES / "kestrel-crewed.starwright", folder)
    shutil.copy(EXAMPLES / "dash-korrin-ace.starwright", folder)
    return folder / "kestrel-crewed.starwright"


def test_SC_SHIP_26_save_as_elsewhere_rewrites_links_as_one_undo_step(qtbot, tmp_path):
    ship = _crewed_ship(tmp_path)
    session = Session.open(str(ship))
    before = [i for i in session.issues if i.rule == "SC-SHIP-26"]
    target = tmp_path / "b" / "deeper" / "copy.starwright"
    target.parent.mkdir(parents=True)
    session.save(str(target))
    saved = json.loads(target.read_text())
    links = {k: v["file"] for k, v in saved["crew"].items()}
    assert links and all(v == "../../a/dash-korrin-ace.starwright" for v in links.values())
    assert [i for i in session.issues if i.rule == "SC-SHIP-26"] == before == []
    assert not session.dirty
    session.stack.undo()  # the link rewrite is one step on the undo stack
    assert all(v["file"] == "dash-korrin-ace.starwright" for v in session.data["crew"].values())


def test_failed_save_as_leaves_links_as_they_were(qtbot, tmp_path):
    ship = _crewed_ship(tmp_path)
    session = Session.open(str(ship))
    try:
        session.save(str(tmp_path / "missing-folder" / "copy.starwright"))
    except SaveError:
        pass
    else:
        raise AssertionError("saving into a missing folder must fail")
    assert session.path == str(ship)
    assert all(v["file"] == "dash-korrin-ace.starwright" for v in session.data["crew"].values())
    assert not session.dirty
