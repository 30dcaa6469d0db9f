"""The tools the rules are built with, knowing nothing of FIREPOWER: a cache bounded in bytes
(:mod:`.memo`), lazy re-exports for a package's ``__init__`` (:mod:`.lazy`) and the limits every
reader of a file a player may have been sent applies (:mod:`.untrusted`).

Imports: the standard library only (no other part of the rules).
"""
