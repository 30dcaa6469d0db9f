"""The ``special_weapons`` optional rule's keys (RULES.md §9.5): smoke, Molotov, satchel, radio,
each at the cursor hex.

Each key is offered only when the engine would take its action for the selected man at the
cursor hex now (:class:`.legal.Legal`); a key pressed anyway submits it and shows the refusal.
"""

from __future__ import annotations

from ..rules.actions_special import CallBarrage, PlaceSatchel, ThrowMolotov, ThrowSmoke
from ..rules.types import RuleId
from .base import Core, Handler, Mode, Result, Table
from .keymap import Intent

Kind = type[ThrowSmoke] | type[ThrowMolotov] | type[PlaceSatchel] | type[CallBarrage]


class Special:
    """``y`` smoke, ``M`` Molotov, ``T`` satchel charge, ``B`` barrage by radio (§9.5)."""

    def __init__(self, core: Core) -> None:
        self.core = core

    def tables(self) -> dict[Mode, Table]:
        browse: Table = {
            Intent.SMOKE: Handler(lambda: self.use(ThrowSmoke), lambda: self._legal(ThrowSmoke) is not None),
            Intent.MOLOTOV: Handler(lambda: self.use(ThrowMolotov), lambda: self._legal(ThrowMolotov) is not None),
            Intent.SATCHEL: Handler(lambda: self.use(PlaceSatchel), lambda: self._legal(PlaceSatchel) is not None),
            Intent.RADIO: Handler(lambda: self.use(CallBarrage), lambda: self._legal(CallBarrage) is not None),
        }
        return {Mode.BROWSE: browse}

    def _legal(self, kind: Kind) -> ThrowSmoke | ThrowMolotov | PlaceSatchel | CallBarrage | None:
        """His legal action of this kind at the cursor hex (a smoke grenade through a corner: the first side)."""
        s = self.core.soldier()
        if s is None or RuleId.SPECIAL_WEAPONS not in self.core.state.rules or self.core.cursor == s.hex:
            return None
        at = self.core.cursor
        if kind is ThrowSmoke:
            return next((a for a in self.core.legal.of(ThrowSmoke, s.id) if a.hex == at), None)
        action = kind(soldier=s.id, hex=at)
        return action if self.core.legal.allows(action) else None

    def use(self, kind: Kind) -> Result:
        """The action at the cursor hex (the engine's refusal shows when it is not legal)."""
        return self.core.act(lambda s: self._legal(kind) or kind(soldier=s.id, hex=self.core.cursor))


__all__ = ["Special"]
