"""The title screen: continue the last unfinished game, or start a new one."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class TitleScreen(Screen[str]):
    """Dismisses with the chosen option id: ``continue``, ``new``, ``pick``, ``learn`` or ``quit``."""

    BINDINGS = [Binding("escape,q", "dismiss('quit')", "Quit")]

    def __init__(self, continue_label: str, new_label: str, can_pick: bool = False) -> None:
        super().__init__()
        self.continue_label = continue_label
        self.new_label = new_label
        self.can_pick = can_pick

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("FIREPOWER\n", style="bold") + Text("Avalon Hill, 1984 - man-to-man tactical combat",
                                                                style="dim"))
            options = [Option(f"Continue: {self.continue_label}", id="continue"),
                       Option(f"New game: {self.new_label}", id="new")]
            if self.can_pick:
                options.append(Option("New game: choose a scenario...", id="pick"))
            options.append(Option("Learn the rules: guided lessons...", id="learn"))  # firepower learn
            yield OptionList(*options, Option("Quit", id="quit"), id="choices")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "quit")
