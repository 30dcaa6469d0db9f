"""A few SVG snapshots at fixed size and seed. Review the HTML report before `--snapshot-update`."""

from __future__ import annotations

import pytest

from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.ui.app import make_app


pytestmark = pytest.mark.xdist_group("snapshots")
"""One xdist worker takes every snapshot of this module (with ``--dist loadgroup``, as
pytest-textual-snapshot asks under xdist: split over workers, a failed run compared one test's
screen with another's snapshot)."""


def app():  # noqa: ANN201
    return make_app(load_scenario("basic"), seed=7)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_start_of_play(snap_compare, size: tuple[int, int]) -> None:  # noqa: ANN001
    """Tan's first phase: the map with both squads, rulers, the cursor on T1 in K2, the
    'choose a hex' panel, the chit in the log and the legal keys in the footer."""
    assert snap_compare(app(), terminal_size=size)


def test_aiming_a_rifle(snap_compare) -> None:  # noqa: ANN001
    """T3 aims at G3 in D14: arc and LOS marked, the preview shows hit number 4 [4.7 RFL auto
    9-12], two tree hindrances with their rules, 20% a shot and 48.8% to kill."""
    assert snap_compare(app(), press=["left"] * 7 + ["enter", "f"], terminal_size=(120, 40))


def test_detailed_zoom(snap_compare) -> None:  # noqa: ANN001
    """The detailed zoom: hex ids, counters with facing and posture, a moved man."""
    assert snap_compare(app(), press=["enter", "m", "o"], terminal_size=(120, 40))
