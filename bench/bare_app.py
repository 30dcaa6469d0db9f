"""The reference for ``bench/bench_core.py``'s first-frame figure: a bare Textual app that shows
one Static with a known text. Run: python bench/bare_app.py (q quits)."""

from textual.app import App, ComposeResult
from textual.widgets import Static

READY = "bare textual app ready"


class BareApp(App[None]):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(READY)


if __name__ == "__main__":
    BareApp().run()
