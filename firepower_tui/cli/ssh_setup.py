"""``firepower ssh-setup GAME --key SIDE=FILE ...``: the ``authorized_keys`` lines that let
each player's SSH key play one side of a stored game, and nothing else.

Each line is ``restrict,pty,command="<firepower> join GAME --side SIDE --db DB" <key>``:
OpenSSH runs that command whatever the client asks for (``restrict`` turns off forwarding,
agent and X11; ``pty`` gives back the terminal the game needs). Nothing of ours listens:
sshd does, as it already does for the user.
"""

from __future__ import annotations

import argparse
import shlex
import unicodedata
from pathlib import Path

from ..games.store import Store, default_db_path
from ..rules.model.errors import FirepowerError, GameRefusal
from .web import join_command

KEY_TYPES = frozenset({
    "ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
    "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com", "ssh-dss",
})
"""The public-key types OpenSSH writes at the start of a ``.pub`` file."""


class SshKeyError(FirepowerError):
    """A ``--key`` that is not ``SIDE=FILE`` with a side of the game and one OpenSSH public key, or
    a path that no ``authorized_keys`` line can hold."""


def public_key(path: Path) -> str:
    """The one key line of an OpenSSH ``.pub`` file (type, base64, optional comment).

    :raises SshKeyError: the file is unreadable, empty, holds several keys, or options."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SshKeyError(f"{path}: cannot read the public key ({getattr(exc, 'strerror', None) or exc})") from None
    if "PRIVATE KEY" in text:
        raise SshKeyError(f"{path}: this is a private key; give its public half ({path.name}.pub), "
                          "which is all the server needs")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if len(lines) != 1:
        raise SshKeyError(f"{path}: expected one public key line, found {len(lines)}")
    words = lines[0].split()
    if words[0] not in KEY_TYPES or len(words) < 2:
        raise SshKeyError(f"{path}:1: not an OpenSSH public key (it starts {words[0][:30]!r}; "
                        "give the .pub file, never the private key)")
    return " ".join(words)


def unprintable(command: list[str]) -> str | None:
    """Why ``command`` cannot go in an ``authorized_keys`` line (None: it can): a word holding a
    control character (a newline would cut the line in two) or bytes that are not text (the
    line printed would name another file).

    >>> unprintable(["/bin/firepower", "--db", "/x/new\\nline.db"])
    "'/x/new\\\\nline.db' holds a control character (\\\\n)"
    """
    for word in command:
        for ch in word:
            kind = unicodedata.category(ch)
            if kind == "Cc":
                return f"{word!r} holds a control character ({ch.encode('unicode_escape').decode()})"
            if kind == "Cs":
                return f"{word!r} holds bytes that are not UTF-8 text"
    return None


def authorized_line(command: list[str], key: str) -> str:
    """One ``authorized_keys`` line: the forced command quoted for the shell that runs it, then
    for the option's double quotes, where sshd reads ``\\"`` as a quote and any other backslash
    as itself (sshd(8), AUTHORIZED_KEYS FILE FORMAT).

    >>> authorized_line(["/bin/firepower", "join", "3", "--side", "tan"], "ssh-ed25519 AAAA x@y")
    'restrict,pty,command="/bin/firepower join 3 --side tan" ssh-ed25519 AAAA x@y'

    Raises:
        SshKeyError: a word of ``command`` that no such line can hold (:func:`unprintable`).
    """
    problem = unprintable(command)
    if problem is not None:
        raise SshKeyError(f"cannot write the forced command: {problem}; move the game store (or "
                          "firepower) to a path without it")
    shell = shlex.join(command).replace('"', '\\"')
    return f'restrict,pty,command="{shell}" {key}'


def lines_for(store: Store, game_id: int, keys: list[str]) -> list[str]:
    """The lines for ``keys`` (``SIDE=FILE`` each) on game ``game_id``."""
    game = store.game(game_id)
    if game.finished:
        raise GameRefusal(f"game {game_id} is finished ({game.result}); start another with `firepower host`")
    out = []
    for spec in keys:
        side, sep, file = spec.partition("=")
        if not sep or not file:
            raise SshKeyError(f"--key {spec!r}: give SIDE=FILE (e.g. {game.sides[0]}=~/.ssh/id_ed25519.pub)")
        if side not in game.sides:
            raise SshKeyError(f"--key {spec!r}: game {game_id} has the sides {', '.join(game.sides)}, not {side!r}")
        key = public_key(Path(file).expanduser())
        out.append(authorized_line(join_command(game_id, side, Path(store.path)), key))
    return out


def run(args: argparse.Namespace) -> int:
    db = Path(args.db) if args.db else default_db_path()
    authorized_line(join_command(args.game, "side", db), "")  # a path no line can hold: refused first
    store = Store(db)
    try:
        lines = lines_for(store, args.game, args.key)
    finally:
        store.close()
    print(f"# firepower game {args.game}: add these lines to ~/.ssh/authorized_keys of the account the players")
    print("# log in to (each key then plays only its side; `ssh -t` that account to play).")
    for line in lines:
        print(line)
    return 0
