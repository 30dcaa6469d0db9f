"""The rules key's page: whole sections of the rulebook, with their subsections, rendered as the
rulebook renders them."""

from __future__ import annotations

from rich.console import Console

from firepower_tui.ui.rules_text import sections


def shown(page: object, width: int = 80) -> str:
    console = Console(width=width, color_system=None, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(page)
    return console.export_text()


def test_sections_for_each_activity() -> None:
    chart = sections(("3.2",))
    assert [s.number for s in chart.sections] == ["3.2"]
    assert "The movement chart" in shown(chart) and "Enter a new hex" in shown(chart)
    throw = sections(("4.10", "4.10.5"))  # a subsection inside one shown is not shown twice
    assert [s.number for s in throw.sections] == ["4.10", "4.10.1", "4.10.2", "4.10.3", "4.10.4", "4.10.5"]
    melee = sections(("5",))
    assert [s.number for s in melee.sections] == ["5", "5.1", "5.2", "5.3"]
    assert "The hit number is 5" in shown(melee) and "6. The basic scenario" not in shown(melee)
    assert sections(("§9.1", "99")).sections[0].number == "9.1"


def test_the_page_is_markdown_rendered() -> None:
    text = shown(sections(("4.7", "4.8", "4.10.4")))
    assert "**" not in text and "|---" not in text and "| ---" not in text and "`" not in text
    assert "LMG light" in text and "13–20" in text and "31–40" in text


def test_ascii_page() -> None:
    text = shown(sections(("3.2", "4.7", "4.10.4"), ascii=True))
    assert text.isascii() and "Stand <-> Prone" in text and "13-20" in text
