"""The scenario picker's list (imported by the ``firepower`` command and by each connection of
``firepower serve``; nothing is loaded until it is called)."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at start-up (mypy knows the name)
if TYPE_CHECKING:
    from ..rules.model.scenario import Scenario


def all_scenarios() -> list[tuple[Scenario, bool]]:
    """Every scenario in scenarios/ (a broken file is skipped here; `validate` names it), with a
    deployment variant for those that have both fixed positions and zones."""
    from ..rules.model.errors import FirepowerError
    from ..games.scenario_cache import load_cached
    from ..rules.scenario.load import scenario_dirs

    out: list[tuple[Scenario, bool]] = []
    for d in scenario_dirs():
        for path in sorted(d.glob("*.toml"), key=lambda p: (p.stem != "basic", p.stem)):
            try:
                sc = load_cached(path)
            except FirepowerError:
                continue
            out.append((sc, False))
            if sc.has_zones and not sc.needs_deployment:
                out.append((sc, True))
    return out
