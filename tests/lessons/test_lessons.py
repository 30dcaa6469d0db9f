"""The guided lessons of ``firepower learn``: the data, the step checks, the
dice, and every lesson walked to its end headless through the controller (the command line's
path), each step done by its own action and not before."""

from __future__ import annotations

from pathlib import Path

import pytest

from firepower_tui.controller.controller import Controller
from firepower_tui.games.lesson_progress import LessonProgress
from firepower_tui.games.lessons import (LESSONS_DIR, LessonDice, LessonError, LessonRun, event_matches,
                                         lesson_session, load_lessons, state_matches)
from firepower_tui.rules.model.events import ChitDrawn, Moved, Turned
from firepower_tui.rules.board.hexgrid import Facing, hex_from_id
from firepower_tui.rules.scenario.options import ordered
from firepower_tui.rules.scenario.load import load_scenario
from firepower_tui.rules.model.types import IMPLEMENTED_RULES
from firepower_tui.ui.rulebook_index import rulebook

LESSONS = load_lessons()
CORE = ["movement", "fire", "grenades", "melee", "stun"]


def test_lessons_come_in_the_order_of_the_issue() -> None:
    """Movement and facing; fire; grenades; melee; stun and suppression; then one lesson per
    optional rule this version plays, in §9 order, each with that rule on in its scenario."""
    ids = [lesson.id for lesson in LESSONS]
    assert ids[:5] == CORE
    optional = list(ordered(str(r) for r in IMPLEMENTED_RULES))
    assert ids[5:] == optional
    for lesson in LESSONS[5:]:
        assert lesson.load().spec.rules == [lesson.id]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_scenario_is_a_valid_scenario(lesson) -> None:  # noqa: ANN001
    scenario = load_scenario(lesson.scenario)
    assert scenario.spec.id == f"learn_{lesson.id}"
    assert lesson.scenario.parent == LESSONS_DIR


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_cited_section_is_in_the_rules(lesson) -> None:  # noqa: ANN001
    """A step cites sections the player can look up: each opens a section of the rulebook."""
    book = rulebook()
    for step in lesson.steps:
        assert step.rules
        for section in (*step.rules, *lesson.rules):
            assert book.find(section) is not None, (lesson.id, section)


def walk(lesson_id: str) -> tuple[LessonRun, list[int]]:
    """Play a lesson headless: each step's own action through the controller's command line.
    Returns the run and, for each step, how many steps were done just before its action."""
    lesson = next(x for x in LESSONS if x.id == lesson_id)
    session = lesson_session(lesson)
    controller = Controller(session)
    controller.begin()
    run = LessonRun(lesson, session)
    assert run.observe() == []  # the opening chit draw does no step
    before: list[int] = []
    for step in lesson.steps:
        before.append(run.index)
        result = controller.command(step.do)
        assert result.refusal is None, (lesson_id, step.do, result.refusal)
        assert run.observe() == [step], (lesson_id, step.do)
    return run, before


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_every_lesson_can_be_walked_to_its_end(lesson) -> None:  # noqa: ANN001
    run, before = walk(lesson.id)
    assert run.done and run.step is None
    assert before == list(range(len(lesson.steps)))


@pytest.mark.rule("6.2.2")
def test_a_different_action_does_not_do_the_step() -> None:
    """Movement step 3 asks for a turn to SE: a turn to SW is accepted by the rules (1 MF) but is
    not the step; the step is done by the turn to SE after it."""
    lesson = LESSONS[0]
    session = lesson_session(lesson)
    c = Controller(session)
    c.begin()
    run = LessonRun(lesson, session)
    for step in lesson.steps[:2]:
        c.command(step.do)
    assert len(run.observe()) == 2
    assert c.command("turn T1 SW").refusal is None
    assert run.observe() == [] and run.index == 2
    c.command("turn T1 SE")
    assert run.observe() == [lesson.steps[2]]


@pytest.mark.rule("6.2")
def test_a_lesson_lets_nothing_end_the_phase_before_its_step() -> None:
    """Lesson 1, after T1's move (committed, the only man): e or E would end Tan's phase, and the
    chit drawn next cannot be taken back; the lesson refuses both with the step's hint and rules
    (R220). Actions that end nothing stay free (R140), and the step that ends the impulse does."""
    lesson = LESSONS[0]
    session = lesson_session(lesson)
    c = Controller(session)
    c.begin()
    run = LessonRun(lesson, session)
    session.gate = run
    for step in lesson.steps[:2]:
        assert c.command(step.do).refusal is None
    run.observe()
    before = session.state
    step = run.step
    assert step is not None and step.do == "turn T1 SE"
    for stray in (c.end_impulse, c.end_phase, lambda: c.command("done"), lambda: c.command("end")):
        result = stray()
        assert result.refusal is not None and result.refusal.rule == ", ".join(step.rules)
        assert step.do in result.refusal.reason
        assert session.state is before and run.index == 2
    assert c.command("turn T1 SW").refusal is None  # not the step, but it ends nothing: allowed
    for done in lesson.steps[2:5]:  # turn SE, crouch, then e: the step that ends the impulse (and the phase)
        assert c.command(done.do).refusal is None, done.do
        run.observe()
    assert run.index == 5 and session.state.active == "green"


@pytest.mark.rule("§9.9")
def test_a_step_is_seen_after_a_take_back() -> None:
    """A wrong turn taken back (it rolled no dice, §9.9), then the right one: the step is done."""
    lesson = LESSONS[0]
    session = lesson_session(lesson)
    c = Controller(session)
    c.begin()
    run = LessonRun(lesson, session)
    for step in lesson.steps[:2]:
        c.command(step.do)
    c.command("turn T1 SW")
    assert len(run.observe()) == 2 and run.index == 2
    assert c.undo().refusal is None
    c.command("turn T1 SE")  # the seen turn taken back and replaced between two checks: seen all the same
    assert run.observe() == [lesson.steps[2]] and run.index == 3


@pytest.mark.rule("6.3.6.3")
def test_a_step_forces_the_dice_its_lesson_needs() -> None:
    """The fire lesson's last step forces a 1 (ruling R140): T2's first shot kills G2."""
    run, _ = walk("fire")
    killed = [e for e in run.session.log if getattr(e, "event", "") == "killed"]
    assert [e.soldier for e in killed] == ["G2"]


@pytest.mark.rule("6.1")
def test_the_lesson_dice_draw_the_chits_in_the_lessons_order() -> None:
    dice = LessonDice(5, ("tan", "green"), 2, ["green", "green", "tan"])
    # a cup of Tan A, Tan B, Green A, Green B: the first Green chit is at index 2
    assert dice.pick("chit draw", 4) == 2
    assert dice.pick("chit draw", 3) == 2  # Tan A, Tan B, Green B
    assert dice.pick("chit draw", 2) == 0  # Tan A, Tan B
    assert dice.pick("chit draw", 4) in range(4)  # the order is spent: a new turn draws at random
    overwatch = next(x for x in LESSONS if x.id == "overwatch")
    session = lesson_session(overwatch)
    Controller(session).begin()
    drawn = [e for e in session.log if isinstance(e, ChitDrawn)]
    assert [e.side for e in drawn] == ["green"]


def test_event_and_state_predicates_match_fields_as_data() -> None:
    k3, k4 = hex_from_id("K3"), hex_from_id("K4")
    moved = Moved(soldier="T1", origin=k3, to=k4, cost=(), mf_left=3)
    assert event_matches(moved, {"event": "moved", "soldier": "t1", "to": "K4"})
    assert not event_matches(moved, {"event": "moved", "to": "K3"})
    assert not event_matches(moved, {"event": "turned", "soldier": "T1"})
    assert not event_matches(moved, {"event": "moved", "nosuchfield": 1})
    turned = Turned(soldier="T1", origin=Facing.S, facing=Facing.SE, cost=(), mf_left=2)
    assert event_matches(turned, {"event": "turned", "facing": "SE"})
    assert not event_matches(turned, {"event": "turned", "facing": "S"})
    session = lesson_session(LESSONS[0])
    assert state_matches(session.state, {"soldier": "T1", "hex": "C2", "posture": "stand", "status": "ok"})
    assert not state_matches(session.state, {"soldier": "T1", "posture": "prone"})
    assert not state_matches(session.state, {"soldier": "X9"})


@pytest.mark.parametrize(("text", "needle"), [
    ('[[lessons]]\nid = "a"\ntitle = "A"\nscenario = "movement.toml"\n[[lessons.steps]]\nsay = "x"\nrules = ["6.2"]\n'
     'do = "end"\n', "neither 'when' nor 'state'"),
    ('[[lessons]]\nid = "a"\ntitle = "A"\nscenario = "movement.toml"\n[[lessons.steps]]\nsay = "x"\nrules = ["6.2"]\n'
     'do = "end"\nwhen = { soldier = "T1" }\n', "must name the event kind"),
    ('[[lessons]]\nid = "a"\ntitle = "A"\nscenario = "m.toml"\nsteps = []\n', "at least one step"),
    ("[[lessons]\n", "lessons.toml"),
])
def test_a_bad_lessons_file_is_refused_by_name(tmp_path: Path, text: str, needle: str) -> None:
    path = tmp_path / "lessons.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as info:
        load_lessons(path)
    assert str(path) in str(info.value) and needle in str(info.value)


def test_progress_is_kept_and_marks_the_next_lesson(tmp_path: Path) -> None:
    path = tmp_path / "firepower" / "lessons.json"
    progress = LessonProgress(path)
    assert progress.marks(LESSONS[:3]) == ["next", "", ""]
    progress.record(LESSONS[0], len(LESSONS[0].steps))
    progress.record(LESSONS[2], 1)
    again = LessonProgress(path)  # read back from the file
    assert again.is_done("movement") and not again.is_done("grenades")
    assert again.steps_done("grenades") == 1
    assert again.marks(LESSONS[:3]) == ["done", "next", "started"]
    again.record(LESSONS[2], 0)  # the furthest step is kept
    assert LessonProgress(path).steps_done("grenades") == 1


def test_an_unreadable_progress_file_counts_as_no_progress(tmp_path: Path) -> None:
    """Ruling R142: the lessons still open; the file is replaced at the next step."""
    path = tmp_path / "lessons.json"
    path.write_text("{not json", encoding="utf-8")
    progress = LessonProgress(path)
    assert progress.marks(LESSONS[:2]) == ["next", ""]
    progress.record(LESSONS[0], 2)
    assert LessonProgress(path).steps_done("movement") == 2
