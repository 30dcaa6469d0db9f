"""``firepower ssh-setup``: authorized_keys lines that pin each key to a side."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from firepower_tui.cli.ssh_setup import SshKeyError, lines_for
from firepower_tui.games.store import Store
from firepower_tui.rules.model.errors import FirepowerError

KEY_A = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJVgdHfXhWvwE88++Xc8vgMgwh+oaCu9IrYCRbGPZ11f alice@laptop"
KEY_B = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPw7TGDzhSwmdqk2ymLmxO69YvoGIe4LnTxxKMKff4E/"


def keyfile(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text + "\n")
    return str(path)


def forced_command(line: str) -> list[str]:
    """The command an authorized_keys line forces, read as sshd reads the option (a ``\\"`` is a
    quote, the first bare ``"`` ends it), then split as the shell will."""
    prefix = 'restrict,pty,command="'
    assert line.startswith(prefix)
    text, i = "", len(prefix)
    while line[i] != '"':
        if line[i] == "\\" and line[i + 1] == '"':
            i += 1
        text += line[i]
        i += 1
    assert line[i + 1] == " "
    return shlex.split(text)


def test_each_key_is_pinned_to_its_side(game_db: tuple[Path, int], tmp_path: Path) -> None:
    db, game_id = game_db
    store = Store(db)
    try:
        lines = lines_for(store, game_id, [f"tan={keyfile(tmp_path, 'a.pub', KEY_A)}",
                                          f"green={keyfile(tmp_path, 'b.pub', KEY_B)}"])
    finally:
        store.close()
    assert [line.endswith(key) for line, key in zip(lines, (KEY_A, KEY_B))] == [True, True]
    tan, green = (forced_command(line) for line in lines)
    assert Path(tan[0]).is_absolute()
    assert tan[1:] == ["join", str(game_id), "--side", "tan", "--db", str(db.absolute())]
    assert green[1:5] == ["join", str(game_id), "--side", "green"]


def test_a_path_with_spaces_and_quotes_survives_both_quotings(tmp_path: Path) -> None:
    from firepower_tui.cli.ssh_setup import authorized_line

    command = ["/opt/fire power/bin/firepower", "join", "1", "--side", "tan", "--db", '/home/x/my "games".db']
    assert forced_command(authorized_line(command, KEY_A)) == command


@pytest.mark.parametrize("spec, text", [
    ("blue={}", KEY_A),                      # not a side of the game
    ("tan", KEY_A),                          # no file
    ("tan={}", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n-----END OPENSSH PRIVATE KEY-----"),
    ("tan={}", KEY_A + "\n" + KEY_B),        # two keys
    ("tan={}", 'command="x" ' + KEY_A),     # options already
    ("tan={}", ""),
])
def test_bad_keys_are_refused_by_name(game_db: tuple[Path, int], tmp_path: Path, spec: str, text: str) -> None:
    db, game_id = game_db
    store = Store(db)
    try:
        with pytest.raises(SshKeyError):
            lines_for(store, game_id, [spec.format(keyfile(tmp_path, "k.pub", text))])
    finally:
        store.close()


def test_no_such_game_is_refused(game_db: tuple[Path, int], tmp_path: Path) -> None:
    db, game_id = game_db
    store = Store(db)
    try:
        with pytest.raises(FirepowerError):
            lines_for(store, game_id + 1, [f"tan={keyfile(tmp_path, 'a.pub', KEY_A)}"])
    finally:
        store.close()


def test_the_command_prints_lines_or_a_message_never_a_traceback(game_db: tuple[Path, int], tmp_path: Path) -> None:
    db, game_id = game_db
    a = keyfile(tmp_path, "a.pub", KEY_A)
    run = [sys.executable, "-m", "firepower_tui", "ssh-setup", str(game_id), "--db", str(db)]
    ok = subprocess.run([*run, "--key", f"tan={a}"], capture_output=True, text=True)
    bad = subprocess.run([*run, "--key", f"tan={tmp_path / 'missing.pub'}"], capture_output=True, text=True)
    assert ok.returncode == 0 and [ln for ln in ok.stdout.splitlines() if not ln.startswith("#")][0].endswith(KEY_A)
    assert bad.returncode == 2 and bad.stdout == "" and "Traceback" not in bad.stderr


@pytest.mark.parametrize("db", ["/home/x/back\\slash.db", "C:\\games\\g.db", '/x/a\\"b.db', "/x/end\\"])
def test_backslashes_reach_the_command_as_they_are(db: str) -> None:
    """sshd unescapes only ``\\"`` in ``command="..."``: a backslash is not doubled, or the player
    lands in another (new, empty) database."""
    from firepower_tui.cli.ssh_setup import authorized_line

    command = ["/opt/firepower/bin/firepower", "join", "1", "--side", "tan", "--db", db]
    assert forced_command(authorized_line(command, KEY_A)) == command


@pytest.mark.parametrize("name", ["new\nline.db", "cr\r.db", "tab\t.db", "esc\x1b.db", "del\x7f.db", "nl\x85.db"])
def test_a_store_path_with_a_control_character_is_refused(tmp_path: Path, name: str) -> None:
    """authorized_keys is one key a line: a newline in the path would print a broken two-line
    entry. Refused, naming the path, before any line is printed."""
    db = tmp_path / name
    store = Store(db)
    try:
        store.close()
        r = subprocess.run([sys.executable, "-m", "firepower_tui", "ssh-setup", "1", "--key",
                            f"tan={keyfile(tmp_path, 'a.pub', KEY_A)}", "--db", str(db)],
                           capture_output=True, text=True)
    finally:
        store.close()
    assert r.returncode == 2 and "Traceback" not in r.stderr and "control character" in r.stderr
    assert "restrict" not in r.stdout
