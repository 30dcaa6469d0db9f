"""How a server started from the command line (``firepower web``, ``firepower serve``) waits to
be stopped: until Ctrl+C (SIGINT) or SIGTERM, as a service manager sends it."""

from __future__ import annotations

import asyncio
import signal


async def until_stopped() -> None:
    """Return once SIGINT or SIGTERM arrives (the running event loop's handlers)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
