"""``python -m firepower_tui``: the ``firepower`` command (:mod:`firepower_tui.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
