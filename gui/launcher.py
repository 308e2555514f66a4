"""The `starwright` console script: headless commands go to model.cli without importing Qt."""

from __future__ import annotations

import sys


def _open_gui(args: list[str]) -> int:
    from .app import run
    return run(args)


def main(argv: list[str] | None = None) -> int:
    from model.cli import main as cli_main
    return cli_main(argv, open_gui=_open_gui)


if __name__ == "__main__":
    sys.exit(main())
