"""Two players over OpenSSH, on loopback: a private sshd with the
``authorized_keys`` lines of ``firepower ssh-setup``. Each key gets the game for its pinned side
whatever command the client asks for; each screen follows the other; a dropped connection
leaves no game process behind. Skipped without sshd and ssh (Debian: openssh-server, -client)."""

from __future__ import annotations

import getpass
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
pytest.importorskip("pyte")
from pty_harness import PtyApp  # noqa: E402
from test_web_browser import joins_of, stored, wait_until  # noqa: E402
from webdriver import free_port  # noqa: E402

SSHD = Path("/usr/sbin/sshd")
pytestmark = pytest.mark.skipif(not (SSHD.exists() and shutil.which("ssh") and shutil.which("ssh-keygen")),
                                reason="needs OpenSSH's sshd, ssh and ssh-keygen")


def keygen(path: Path, comment: str) -> Path:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", str(path)], check=True)
    return path


@pytest.fixture
def sshd(tmp_path: Path, game_db: tuple[Path, int]) -> Iterator[tuple[int, Path, dict[str, Path]]]:
    """A loopback sshd whose only authorized keys are ``firepower ssh-setup``'s lines for the
    game: (port, db, {side: private key})."""
    db, game_id = game_db
    keys = {side: keygen(tmp_path / f"id_{side}", f"{side}@test") for side in ("tan", "green")}
    setup = subprocess.run([sys.executable, "-m", "firepower_tui", "ssh-setup", str(game_id), "--db", str(db),
                            *[a for side, k in keys.items() for a in ("--key", f"{side}={k}.pub")]],
                           capture_output=True, text=True, check=True)
    authorized = tmp_path / "authorized_keys"
    authorized.write_text(setup.stdout)
    authorized.chmod(0o600)
    port = free_port()
    config = tmp_path / "sshd_config"
    config.write_text("\n".join([
        f"Port {port}", "ListenAddress 127.0.0.1", f"HostKey {keygen(tmp_path / 'host_key', 'host')}",
        f"AuthorizedKeysFile {authorized}", f"PidFile {tmp_path / 'sshd.pid'}", "StrictModes no",
        "PasswordAuthentication no", "KbdInteractiveAuthentication no", "PubkeyAuthentication yes",
        "PermitRootLogin prohibit-password", "UsePAM no", f"AllowUsers {getpass.getuser()}", ""]))
    if os.geteuid() == 0:
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # sshd's privilege separation directory
    server = subprocess.Popen([str(SSHD), "-D", "-e", "-f", str(config)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: server.poll() is not None or _listening(port), "sshd listens")
        if server.poll() is not None:
            pytest.skip(f"sshd would not start here: {server.stderr.read() if server.stderr else ''}")
        yield port, db, keys
    finally:
        server.terminate()
        server.wait(timeout=30)


def _listening(port: int) -> bool:
    import socket

    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def ssh(port: int, key: Path, *asked: str) -> PtyApp:
    """``ssh -tt`` as this user with ``key``, in a pty read through pyte; ``asked``: the command the
    client asks for (the forced one runs instead)."""
    return PtyApp([], cols=100, rows=30, command=[
        "ssh", "-tt", "-i", str(key), "-p", str(port), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
        "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
        f"{getpass.getuser()}@127.0.0.1", *asked])


@pytest.mark.rule("6.2")
def test_each_key_plays_its_pinned_side_and_a_dropped_connection_leaves_nothing(
        sshd: tuple[int, Path, dict[str, Path]]) -> None:
    port, db, keys = sshd
    tan = ssh(port, keys["tan"])
    green = ssh(port, keys["green"], "sh", "-c", "echo not the game")  # asks for a shell: gets the game
    try:
        tan.wait_for("You: Tan", timeout=60)
        green.wait_for("You: Green", timeout=60)
        assert "not the game" not in green.text()
        tan.wait_for("Tan's impulse phase")
        green.wait_for("Waiting for Tan")
        tan.press("enter")
        tan.wait_for("impulse 1/2 K2")
        tan.press("m")
        tan.wait_for("T1 enters K3 from K2")
        green.wait_for("T1 enters K3 from K2")  # the other player's screen follows
        assert [n for n, side in stored(db) if side] == ["impulse K2", "move T1"]
        assert len(joins_of(db)) == 2
        # the green player's connection drops (his ssh client dies): his game process ends too
        os.kill(green.pid, 9)
        os.waitpid(green.pid, 0)
        wait_until(lambda: len(joins_of(db)) == 1, "the dropped player's game process ends")
        tan.press("e")
    finally:
        tan.close()
        green.close()
    wait_until(lambda: not joins_of(db), "no game process left after both hang up")
    assert [n for n, side in stored(db) if side][:2] == ["impulse K2", "move T1"]
