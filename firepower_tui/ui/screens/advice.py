"""The advice dialog (``a``) and the turning points of a review: a short list of choices, each a
line; up/down picks one, Enter returns its number, Esc closes with none."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class PickScreen(ModalScreen[int | None]):
    """Lines to pick from; Enter dismisses with the index of the highlighted one, Esc with None."""

    BINDINGS = [Binding("escape,q", "close", "Close", priority=True)]

    def __init__(self, title: str, lines: list[Text], foot: str) -> None:
        super().__init__()
        self.title_text, self.lines, self.foot = title, lines, foot

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text, style="bold"), id="dialog-title")
            yield OptionList(*(Option(line, id=str(i)) for i, line in enumerate(self.lines)), id="dialog-body")
            yield Static(Text(self.foot, style="dim"), id="dialog-foot")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_close(self) -> None:
        self.dismiss(None)
