"""The rules core and the controller never load the UI (STYLE.md §2)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["firepower_tui.rules", "firepower_tui.controller", "firepower_tui.script"])
def test_core_imports_no_ui(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') or m.startswith('firepower_tui.ui'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{module} loaded UI modules: {out.stdout.strip()}"


def test_rules_use_no_global_random() -> None:
    """Only dice.py may import random (STYLE.md §4)."""
    from pathlib import Path

    import firepower_tui.rules as rules

    root = Path(rules.__file__).parent
    offenders = [p.name for p in root.glob("*.py") if p.name != "dice.py" and "import random" in p.read_text()]
    assert offenders == []
