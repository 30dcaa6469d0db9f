"""The map's legend (the help screen, ``?``): every glyph the map draws, each shown in a hex
drawn by the map's own renderer (:mod:`.map_grid`, :mod:`.map_counters`) and said in words
with its rule.

The legend's hexes are a small scenario of their own (:func:`legend_scenario`), read and
checked like any scenario, one entry a hex in every other column of a three-row map; each
entry's hex is cut out of the drawn grid, so the legend shows exactly what the map shows, in
the glyph set (Unicode or ``--ascii``) and the colours (the theme's) of the game on screen.
"""

from __future__ import annotations

import textwrap

from collections.abc import Mapping
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from ...rules.board.hexgrid import Hex, column_letters, hex_from_id
from ...rules.model.scenario import Scenario
from ...rules.scenario.load import parse_scenario
from ...rules.basic.sequence import new_game
from ...rules.model.special_types import Barrage, SpecialState
from ...rules.model.state import GameState
from ...rules.model.types import Status, WeaponState
from ...rules.model.units import GroundWeapon
from .map_counters import MARKERS, draw_counters
from .map_grid import ASCII, COMPACT, UNICODE, Glyphs, Grid, terrain_base
from .map_palette import FIXED
from .map_text import THEMED_PLAIN


@dataclass(frozen=True)
class Entry:
    """One hex of the legend: what it holds (``setup``) and what it means (``words``)."""

    section: str
    words: tuple[str, ...]
    """Up to three lines, beside the three lines of the hex."""
    setup: Mapping[str, str]
    """What the hex holds: ``terrain`` (a scenario letter), ``fence`` (an axis), ``hedge``,
    ``feature`` (``building``, ``bunker``, ``water``, ``rubble``, ``wall``), ``man`` (``tan`` or
    ``green``), ``posture``, ``marker`` (a status or marker letter), ``stack`` (men in the hex),
    ``ground`` (a weapon lying there), ``special`` (``smoke`` or ``barrage``)."""


ENTRIES: tuple[Entry, ...] = (
    Entry("Terrain (rulebook §1.2)", ("open ground: no effect",), {"terrain": "."}),
    Entry("Terrain (rulebook §1.2)", ("hill (high level): +1 MF across its edge (6.2.3);", "blocks LOS between lower hexes (6.3.4)"),
          {"terrain": "h"}),
    Entry("Terrain (rulebook §1.2)", ("depression (low level): +1 MF across its edge (6.2.3)",), {"terrain": "d"}),
    Entry("Terrain (rulebook §1.2)", ("trees: cover +1 and concealment +1;", "+1 to fire through each (6.3.6.2)"),
          {"terrain": "t"}),
    Entry("Terrain (rulebook §1.2)", ("scrub: concealment +1 (6.3.6.2.3)",), {"terrain": "s"}),
    Entry("Terrain (rulebook §1.2)", ("rough: cover +1 (6.3.6.2.2)",), {"terrain": "r"}),
    Entry("Lines inside a hex (3.6)", ("fence (drawn along its line, three ways): 1 MF to", "cross; cover +1 behind it; blocks LOS of a Prone man"),
          {"terrain": ".", "fence": "E-W"}),
    Entry("Lines inside a hex (3.6)", ("hedge: 1 MF to cross; concealment +1; +1 to fire", "through each (6.3.6.2.5)"),
          {"terrain": ".", "hedge": "E-W"}),
    Entry("Buildings and water (optional rule, §9.6)", ("building (filled): in and out by doors only, +2 cover;",
                                                        "here a door on its top edge and a window on its",
                                                        "upper right one (fire in and out through them)"),
          {"terrain": ".", "feature": "building"}),
    Entry("Buildings and water (optional rule, §9.6)", ("bunker: a building with slits (here a slit on its top",
                                                        "edge, a door below); harmed from outside only by",
                                                        "a Molotov or a satchel"),
          {"terrain": ".", "feature": "bunker"}),
    Entry("Buildings and water (optional rule, §9.6)", ("high wall (on three edges here): blocks LOS along it;",
                                                        "C climbs it (2 MF, d10 <= 6)"),
          {"terrain": ".", "feature": "wall"}),
    Entry("Buildings and water (optional rule, §9.6)", ("water: +1 MF to enter; no Prone, no fire in it",),
          {"terrain": ".", "feature": "water"}),
    Entry("Buildings and water (optional rule, §9.6)", ("rubble: a building destroyed; rough ground (cover +1)",),
          {"terrain": ".", "feature": "rubble"}),
    Entry("Soldiers (the top man of each hex)", ("his id (the second side's in lower case with the colour-blind",
                                                "theme or --ascii), his facing (an arrow; --ascii: N NE SE S",
                                                "SW NW) and posture: c crouching, p prone, blank standing"),
          {"terrain": ".", "man": "tan", "posture": "crouch"}),
    Entry("Soldiers (the top man of each hex)", ("the line below: his status or marker letter (see below), how",
                                                "many men share the hex, the terrain, any fence line; _ for",
                                                "none (--ascii: his posture comes first there)"),
          {"terrain": "t", "man": "green", "posture": "prone", "marker": "S", "stack": "3"}),
    *(Entry("Status and markers (the first he has; the soldier panel lists all)",
            (f"{letter} {name}: {meaning} ({rule})", f"(detailed zoom, o: {word})"),
            {"terrain": ".", "man": "tan", "marker": letter})
      for letter, word, name, meaning, rule in (("X", "STUN", "Stunned", "no MF, Prone", "6.4.4"),
                                                ("S", "SUP", "Suppressed", "-1 MF, +1 to his fire", "6.4.3"),
                                                *MARKERS)),
    Entry("On the ground and in the air", ("a weapon lying in an empty hex (w and its code; a broken",
                                           "one in lower case): i picks it up (optional rule, §9.4)"),
          {"terrain": ".", "ground": "LMG"}),
    Entry("On the ground and in the air", ("w in the corner: a weapon lies under the men there (§9.4)",),
          {"terrain": ".", "man": "tan", "ground": "RFL"}),
    Entry("On the ground and in the air", ("~ Smoke: +2 to every LOS touching the hex (§9.5)",),
          {"terrain": ".", "special": "smoke"}),
    Entry("On the ground and in the air", ("! a barrage is coming: it lands at its side's next chit (§9.5)",),
          {"terrain": ".", "special": "barrage"}),
)
"""Every glyph of the map, in the order the legend shows them."""


def entry_hex(i: int) -> str:
    """The legend hex of entry ``i``: every other column of the middle row (A2, C2, E2 ...), so
    that each of its hexsides has a hex of the map beyond it (a wall or a door needs one)."""
    return f"{column_letters(2 * i)}2"


def legend_scenario() -> Scenario:
    """The legend's hexes as a scenario (checked as any is)."""
    columns = 2 * len(ENTRIES) - 1
    terrain = ["."] * columns  # the middle row; the rows above and below are open ground
    fences, hedges, water, rubble, parts, men = [], [], [], [], [], []
    for i, e in enumerate(ENTRIES):
        h, setup = entry_hex(i), e.setup
        terrain[2 * i] = setup.get("terrain", ".")
        if "fence" in setup:
            fences.append(f'{{ hex = "{h}", axis = "{setup["fence"]}" }}')
        if "hedge" in setup:
            hedges.append(f'{{ hex = "{h}", axis = "{setup["hedge"]}" }}')
        feature = setup.get("feature")
        if feature == "water":
            water.append(f'"{h}"')
        elif feature == "rubble":
            rubble.append(f'"{h}"')
            terrain[2 * i] = "r"  # rubble lies on rough ground (R71)
        elif feature == "building":
            parts.append(f'[[buildings]]\nhexes = ["{h}"]\ndoors = ["{h}:N"]\nwindows = ["{h}:NE"]\n')
        elif feature == "bunker":
            parts.append(f'[[bunkers]]\nhexes = ["{h}"]\ndoors = ["{h}:S"]\nslits = ["{h}:N"]\n')
        elif feature == "wall":
            parts.append(f'[[walls]]\nhexsides = ["{h}:N", "{h}:NE", "{h}:SE"]\n')
        if "man" in setup:
            for n in range(int(setup.get("stack", "1"))):
                side = setup["man"]
                men.append(f'[[soldiers]]\nid = "{side[0].upper()}{i + 1}{n or ""}"\nside = "{side}"\nweapon = "RFL"\n'
                           f'hex = "{h}"\nfacing = "N"\nposture = "{setup.get("posture", "stand")}"\n')
    text = (f'id = "legend"\ntitle = "The map legend"\nturns = 1\nchits_per_side = 1\n\n[map]\ncolumns = {columns}\n'
            f'rows = 3\nterrain = """\n{"." * columns}\n{"".join(terrain)}\n{"." * columns}\n"""\nfences = [{", ".join(fences)}]\n'
            f'hedges = [{", ".join(hedges)}]\nwater = [{", ".join(water)}]\nrubble = [{", ".join(rubble)}]\n\n'
            + "\n".join(parts)
            + '\n[[sides]]\nid = "tan"\nname = "Tan"\n\n[[sides]]\nid = "green"\nname = "Green"\n\n' + "\n".join(men))
    return parse_scenario(text, "legend.toml")  # (from the scenario cache after the first time: no schema)


def legend_state() -> GameState:
    """The legend's scenario with each entry's markers, weapons on the ground and §9.5 markers."""
    state = new_game(legend_scenario())
    changed = []
    for i, e in enumerate(ENTRIES):
        letter = e.setup.get("marker")
        if letter is None:
            continue
        for s in state.soldiers_at(hex_from_id(entry_hex(i))):
            changed.append(s.evolve(**MARKER_FIELDS[letter]))
    ground: dict[Hex, tuple[GroundWeapon, ...]] = {}
    smoke: list[tuple[Hex, int]] = []
    barrages: list[Barrage] = []
    for i, e in enumerate(ENTRIES):
        h = hex_from_id(entry_hex(i))
        if "ground" in e.setup:
            ground[h] = (GroundWeapon(e.setup["ground"]),)
        if e.setup.get("special") == "smoke":
            smoke.append((h, 1))
        elif e.setup.get("special") == "barrage":
            barrages.append(Barrage("tan", "T1", h))
    state = state.with_soldiers(*changed) if changed else state
    return state.evolve(ground=ground, special=SpecialState(smoke=tuple(smoke), barrages=tuple(barrages)))


MARKER_FIELDS: dict[str, dict[str, object]] = {
    "X": {"status": Status.STUNNED}, "S": {"status": Status.SUPPRESSED}, "O": {"overwatch": True},
    "H": {"hidden": True}, "J": {"weapon_state": WeaponState.BROKEN}, "N": {"weapon_state": WeaponState.DESTROYED},
    "R": {"running": True}, "D": {"dirt_used": True},
}
"""The soldier's fields that show each letter of the map (:func:`.map_counters.status_char`)."""


def hex_picture(grid: Grid, h: Hex, styles: Mapping[str, Style]) -> list[Text]:
    """The three lines of ``h`` as the compact map draws them: its outline and its two lines
    of contents (a neighbour's cells left blank)."""
    ox, oy = COMPACT.origin(h)
    cells = {(dx, dy) for dx, dy, _ in COMPACT.borders}
    cells |= {(dx + i, dy) for dy, dx, w in COMPACT.slots for i in range(w)}
    width = max(dx for dx, _ in cells) + 1
    out = []
    for dy in range(max(dy for _, dy in cells) + 1):
        line = Text()
        for dx in range(width):
            if (dx, dy) in cells:
                key = grid.styles[oy + dy][ox + dx]
                line.append(grid.chars[oy + dy][ox + dx], style=styles.get(key, Style()))
            else:
                line.append(" ")
        out.append(line)
    return out


def legend_text(*, ascii: bool = False, restyled: Mapping[str, Style] | None = None,
                lower_second: bool = False, width: int | None = None) -> Text:
    """The legend: each entry's hex as the map draws it (``ascii``: the ``--ascii`` glyphs;
    ``restyled``: a theme's styles, ui/theme.py; ``lower_second``: the second side in lower
    case), its words beside it, under section headings; ``width``: the words wrapped to it,
    every line beside the picture's column."""
    glyphs: Glyphs = ASCII if ascii else UNICODE
    state = legend_state()
    grid = draw_counters(terrain_base(state.scenario.map, COMPACT, glyphs), state, COMPACT, glyphs,
                         lower_second=lower_second)
    styles = {**FIXED, **THEMED_PLAIN, **(restyled or {})}
    t = Text()
    section = ""
    for i, e in enumerate(ENTRIES):
        if e.section != section:
            section = e.section
            t.append(f"\n{section}\n", style="bold")
        picture = hex_picture(grid, hex_from_id(entry_hex(i)), styles)
        pad = 2 + max(len(line) for line in picture) + 2
        words = textwrap.wrap(" ".join(e.words), max(width - pad, 20), break_on_hyphens=False) if width else list(e.words)
        for row in range(max(len(picture), len(words))):
            t.append("  ")
            t.append_text(picture[row] if row < len(picture) else Text(" " * (pad - 4)))
            if row < len(words):
                t.append(f"  {words[row]}")
            t.append("\n")
    return t


__all__ = ["ENTRIES", "Entry", "MARKER_FIELDS", "hex_picture", "legend_scenario", "legend_state", "legend_text"]
