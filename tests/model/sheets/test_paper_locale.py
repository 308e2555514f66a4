"""The default paper follows the locale's territory; a locale without one (C, C.UTF-8) gets A4."""

import pytest

from model.sheets.options import default_paper


@pytest.mark.parametrize("lang, paper", [("C.UTF-8", "a4"), ("C", "a4"), ("POSIX", "a4"),
                                         ("en_US.UTF-8", "letter"), ("fr_CA.UTF-8", "letter"),
                                         ("en_GB.UTF-8", "a4"), ("de_DE.UTF-8", "a4")])
def test_default_paper_from_the_process_environment(monkeypatch, lang, paper):
    for var in ("LC_ALL", "LC_PAPER"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", lang)
    assert default_paper() == paper
