"""Fuzzed scenario files with the map features of §9.6 and the items of §9.5:
whatever is written in their place, the file loads or is refused with a ScenarioError that
names the file, never another exception."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firepower_tui.rules.model.errors import ScenarioError
from firepower_tui.rules.scenario.load import load_scenario

ROOT = Path(__file__).resolve().parents[2]
VILLAGE = (ROOT / "scenarios" / "village.toml").read_text(encoding="utf-8")

HEXES = st.sampled_from(["D4", "E4", "H4", "A1", "N14", "Z99", "", "4D", "F5", "G8", "AA1", "d4"])
SIDES = st.sampled_from(["N", "NE", "SE", "S", "SW", "NW", "X", "", "n"])
HEXSIDE = st.one_of(st.builds(lambda h, s: f"{h}:{s}", HEXES, SIDES), HEXES, st.text(max_size=6))
VALUES = st.one_of(
    st.lists(HEXSIDE, max_size=4).map(lambda xs: "[" + ", ".join(f'"{x}"' for x in xs) + "]"),
    st.integers(-3, 12).map(str),
    st.sampled_from(['"D4"', "true", "{}", '{ smoke = -1 }', '{ smoke = 99 }', '{ mortar = 1 }', "[1, 2]"]),
)
LINES = re.compile(r"^(hexes|doors|windows|hexsides|water|rubble|items|barrages) = .*$", re.M)
"""The lines of village.toml whose value is replaced."""


@pytest.mark.rule("§9.6")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_fuzzed_village_loads_or_is_refused_by_name(data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    spots = list(LINES.finditer(VILLAGE))
    assert len(spots) >= 10  # the file still has its features and items
    chosen = data.draw(st.lists(st.sampled_from(range(len(spots))), min_size=1, max_size=3, unique=True))
    text = VILLAGE
    for i in sorted(chosen, reverse=True):
        m = spots[i]
        text = text[:m.start()] + f"{m.group(1)} = {data.draw(VALUES)}" + text[m.end():]
    path = tmp_path_factory.mktemp("fuzz") / "village.toml"
    path.write_text(text, encoding="utf-8")
    try:
        load_scenario(path)
    except ScenarioError as exc:
        assert "village.toml" in str(exc)
