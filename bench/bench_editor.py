"""``firepower edit`` on a 60x60 scenario: loading and checking it, and a key to its frame in a
pseudo-terminal at 120x40 (TERM=xterm-256color, read through pyte, as bench_tui.py measures the
game's keys). Run: python bench/bench_editor.py [runs]

Targets: load and validate a 60x60 scenario <= 0.3 s; a key to its frame <= 25 ms (a cursor
move; a terrain key that changes the file and redraws the map, with the editor idle before it;
terrain keys typed 70 ms apart, each coming while the file is checked after the one before;
and a door key, which checks the file before it draws).
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from pty_harness import PtyApp  # noqa: E402

from firepower_tui.rules.board.hexgrid import column_letters  # noqa: E402
from firepower_tui.rules.scenario.load import load_scenario  # noqa: E402
from firepower_tui.ui.editor.document import ScenarioDoc, check_text, new_text  # noqa: E402

SIZE = 60


def big_scenario() -> str:
    """A 60x60 scenario: mixed terrain (seeded), twelve buildings with doors and windows, a
    wall, water, and two squads of eight."""
    rng = random.Random(60)
    rows = ["".join(rng.choice("......hdtsr") for _ in range(SIZE)) for _ in range(SIZE)]
    text = new_text(SIZE, SIZE, "big").replace("\n".join("." * SIZE for _ in range(SIZE)), "\n".join(rows))
    rows_l = [list(r) for r in rows]
    parts = []
    for i in range(12):
        col, row = 4 + 4 * i, 20 + (i % 3) * 6
        for c in (col, col + 1):  # a building stands on open ground
            rows_l[row][c] = "."
        hexes = [f"{column_letters(col)}{row + 1}", f"{column_letters(col + 1)}{row + 1}"]
        parts.append(f'[[buildings]]\nhexes = {hexes!r}\ndoors = ["{hexes[0]}:N"]\nwindows = ["{hexes[1]}:S"]\n'
                     .replace("'", '"'))
    for r in (29, 30):
        rows_l[r][0] = "."
    text = text.replace("\n".join(rows), "\n".join("".join(r) for r in rows_l))
    parts.append('[[walls]]\nhexsides = ["C40:S", "D40:S"]\n')
    text = text.replace('rules = []', 'rules = ["buildings"]')
    text = text.replace('# . open', 'water = ["A30", "A31"]\n# . open')
    for side, letter, row in (("tan", "T", 2), ("green", "G", 59)):
        for n in range(8):
            parts.append(f'[[soldiers]]\nid = "{letter}{n + 1}"\nside = "{side}"\nweapon = "RFL"\n'
                         f'hex = "{column_letters(10 + 3 * n)}{row}"\nfacing = "{"S" if side == "tan" else "N"}"\n')
    return text.rstrip("\n") + "\n\n" + "\n".join(parts)


def load_and_validate(path: Path, runs: int) -> tuple[list[float], list[float]]:
    """``firepower validate``'s load (through TOML and the schema every time), and the editor's
    open (the TOML document, then the checks that give its problem panel)."""
    loads, opens = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        load_scenario(path)
        loads.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        text = path.read_text(encoding="utf-8")
        ScenarioDoc(text)
        check_text(text, str(path))
        opens.append(time.perf_counter() - t0)
    return loads, opens


def _panel(app: PtyApp) -> str:
    return "\n".join(line[app.cols - 38:] for line in app.screen.display[1:4])


def _panel_all(app: PtyApp) -> str:
    return "\n".join(line[app.cols - 38:] for line in app.screen.display[1:9])


def keys(path: Path, moves: int) -> tuple[list[float], list[float], list[float], list[float]]:
    app = PtyApp(["edit", str(path)], stamped=True)
    try:
        app.wait_for("60x60", timeout=60)
        app.wait_for("A1: ", timeout=30)
        app.settle(0.3)
        app.press("3")  # B1: open ground (the cursor off the ruler's corner)
        app.wait_for("B1: ")
        app.settle(0.2)

        def timed(key: str, needle: str) -> float:
            t0 = app.press(key)
            while needle not in _panel(app):
                app.pump(0.0005)
                if time.perf_counter() - t0 > 10:
                    raise TimeoutError(needle)
            shown = app.shown_at - t0
            app.settle(0.08)
            app.pump(0.4)  # (the editor idle again: a paint's check of the file runs 60 ms after it)
            return shown

        def burst(gap: float) -> list[float]:
            """Terrain keys ``gap`` s apart, as a painter types them: the check of the file after
            one key (due 60 ms after it) runs when the next comes."""
            out = []
            for i in range(moves):
                key, needle = ("t", "B1: trees") if i % 2 == 0 else (".", "B1: open")
                t0 = app.press(key)
                while needle not in _panel(app):
                    app.pump(0.0005)
                    if time.perf_counter() - t0 > 10:
                        raise TimeoutError(needle)
                out.append(app.shown_at - t0)
                while time.perf_counter() - t0 < gap:
                    app.pump(max(0.0, min(0.005, gap - (time.perf_counter() - t0))))
            app.settle(0.3)
            return out

        def door() -> list[float]:
            """``D`` on a building's hexside, on and off: the file checked on the key, the
            hexside drawn again."""
            for key in ("right", "right", "right", *["down"] * 20):  # B1 -> E21, a building with a door on E21:N
                app.press(key)
                app.pump(0.03)
            app.wait_for("E21: ")
            app.settle(0.3)
            out = []
            for i in range(moves):
                t0 = app.press("D")
                while ("doors: N" in _panel_all(app)) != (i % 2 == 1):
                    app.pump(0.0005)
                    if time.perf_counter() - t0 > 10:
                        raise TimeoutError("D")
                out.append(app.shown_at - t0)
                app.settle(0.08)
                app.pump(0.4)
            return out

        cursor = [timed(*(("right", "C1: ") if i % 2 == 0 else ("left", "B1: "))) for i in range(moves)]
        paint = [timed(*(("t", "B1: trees") if i % 2 == 0 else (".", "B1: open"))) for i in range(moves)]
        typed = burst(0.07)
        doors = door()
        return cursor, paint, typed, doors
    finally:
        app.close()


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    sys.setswitchinterval(0.0005)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.toml"
        path.write_text(big_scenario(), encoding="utf-8")
        problems = check_text(path.read_text(), str(path)).problems
        assert not problems, problems
        loads, opens = load_and_validate(path, runs)
        print(f"load and validate a 60x60 scenario: median {statistics.median(loads) * 1000:.0f} ms; the editor's open "
              f"(document + every problem): median {statistics.median(opens) * 1000:.0f} ms; target <= 300 ms")
        cursor, paint, typed, doors = keys(path, 20)

        def fig(xs: list[float]) -> str:
            xs = sorted(xs)
            return (f"median {statistics.median(xs) * 1000:.1f} ms, p90 {xs[int(len(xs) * 0.9)] * 1000:.1f}, "
                    f"max {xs[-1] * 1000:.1f}")

        print("editor key to frame, 120x40, 60x60 map (target <= 25 ms):")
        print(f"  cursor move: {fig(cursor)}")
        print(f"  terrain key, the editor idle before it (file changed, map redrawn): {fig(paint)}")
        print(f"  terrain keys 70 ms apart (the check of the file running as the next comes): {fig(typed)}")
        print(f"  a door on and off (the file checked on the key, the hexside drawn again): {fig(doors)}")


if __name__ == "__main__":
    main()
