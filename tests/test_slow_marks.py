"""The fast loop, ``pytest -m "not slow"``: a new test in a slow folder or one that drives the app in
a pty is slow without anyone marking it (``tests/conftest.py``), and the ``slow`` marker is
registered, so ``--strict-markers`` takes it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"

NEW_TESTS = {
    "remote/test_new_remote.py": "def test_over_the_network():\n    pass\n",
    "fault/test_new_fault.py": "def test_a_killed_process():\n    pass\n",
    "ui/test_new_pty.py": (f"import sys\nsys.path.insert(0, {str(BENCH)!r})\nfrom pty_harness import PtyApp\n\n\n"
                           "def test_in_a_terminal():\n    assert PtyApp\n"),
    "ui/test_new_harness_module.py": (f"import sys\nsys.path.insert(0, {str(BENCH)!r})\nimport pty_harness\n\n\n"
                                      "def test_through_a_helper():\n    assert pty_harness\n"),
    "ui/test_new_mixed.py": (f"import sys\nsys.path.insert(0, {str(BENCH)!r})\n\n\n"
                             "def test_imports_the_harness_itself():\n    from pty_harness import PtyApp\n    assert PtyApp\n\n\n"
                             "async def test_in_process():\n    pass\n"),
    "test_new_plain.py": "def test_a_unit():\n    pass\n",
    "test_new_marked.py": "import pytest\n\n\n@pytest.mark.slow\ndef test_marked_by_hand():\n    pass\n",
}


def collected(tree: Path, marks: str) -> set[str]:
    """The tests of ``tree`` that ``-m marks`` selects, collected with this repository's pytest
    configuration and a copy of its ``tests/conftest.py``."""
    r = subprocess.run([sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tree),
                        "-n", "0", "-p", "no:cacheprovider", "--collect-only", "-q", "-m", marks, str(tree / "tests")],
                       cwd=tree, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return {line.split("::")[1] for line in r.stdout.splitlines() if "::" in line}


def test_new_tests_in_slow_folders_or_in_a_pty_are_slow_without_a_mark(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    shutil.copy(ROOT / "tests" / "conftest.py", tests / "conftest.py")
    for name, text in NEW_TESTS.items():
        (tests / name).parent.mkdir(exist_ok=True)
        (tests / name).write_text(text)
    slow = {"test_over_the_network", "test_a_killed_process", "test_in_a_terminal", "test_through_a_helper",
            "test_imports_the_harness_itself", "test_marked_by_hand"}
    assert collected(tmp_path, "slow") == slow  # and not test_in_process, test_a_unit
