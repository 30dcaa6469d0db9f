"""The reference for ``bench/bench_core.py``'s first-frame and take-back figures: a bare Textual
app that shows one Static with a known text, and shows another when ``z`` is pressed (a key to a
changed screen, with nothing else to do). Run: python bench/bare_app.py (q quits)."""

from textual.app import App, ComposeResult
from textual.widgets import Static

READY = "bare textual app ready"
PRESSED = "bare textual app saw the key"


class BareApp(App[None]):
    BINDINGS = [("q", "quit", "Quit"), ("z", "pressed", "Press")]

    def compose(self) -> ComposeResult:
        yield Static(READY)

    def action_pressed(self) -> None:
        self.query_one(Static).update(PRESSED)


if __name__ == "__main__":
    BareApp().run()
