"""Before turn 1: the force builder (§10.3), the §10.2 choices, and the scenario picker."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...controller.controller import Controller
from ...games.seats import DEFAULT_LEVEL, LEVELS, versus_computer
from ...rules.model.actions.special import Equip
from ...rules.model.state import GameState
from ...rules.model.actions import Buy, Drop, Ready
from ...rules.kinds.setup import BUYABLE
from ...rules.scenario.options import AVAILABLE, DEFAULT_CLOCK, SUMMARY, ordered
from ...rules.model.scenario import Scenario
from ...rules.scenario.setup import budget, spent
from ...rules.model.types import RuleId
from ...rules.model.units import weapon_chart
from ...rules.scenario.victory import POINTS, TRAIT_POINTS, soldier_points

UNIT_WORDS = {"RFL": ("Rifleman", "rifleman"), "PST": ("Leader", "leader (pistol)"), "LMG": ("LMG", "LMG gunner")}
"""How the builder names a man by his weapon (footer label, list); any other weapon by the chart's name."""


def unit_label(code: str) -> str:
    return UNIT_WORDS[code][0] if code in UNIT_WORDS else code


def unit_name(code: str) -> str:
    return UNIT_WORDS[code][1] if code in UNIT_WORDS else weapon_chart().weapons[code].name


def _buy_bindings() -> list[Binding]:
    """Keys 1, 2, 3 ... buy the kinds of man in the order of the points table (§10.3)."""
    return [Binding(str(key), f"buy({code!r})", f"{unit_label(code)} {cost}", priority=True)
            for key, (code, cost) in enumerate(POINTS.items(), 1)]


def _items_text(st: GameState, sid: str) -> str:
    """`` + radio, smoke 2`` for a man with §9.5 items bought (empty otherwise)."""
    if st.special is None or not st.special.bought:
        return ""
    from ...rules.optional.special_rule import carried

    have = carried(st, sid)
    return (" + " + ", ".join(f"{k} {n}" if n > 1 else k for k, n in have.items())) if have else ""


class ForceBuilderScreen(Screen[None]):
    """Each side with a budget buys its men in turn; the total never exceeds the budget (§10.3)."""

    BINDINGS = [
        *_buy_bindings(),
        Binding("s", "scout", f"Scout +{TRAIT_POINTS['scout']}", priority=True),
        Binding("backspace,z", "drop", "Drop last", priority=True),
        Binding("y", "equip('smoke')", "Smoke", priority=True),
        Binding("M", "equip('molotov')", "Molotov", priority=True),
        Binding("T", "equip('satchel')", "Satchel", priority=True),
        Binding("B", "equip('radio')", "Radio", priority=True),
        Binding("enter", "ready", "Force complete", priority=True),
        Binding("Q,ctrl+q", "app.quit", "Quit", priority=True),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.c = controller
        self.scout = False
        self.message = Text("")

    @property
    def side(self) -> str | None:
        return self.c.forces.side

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="builder")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        st = self.c.state
        side = self.side
        if side is None:
            return
        name = st.scenario.side_name(side)
        left = self.c.forces.points_left(side)
        t = Text(f"Forces by points: {name} buys (§10.3)\n", style="bold")
        t.append(f"{spent(st, side)} of {budget(st, side)} points spent, {left} left\n\n")
        for key, offer in enumerate(self.c.forces.offers(side, scout=self.scout), 1):
            extra = f" + {offer.scout_cost} scout" if offer.scout_cost else ""
            t.append(f"  {key}  {unit_name(offer.weapon):<16} {offer.cost:>3}{extra}\n",
                     style="" if offer.affordable else "dim")
        t.append(f"  s  scout trait (placed last, anywhere outside the enemy zone): {'ON' if self.scout else 'off'}\n")
        if "special_weapons" in st.rules:  # §9.5 items for the last man bought (R94)
            from ...rules.scenario.victory import ITEM_POINTS

            t.append("  for the last man bought (§9.5): " + ", ".join(
                f"{k} {item} {ITEM_POINTS[item]}" for k, item in (("y", "smoke"), ("M", "molotov"), ("T", "satchel"),
                                                                  ("B", "radio"))) + "\n")
        t.append("\nBought:\n", style="bold")
        men = [s for s in st.soldiers if s.side == side]
        for s in men:
            t.append(f"  {s.id} {unit_name(s.weapon)}{' (scout)' if 'scout' in s.traits else ''}: "
                     f"{soldier_points(s)}{_items_text(st, s.id)}\n")
        if not men:
            t.append("  nobody yet\n", style="dim")
        t.append("\nEnter: force complete    Backspace: drop the last man\n", style="dim")
        t.append_text(self.message)
        self.query_one("#builder", Static).update(t)

    def _do(self, action: Buy | Drop | Ready | Equip) -> None:
        result = self.c.submit(action)
        self.message = Text(f"\n{result.refusal.reason} [{result.refusal.rule}]", style="bold red") \
            if result.refusal else Text("")
        if self.side is None:
            self.dismiss(None)
            return
        self._show()

    def action_buy(self, code: str) -> None:
        side, weapon = self.side, BUYABLE.get(code)
        if side is not None and weapon is not None:
            self._do(Buy(side=side, weapon=weapon, scout=self.scout))
            self.scout = False
            self._show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The §9.5 item keys only in a game with ``special_weapons`` on (R94)."""
        if action == "equip":
            return "special_weapons" in self.c.state.rules
        return True

    def action_equip(self, item: str) -> None:
        """A §9.5 item for the last man bought (refused when the rule is off, R94)."""
        side = self.side
        men = [s for s in self.c.state.soldiers if s.side == side]
        if men:
            self._do(Equip(soldier=men[-1].id, item=item))

    def action_scout(self) -> None:
        self.scout = not self.scout
        self._show()

    def action_drop(self) -> None:
        side = self.side
        men = [s for s in self.c.state.soldiers if s.side == side]
        if men:
            self._do(Drop(soldier=men[-1].id))

    def action_ready(self) -> None:
        side = self.side
        if side is not None:
            self._do(Ready(side=side))


class ChoiceScreen(ModalScreen[str]):
    """A §10.2 decision: pick a side by its first letter (or 1 / 2)."""

    def __init__(self, question: Text, sides: list[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        self.sides = sides

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="small"):
            yield Static(self.question)
            yield OptionList(*[Option(f"{name}", id=side) for side, name in self.sides], id="choices")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or self.sides[0][0])


def scenario_summary(sc: Scenario, deploy: bool = False, rules: Text | None = None) -> Text:
    """Title, size and forces, then ``rules`` (the picker's toggles), then the description."""
    spec = sc.spec
    t = Text(f"{spec.title}\n", style="bold")
    forces = ", ".join(f"{sc.side_name(s)} {f.budget} points" for s, f in spec.forces.items()) or \
        f"{len(spec.soldiers)} men"
    setup = "deployment zones" if (deploy or sc.needs_deployment) else "fixed positions"
    t.append(f"{spec.map.columns}x{spec.map.rows} hexes, {spec.turns} turns, {forces}; {setup}; "
             f"victory: {spec.victory.replace('_', ' ')}\n\n", style="dim")
    if rules is not None:
        t.append_text(rules)
        t.append("\n")
    t.append(spec.description.strip())
    return t


RULE_KEYS = {"overwatch": "o", "hit_the_dirt": "d", "hiding": "h", "weapons": "w", "special_weapons": "x", "buildings": "b",
             "melee_reactions": "m", "clock": "c"}
"""The picker's key for each optional rule it can turn on or off (RULES.md §9)."""

Picked = tuple[str, bool, tuple[str, ...]] | tuple[str, bool, tuple[str, ...], dict[str, str]]
"""What the picker returns: the scenario's path, deploy, and the optional rules chosen; and who
plays each side when the computer plays one."""


HOTSEAT = "hotseat, both sides at this keyboard"
"""Who plays when the computer plays no side, on one machine."""


def players_panel(sc: Scenario, versus: str | None, level: str, advice: bool | None = None,
                  people: str = HOTSEAT) -> Text:
    """Who plays: ``people`` (hotseat), or the computer's side and level (p and l change them);
    whether the computer's advice may be asked in the game (a changes it; None: not offered here)."""
    t = Text("Players (p: who, l: level): ", style="bold")
    if versus is None:
        t.append(f"{people}\n")
    else:
        human = ", ".join(sc.side_name(s.id) for s in sc.spec.sides if s.id != versus)
        t.append(f"the computer plays {sc.side_name(versus)} ({level}); you play {human}\n")
    if advice is not None:
        t.append("Advice (a): ", style="bold")
        t.append("on: the computer's best choices on the a key\n" if advice else
                 "off: a fair match, advice refused all game (R270)\n")
    t.append("\n")
    return t


def rules_panel(rules: tuple[str, ...], clock: int) -> Text:
    """The optional rules, each with its key, whether it is on, and what it does (R50)."""
    t = Text("Optional rules (rulebook §9), on and off by key:\n", style="bold")
    for rule in AVAILABLE:
        on = rule in rules
        what = f"{clock} s per phase" if rule == "clock" else SUMMARY[rule]
        t.append(f" [{'x' if on else ' '}] {RULE_KEYS.get(rule, '')} {rule.replace('_', ' ')} "
                 f"{RuleId(rule).section}", style="bold" if on else "")
        t.append(f": {what}\n", style="dim")
    return t


class ScenarioPicker(Screen[Picked | None]):
    """Choose a scenario: Enter plays it; the panel describes the highlighted one and its
    optional rules, which keys turn on and off (a choice per scenario, kept while the
    highlight moves)."""

    BINDINGS = [Binding("escape,q", "dismiss(None)", "Back"),
                Binding("greater_than_sign,shift+down", "describe_scroll(1)", "More", key_display=">"),
                Binding("less_than_sign,shift+up", "describe_scroll(-1)", "Back up", key_display="<", show=False),
                *[Binding(key, f"toggle_rule({rule!r})", rule.replace("_", " ").capitalize())
                  for rule, key in RULE_KEYS.items() if rule in AVAILABLE],
                Binding("p", "cycle_players", "Players"), Binding("l", "cycle_level", "Level"),
                Binding("a", "toggle_advice", "Advice")]

    def __init__(self, scenarios: list[tuple[Scenario, bool]],
                 rules: Callable[[Scenario], Sequence[str] | None] | None = None, clock: int | None = None,
                 players: tuple[str | None, str] = (None, DEFAULT_LEVEL), advice: bool | None = None,
                 people: str = HOTSEAT) -> None:
        """``rules``: the rules a scenario starts with in the picker (the command line's
        ``--rules``), None for its own list; ``clock``: the command line's ``--clock``;
        ``players``: the side the computer plays (None: hotseat) and its level (``--vs-computer``,
        ``--level``); ``advice``: whether the game lets its players ask the computer's advice
        (``--no-advice``: off), a turns it on and off; None: the choice is not offered (the
        server's lobby); ``people``: who plays when the computer does not (the server's lobby:
        you and whoever takes the other side)."""
        super().__init__()
        self.advice = advice
        """Advice allowed in the game started (R270); read by the app once a scenario is picked."""
        self.people = people
        side, self.level = players
        self.versus: list[str | None] = [side if side in [s.id for s in sc.spec.sides] else None
                                         for sc, _ in scenarios]
        """The side the computer plays in each scenario (None: hotseat), p cycles it."""
        self.scenarios = scenarios
        self.rules = [ordered(r if (r := (rules(sc) if rules else None)) is not None else sc.spec.rules)
                      for sc, _ in scenarios]
        """The rules chosen for each scenario (by its place in the list)."""
        self.clock = clock
        self.index = 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="picker"):
            yield OptionList(*[Option(f"{sc.id}{' (deploy)' if dep else ''}: {sc.spec.title}", id=str(i))
                               for i, (sc, dep) in enumerate(self.scenarios)], id="scenario-list")
            with VerticalScroll(id="scenario-info-box"):
                yield Static(id="scenario-info")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self._describe(0)

    def _describe(self, i: int) -> None:
        self.index = i
        sc, dep = self.scenarios[i]
        panel = players_panel(sc, self.versus[i], self.level, self.advice, self.people)
        panel.append_text(rules_panel(self.rules[i], self.clock or sc.spec.clock or DEFAULT_CLOCK))
        t = scenario_summary(sc, dep, panel)
        self.query_one("#scenario-info", Static).update(t)

    def action_describe_scroll(self, pages: int) -> None:
        """``>`` and ``<``: scroll the description by a page (at 80x24 it does not fit)."""
        box = self.query_one("#scenario-info-box", VerticalScroll)
        box.scroll_to(y=box.scroll_y + pages * max(1, box.size.height - 2), animate=False)

    def action_cycle_players(self) -> None:
        """p: hotseat, then the computer plays each side in turn."""
        sides = [None, *(s.id for s in self.scenarios[self.index][0].spec.sides)]
        now = self.versus[self.index]
        self.versus[self.index] = sides[(sides.index(now) + 1) % len(sides)] if now in sides else None
        self._describe(self.index)

    def action_cycle_level(self) -> None:
        """l: the computer's level, easy, normal, hard (for every scenario)."""
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)] if self.level in LEVELS else DEFAULT_LEVEL
        self._describe(self.index)

    def action_toggle_advice(self) -> None:
        """a: advice on or off in the game started (for every scenario; R270)."""
        if self.advice is not None:
            self.advice = not self.advice
            self._describe(self.index)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The advice key only where the choice is offered."""
        return self.advice is not None if action == "toggle_advice" else True

    def action_toggle_rule(self, rule: str) -> None:
        """Turn one optional rule on or off for the highlighted scenario."""
        now = self.rules[self.index]
        self.rules[self.index] = ordered(set(now) ^ {rule})
        self._describe(self.index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._describe(int(event.option.id or 0))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        i = int(event.option.id or 0)
        sc, dep = self.scenarios[i]
        side = self.versus[i]
        if side is None:
            self.dismiss((sc.path, dep, self.rules[i]))
        else:
            self.dismiss((sc.path, dep, self.rules[i], versus_computer([s.id for s in sc.spec.sides], side, self.level)))
