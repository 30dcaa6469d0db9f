"""``pip install .`` (a built wheel, not the source tree) plays every shipped scenario."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted(p.stem for p in (ROOT / "scenarios").glob("*.toml"))

pytestmark = pytest.mark.slow  # builds a wheel and a venv


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed; its dependencies come from the test venv (appended to
    its path by a .pth file, after its own site-packages, so firepower_tui is the wheel's)."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"  # a clean tree, as a fresh clone has it (no build/ or egg-info to lean on)
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".venv", "venv", "build", "dist", "*.egg-info", "__pycache__", ".git", ".*_cache", ".hypothesis"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp / "dist"),
                            str(source)], capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stdout + build.stderr
    wheel = next((tmp / "dist").glob("firepower_tui-*.whl"))
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = venv / "bin" / "python"
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "zz_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    inst = subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
                          capture_output=True, text=True, timeout=300)
    assert inst.returncode == 0, inst.stdout + inst.stderr
    return venv


def run(venv: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["XDG_DATA_HOME"] = str(cwd / "data")
    return subprocess.run([str(venv / "bin" / "firepower"), *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120)


def test_the_wheel_is_what_runs(installed: Path, tmp_path: Path) -> None:
    py = installed / "bin" / "python"
    where = subprocess.run([str(py), "-c", "import firepower_tui; print(firepower_tui.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path, check=True).stdout
    assert str(installed) in where and str(ROOT) not in where


@pytest.mark.parametrize("scenario", SHIPPED)
def test_every_shipped_scenario_plays_from_the_wheel(installed: Path, tmp_path: Path, scenario: str) -> None:
    script = tmp_path / "s.fps"
    script.write_text(f"scenario {scenario}\nseed 3\nstate\n")
    out = run(installed, "script", "--json", str(script), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert '"event": "state"' in out.stdout


def test_basic_plays_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    script = tmp_path / "walk.fps"
    script.write_text("scenario basic\nseed 7\nchit tan\nimpulse K2\nmove T1 K3\nstate\n")
    out = run(installed, "script", str(script), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "T1 enters K3 from K2" in out.stdout
    listed = run(installed, "scenarios", cwd=tmp_path)
    assert listed.returncode == 0 and all(s in listed.stdout for s in SHIPPED)


def test_the_wheel_holds_every_module_and_data_file(installed: Path) -> None:
    """Every module of every sub-package and every data file of the source tree is in the wheel
    (a data file that pyproject.toml's package-data does not name would not be)."""
    wheel = next((installed.parent / "dist").glob("firepower_tui-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        held = {name for name in z.namelist() if name.startswith("firepower_tui/")}
    source = set()
    for folder, dirs, files in os.walk(ROOT / "firepower_tui", followlinks=True):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        source |= {Path(folder, f).relative_to(ROOT).as_posix() for f in files
                   if Path(f).suffix in (".py", ".toml", ".md", ".html", ".tcss")}
    assert "firepower_tui/rules/model/data/weapons.toml" in source
    assert sorted(source - held) == []


def test_the_campaigns_are_in_the_wheel(installed: Path, tmp_path: Path) -> None:
    listed = run(installed, "campaign", "list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "valley" in listed.stdout and "ambush, crossing, bunkers" in listed.stdout
