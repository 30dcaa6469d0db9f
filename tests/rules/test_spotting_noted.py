"""§9.6's record of who fought this turn (``GameState.exposed``) is kept sorted by soldier id
with one entry a man; :func:`spotting._noted` updates it in place of a dict sorted afresh, and
must give the very same tuple (a stored game and the seeded games' fingerprint hold it)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from firepower_tui.rules.optional.spotting import _noted

IDS = st.sampled_from(["A1", "A2", "B1", "B10", "B2", "G1", "T1", "T2"])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(IDS, st.integers(1, 6)), st.lists(IDS, max_size=4), st.integers(1, 6))
def test_noted_is_the_dict_sorted_afresh(before: dict[str, int], acted: list[str], turn: int) -> None:
    exposed = tuple(sorted(before.items()))
    expected = dict(exposed)
    for sid in acted:
        expected[sid] = turn
    got = _noted(exposed, acted, turn)
    assert got == tuple(sorted(expected.items()))
    if all(before.get(sid) == turn for sid in acted):
        assert got is exposed  # (nothing new: the state is kept as it is)
