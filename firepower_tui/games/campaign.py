"""Campaigns: scenarios played one after another by one force (ruling R282).

A campaign file (``data/campaigns/*.toml``) names the side whose men are carried on, its
scenarios in order and how the men are healed between them. The survivors of one scenario,
with their weapons and the items they still carry, are the force of the next: each takes the
place (hex, facing, posture) of one of that side's men in the next scenario's file, in order,
and the items the file gives that place are issued to him as well. A man Stunned at the end
sits out the next scenario when the campaign heals only the fit (``heal = "rest"``) and
rejoins after it; ``heal = "all"`` sends every survivor on. A broken weapon is repaired
between scenarios; a destroyed one is replaced by a rifle.

A campaign is stored in the game store (its own table): the scenario it is at, the force,
each result, and the game being played, which is an ordinary stored game (its scenario text,
the next scenario with the force put in, is written beside the store so that ``firepower
resume`` finds it too). The campaign score (R282): 3 for each scenario won, 1 for a draw, 0
for a loss, and 1 for each man alive at the end of the last.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..rules.model.errors import FirepowerError, Problem, ScenarioError
from ..rules.model.scenario import Scenario
from ..rules.model.state import GameState
from ..rules.model.types import Status, WeaponState
from ..rules.scenario.load import load_scenario, parse_scenario
from .session import Session
from .store import Store

HEALING = ("all", "rest")
"""``all``: every survivor goes on; ``rest``: a man Stunned at the end sits out one scenario."""
WIN, DRAW, LOSS = 3, 1, 0
"""What a scenario scores for the campaign's side (R282)."""


@dataclass(frozen=True, slots=True)
class CampaignSpec:
    """A campaign as its file gives it."""

    id: str
    title: str
    description: str
    side: str
    """The side whose men are carried from one scenario to the next."""
    heal: str
    scenarios: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Man:
    """One man of the campaign's force, between two scenarios."""

    id: str
    weapon: str
    items: dict[str, int]
    resting: bool = False
    """He sits out the next scenario (Stunned at the end of the last, ``heal = "rest"``)."""


def campaign_dir() -> Path:
    return Path(__file__).resolve().parents[1] / "data" / "campaigns"


def known_campaigns() -> list[CampaignSpec]:
    return [load_campaign(p.stem) for p in sorted(campaign_dir().glob("*.toml"))]


def load_campaign(name: str) -> CampaignSpec:
    """A campaign by id (or file).

    Raises:
        ScenarioError: no such campaign, or a file with problems (each named).
    """
    path = Path(name) if name.endswith(".toml") else campaign_dir() / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in campaign_dir().glob("*.toml")))
        raise ScenarioError(name, [Problem("", f"no campaign with that id (known: {known or 'none'})")])
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ScenarioError(str(path), [Problem(str(path), f"cannot read: {exc}")]) from None
    problems = []
    for key, kind in (("id", str), ("title", str), ("side", str), ("scenarios", list)):
        if not isinstance(raw.get(key), kind):
            problems.append(Problem(f"{path}: {key}", f"missing or not a {kind.__name__}"))
    if raw.get("heal", "all") not in HEALING:
        problems.append(Problem(f"{path}: heal", f"one of {', '.join(HEALING)}"))
    if problems:
        raise ScenarioError(str(path), problems)
    spec = CampaignSpec(id=raw["id"], title=raw["title"], description=raw.get("description", ""), side=raw["side"],
                        heal=raw.get("heal", "all"), scenarios=tuple(raw["scenarios"]))
    for i, sid in enumerate(spec.scenarios):
        sc = load_scenario(sid)
        if spec.side not in {s.id for s in sc.spec.sides} or sc.spec.forces:
            raise ScenarioError(str(path), [Problem(f"{path}: scenarios[{i}]", f"{sid} does not set up side "
                                                    f"{spec.side!r} man by man, so no force can be carried into it")])
    return spec


def first_force(spec: CampaignSpec) -> list[Man]:
    """The campaign side's men as the first scenario sets them up."""
    sc = load_scenario(spec.scenarios[0])
    return [Man(s.id, s.weapon, dict(s.items)) for s in sc.spec.soldiers if s.side == spec.side]


def survivors(state: GameState, spec: CampaignSpec, played: list[Man]) -> list[Man]:
    """The force after a scenario: the men who lived (healed as the campaign says, R282), and
    those who sat it out, now rested."""
    from ..rules.optional.special_rule import carried

    out = [Man(m.id, m.weapon, m.items) for m in played if m.resting]
    for s in state.soldiers:
        if s.side != spec.side or s.killed or not s.deployed:
            continue
        weapon = "RFL" if s.weapon_state is WeaponState.DESTROYED else s.weapon
        items = carried(state, s.id) if "special_weapons" in state.rules else \
            next((dict(m.items) for m in played if m.id == s.id), {})
        out.append(Man(s.id, weapon, items, resting=spec.heal == "rest" and s.status is Status.STUNNED))
    return out


def scenario_text(base: Scenario, side: str, force: list[Man]) -> str:
    """The text of ``base`` with ``side``'s men replaced by ``force`` (those not resting), each
    in the place of one of the file's men of that side, in order; places left over stay empty."""
    blocks = _blocks(base.text)
    places = [b for b in blocks if _is_soldier_of(b, side)]
    kept = [b for b in blocks if not _is_soldier_of(b, side)]
    going = [m for m in force if not m.resting]
    new = []
    for man, place in zip(going, places):
        spot = tomllib.loads(place)["soldiers"][0]
        items = dict(man.items)
        for k, v in spot.get("items", {}).items():
            items[k] = min(9, items.get(k, 0) + v)
        lines = ["[[soldiers]]", f"id = {json.dumps(man.id)}", f"side = {json.dumps(side)}",
                 f"weapon = {json.dumps(man.weapon)}"]
        for key in ("hex", "facing", "posture", "fence_side"):
            if key in spot:
                lines.append(f"{key} = {json.dumps(spot[key])}")
        if items:
            lines.append("items = { " + ", ".join(f"{k} = {v}" for k, v in sorted(items.items()) if v) + " }")
        new.append("\n".join(lines) + "\n")
    text = "".join(kept).rstrip("\n") + "\n\n" + "\n".join(new)
    return re.sub(r"\n{3,}", "\n\n", text)


def _blocks(text: str) -> list[str]:
    """The text cut before each table header (a comment or blank line just above one goes with it)."""
    lines = text.splitlines(keepends=True)
    starts = [i for i, ln in enumerate(lines) if ln.lstrip().startswith("[")]
    cuts = [0] + starts + [len(lines)]
    return ["".join(lines[a:b]) for a, b in zip(cuts, cuts[1:]) if b > a]


def _is_soldier_of(block: str, side: str) -> bool:
    if not block.lstrip().startswith("[[soldiers]]"):
        return False
    try:
        return bool(tomllib.loads(block)["soldiers"][0].get("side") == side)
    except (tomllib.TOMLDecodeError, KeyError, IndexError):
        return False


def step_scenario(spec: CampaignSpec, step: int, force: list[Man], folder: Path, number: int) -> Scenario:
    """Scenario ``step`` of the campaign with ``force`` put in, written to ``folder`` (beside the
    store) as the file its game is played from.

    Raises:
        FirepowerError: nobody of the force can fight in it.
    """
    if not any(not m.resting for m in force):
        raise FirepowerError(f"campaign {number}: no man of {spec.side} is fit to fight")
    base = load_scenario(spec.scenarios[step])
    text = scenario_text(base, spec.side, force)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"campaign-{number}-{step + 1}-{base.id}.toml"
    path.write_text(text, encoding="utf-8")
    return parse_scenario(text, str(path))


def points_for(winner: str | None, side: str) -> int:
    """What a scenario scores for the campaign's side (R282)."""
    return DRAW if winner is None else WIN if winner == side else LOSS


def score(results: list[dict[str, Any]], force: list[dict[str, Any]], finished: bool) -> int:
    """The campaign score so far: each scenario's points, and at the end one for each man alive."""
    return sum(int(r["points"]) for r in results) + (len(force) if finished else 0)


def settle(store: Store, number: int) -> bool:
    """Count campaign ``number``'s game if it is over, however it was played to its end
    (``firepower campaign``, ``firepower resume``, ``firepower join``): its result and points
    in the results, its survivors the force of the next scenario (R282), the campaign at its
    next scenario with no game yet, or finished (its last scenario played, or nobody left to
    fight). Whether a game was counted (False: no game, or not over yet)."""
    from .service import load_game

    row = store.campaign(number)
    if row.finished or row.game_id is None or not store.game(row.game_id).finished:
        return False
    spec = load_campaign(row.campaign_id)
    state = load_game(store, row.game_id).state
    force = survivors(state, spec, from_data(row.force))
    results = [*row.results, {"scenario": spec.scenarios[row.step], "game": row.game_id, "winner": state.winner,
                              "points": points_for(state.winner, spec.side), "survivors": len(force)}]
    step = row.step + 1
    finished = step >= len(spec.scenarios) or not any(not m.resting for m in force)
    store.update_campaign(number, step=step, force=as_data(force), results=results, game_id=None, finished=finished)
    return True


def campaign_of(store: Store, game_id: int) -> int | None:
    """The number of the campaign whose game ``game_id`` is (None: a game of no campaign)."""
    return next((c.id for c in store.campaigns() if c.game_id == game_id), None)


def next_game(store: Store, number: int, seed: int, folder: Path | None = None) -> tuple[Session, int] | None:
    """Carry campaign ``number`` on: the game of the scenario it is at, resumed if unfinished;
    else, the scenario just finished counted (:func:`settle`) and the next one started as a new
    stored game. None when the campaign is over (its last scenario played, or nobody left to fight).
    """
    from .service import new_game, resume_game

    settle(store, number)
    row = store.campaign(number)
    if row.finished:
        return None
    if row.game_id is not None:
        return resume_game(store, row.game_id)
    spec = load_campaign(row.campaign_id)
    scenario = step_scenario(spec, row.step, from_data(row.force), folder or store.path.parent / "campaigns", number)
    session, game_id = new_game(store, scenario, seed, dict(row.options))
    store.update_campaign(number, step=row.step, force=row.force, results=row.results, game_id=game_id,
                          finished=False)
    return session, game_id


def start(store: Store, name: str, options: dict[str, Any] | None = None) -> int:
    """A new stored campaign at its first scenario (no game yet: :func:`next_game` starts it)."""
    spec = load_campaign(name)
    return store.create_campaign(spec.id, spec.side, as_data(first_force(spec)), options)


def as_data(force: list[Man]) -> list[dict[str, Any]]:
    return [asdict(m) for m in force]


def from_data(data: list[dict[str, Any]]) -> list[Man]:
    return [Man(d["id"], d["weapon"], dict(d.get("items", {})), bool(d.get("resting", False))) for d in data]


__all__ = ["CampaignSpec", "Man", "as_data", "campaign_of", "first_force", "from_data", "known_campaigns",
           "load_campaign", "next_game", "points_for", "scenario_text", "score", "settle", "start", "step_scenario",
           "survivors"]
