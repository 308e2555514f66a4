"""Entry point of the frozen app (PyInstaller runs this file as __main__): the same `starwright`
command as the console script, gui.launcher:main. See first_show.py for STARWRIGHT_EXIT_AFTER_SHOW."""

import sys

import first_show


def main() -> int:
    first_show.install_if_asked()
    from gui.launcher import main as launcher_main
    return launcher_main()


if __name__ == "__main__":
    sys.exit(main())
