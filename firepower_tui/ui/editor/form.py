"""The editor's dialogs: the scenario's form (``e``: title, turns, rules, victory, sides, zones,
budgets) and the file name asked for when a new scenario is first saved.

The form checks what it can read (a number where a number goes, ``1-3`` for rows) and says
what is wrong beside the fields, staying open; everything else (an unknown rule, a defender
that is not a side) the editor's problem panel lists once the values are in the file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static, TextArea

from .document import ScenarioDoc

VICTORIES = ("kills", "points_and_ground", "hold")
"""The victory conditions (§6, §10.4)."""
DEFAULTS: dict[str, Any] = {"chits_per_side": 4, "rules": [], "victory": "kills", "defender": None,
                            "sectors": {"columns": 3, "rows": 2}, "description": ""}
"""The schema's defaults: a key the file leaves out is written only when its value differs."""

FORM_CSS = """
ScenarioForm #form { width: 84; max-width: 100%; height: 90%; background: $surface; border: thick $accent;
                     padding: 0 1; }
ScenarioForm .row { height: 1; }
ScenarioForm .row Label { width: 26; }
ScenarioForm Input, ScenarioForm Input:focus { height: 1; border: none; padding: 0; width: 1fr; }
ScenarioForm Input:focus { background: $boost; text-style: bold; }
ScenarioForm TextArea { height: 5; border: none; }
ScenarioForm #form-error { color: $error; height: auto; }
AskPath #ask { width: 70; max-width: 100%; height: auto; background: $surface; border: thick $accent; padding: 0 1; }
AskPath Input, AskPath Input:focus { height: 1; border: none; padding: 0; }
"""


def _row(label: str, field_id: str, value: str, hint: str = "") -> ComposeResult:
    with Horizontal(classes="row"):
        yield Label(label)
        yield Input(value=value, id=field_id, placeholder=hint)


class ScenarioForm(ModalScreen[dict[str, Any] | None]):
    """The scenario's own keys and its two sides. Enter (in a field) or ctrl+s applies; Esc cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", priority=True),
                Binding("ctrl+s", "apply", "Apply", priority=True)]
    DEFAULT_CSS = FORM_CSS
    AUTO_FOCUS = "#f-id"
    """The first field has the keys at once (not the scrolling box around the fields)."""

    def __init__(self, doc: ScenarioDoc) -> None:
        super().__init__()
        self.doc = doc
        self.sides = doc.side_ids()

    def compose(self) -> ComposeResult:
        d = self.doc
        sectors = d.get("sectors") or DEFAULTS["sectors"]
        with Vertical(id="form"):
            yield Static(Text("The scenario (Enter applies, Esc cancels)", style="bold"))
            yield Static(id="form-error")
            with VerticalScroll():
                yield from _row("id", "f-id", str(d.get("id", "")), "lower case, e.g. bridge")
                yield from _row("title", "f-title", str(d.get("title", "")))
                yield from _row("turns (1-99)", "f-turns", str(d.get("turns", "")))
                yield from _row("chits per side (1-26)", "f-chits", str(d.get("chits_per_side", 4)))
                yield from _row("optional rules", "f-rules", " ".join(d.get("rules") or []),
                                "e.g. buildings hiding (firepower --help names them)")
                yield from _row("victory", "f-victory", str(d.get("victory", "kills")), " | ".join(VICTORIES))
                yield from _row("defender (hold)", "f-defender", str(d.get("defender") or ""), "a side's id")
                yield from _row("sectors (points_and_ground)", "f-sectors", f"{sectors['columns']}x{sectors['rows']}",
                                "COLUMNSxROWS")
                for i, side in enumerate(self.sides[:2]):
                    zone = d.zone_of(side)
                    rows = f"{zone[0][0]}-{zone[0][1]}" if zone else ""
                    cols = f"{zone[1][0]}-{zone[1][1]}" if zone and zone[1] else ""
                    budget = d.budget_of(side)
                    yield Static(Text(f"side {i + 1}", style="bold"))
                    yield from _row("  id", f"f-side{i}-id", side)
                    yield from _row("  name", f"f-side{i}-name", str(d._aot("sides")[i].get("name", "")))
                    yield from _row("  zone rows", f"f-side{i}-rows", rows, "e.g. 1-3 (empty: no zone)")
                    yield from _row("  zone columns", f"f-side{i}-cols", cols, "e.g. A-F (empty: every column)")
                    yield from _row("  budget (points)", f"f-side{i}-budget", "" if budget is None else str(budget),
                                    "empty: the men on the map")
                yield Static(Text("description", style="bold"))
                yield TextArea(str(d.get("description", "")).strip("\n"), id="f-description")

    def _value(self, field_id: str) -> str:
        return self.query_one(f"#{field_id}", Input).value.strip()

    def read(self) -> tuple[dict[str, Any] | None, list[str]]:
        """The values, or the problems of what cannot be read."""
        errors: list[str] = []

        def number(field_id: str, label: str, low: int, high: int, empty: bool = False) -> int | None:
            text = self._value(field_id)
            if not text and empty:
                return None
            if not text.isdigit() or not low <= int(text) <= high:
                errors.append(f"{label}: a number from {low} to {high}")
                return None
            return int(text)

        values: dict[str, Any] = {"id": self._value("f-id"), "title": self._value("f-title"),
                                  "turns": number("f-turns", "turns", 1, 99),
                                  "chits_per_side": number("f-chits", "chits per side", 1, 26),
                                  "rules": re.split(r"[\s,]+", self._value("f-rules")) if self._value("f-rules") else [],
                                  "victory": self._value("f-victory"),
                                  "defender": self._value("f-defender") or None}
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,39}", values["id"]):
            errors.append("id: lower-case letters, digits, - and _ (up to 40)")
        if not values["title"]:
            errors.append("title: a few words")
        if values["victory"] not in VICTORIES:
            errors.append(f"victory: one of {', '.join(VICTORIES)}")
        m = re.fullmatch(r"(\d+)\s*[xX]\s*(\d+)", self._value("f-sectors"))
        if not m or not (1 <= int(m.group(1)) <= 10 and 1 <= int(m.group(2)) <= 10):
            errors.append("sectors: COLUMNSxROWS, each 1 to 10, e.g. 3x2")
        else:
            values["sectors"] = {"columns": int(m.group(1)), "rows": int(m.group(2))}
        sides, zones, budgets = [], {}, {}
        for i in range(min(2, len(self.sides))):
            sid, name = self._value(f"f-side{i}-id"), self._value(f"f-side{i}-name")
            if not re.fullmatch(r"[a-z][a-z0-9_]{0,19}", sid):
                errors.append(f"side {i + 1} id: lower-case letters and digits, e.g. tan")
            if not name:
                errors.append(f"side {i + 1} name: a word or two")
            sides.append((sid, name))
            rows, cols = self._value(f"f-side{i}-rows"), self._value(f"f-side{i}-cols")
            zone = None
            if rows:
                mr = re.fullmatch(r"(\d+)\s*-\s*(\d+)", rows)
                mc = re.fullmatch(r"([A-Za-z]+)\s*-\s*([A-Za-z]+)", cols) if cols else None
                if mr is None:
                    errors.append(f"side {i + 1} zone rows: FIRST-LAST, e.g. 1-3")
                elif cols and mc is None:
                    errors.append(f"side {i + 1} zone columns: FIRST-LAST letters, e.g. A-F")
                else:
                    zone = ((int(mr.group(1)), int(mr.group(2))),
                            (mc.group(1).upper(), mc.group(2).upper()) if mc else None)
            zones[sid] = zone
            budgets[sid] = number(f"f-side{i}-budget", f"side {i + 1} budget", 8, 1000, empty=True)
        values["sides"], values["zones"], values["budgets"] = sides, zones, budgets
        text = self.query_one("#f-description", TextArea).text.strip("\n")
        values["description"] = text
        for key, default in DEFAULTS.items():  # a key the file leaves out stays out at its default
            if key in values and self.doc.get(key) is None and values[key] == default:
                del values[key]
        if self.doc.get("description") is not None and str(self.doc.get("description")).strip("\n") == text:
            values.pop("description", None)  # (as written, line breaks and all)
        return (None, errors) if errors else (values, [])

    def action_apply(self) -> None:
        values, errors = self.read()
        if errors:
            self.query_one("#form-error", Static).update("\n".join(errors))
            return
        self.dismiss(values)

    def on_input_submitted(self) -> None:
        self.action_apply()

    def action_cancel(self) -> None:
        self.dismiss(None)


class AskPath(ModalScreen[Path | None]):
    """The file a new scenario is saved to (a new ``.toml`` file)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", priority=True)]
    DEFAULT_CSS = FORM_CSS

    def compose(self) -> ComposeResult:
        with Vertical(id="ask"):
            yield Static(Text("Save as (a .toml file; Enter saves, Esc cancels)", style="bold"))
            yield Input(placeholder="e.g. my-scenario.toml", id="ask-path")
            yield Static(id="ask-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = Path(event.value.strip()).expanduser()
        if path.suffix != ".toml":
            why = "a scenario file ends in .toml"
        elif path.exists():
            why = f"{path} exists already: choose another name"
        elif not path.parent.is_dir():
            why = f"no folder {path.parent}"
        else:
            self.dismiss(path)
            return
        self.query_one("#ask-error", Static).update(Text(why, style="red"))

    def action_cancel(self) -> None:
        self.dismiss(None)
