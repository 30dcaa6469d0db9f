"""One figure of a benchmark against its target, and the table the benchmarks print
(bench_core.py, bench_ai.py): the same verdicts and columns everywhere."""

from __future__ import annotations

import json
import platform
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

OPS = {"lower": "<=", "higher": ">=", "above": ">"}
"""How a figure's value must compare with its target to PASS (``better``)."""


@dataclass
class Figure:
    key: str
    label: str
    value: float | None = None
    """The figure compared with the target: a ratio when ``reference`` is set, else in ``unit``."""
    unit: str = ""
    target: float = 0.0
    better: str = "lower"
    """``lower``: PASS when value <= target; ``higher``: when value >= target; ``above``: when value > target."""
    measured: str = ""
    """The measured thing in plain words (e.g. '0.61 s')."""
    reference: str = ""
    """The reference it was divided by, same run ('' when absolute)."""
    note: str = ""
    partial: bool = False
    """Measured on less than the figure asks for (a budget ran out); the verdict gets a '*'."""
    error: str = ""
    samples: int = 0
    raw: dict[str, object] = field(default_factory=dict)

    @property
    def verdict(self) -> str:
        if self.error or self.value is None:
            return "ERROR"
        v, t = self.value, self.target
        ok = v <= t if self.better == "lower" else v > t if self.better == "above" else v >= t
        return ("PASS" if ok else "MISS") + ("*" if self.partial else "")

    def shown_value(self) -> str:
        if self.value is None:
            return "-"
        if self.unit == "x":
            return f"{self.value:.2f}x"
        if self.unit == "%":
            return f"{self.value:.0f} %"
        v = self.value
        digits = 0 if abs(v) >= 100 else 1 if abs(v) >= 10 else 2 if abs(v) >= 0.1 else 3
        return f"{v:.{digits}f} {self.unit}".strip()

    def shown_target(self) -> str:
        return f"{OPS[self.better]} {self.target:g}{'x' if self.unit == 'x' else ' ' + self.unit}".strip()


def table(figs: list[Figure], *, reference: bool = True) -> str:
    """The figures as an aligned table, then their notes (``reference``: a column for the
    reference measured in the same run)."""
    head = ("figure", "value", "target", "", "measured") + (("reference (same run)",) if reference else ())
    rows = [(f.label, f.shown_value(), f.shown_target(), f.verdict, f.measured or "-")
            + ((f.reference or "-",) if reference else ()) for f in figs]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def line(r: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()

    out = [line(head), line(tuple("-" * w for w in widths))] + [line(r) for r in rows]
    notes = [f"  {f.label}: {f.error or f.note}" for f in figs if f.note or f.error]
    return "\n".join(out + (["", "notes:", *notes] if notes else []))


def write_json(path: Path, figs: list[Figure], **about: object) -> None:
    """The figures and what the run was (``about``: quick, seconds, ...) as JSON, with each verdict."""
    payload = {**about, "python": platform.python_version(), "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
               "figures": [dict(asdict(f), verdict=f.verdict) for f in figs]}
    path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    print(f"figures written to {path}")


def exit_status(figs: list[Figure]) -> int:
    """1 when a figure could not be measured (a MISS is a result, not an error)."""
    return 1 if any(f.verdict == "ERROR" for f in figs) else 0
