"""Imported by the bots' fork server only (a preload of :mod:`saustall.server.bot_workers`):
it and the workers it forks ignore SIGINT and SIGTERM.

An operator's or service manager's stop signal often goes to the server's whole process
group (systemd's default, ``kill -- -PGID``, Ctrl+C in a terminal). A fork server killed
by it while the pool starts breaks the pool, and the server logged a failure in the
middle of a clean shutdown. The server stops its workers itself when it shuts down
(:meth:`~saustall.server.bot_workers.BotWorkers.close`), and they end on their own when
the server is gone; so here the signal is left to the server.

Never import this module in the server process itself: the server would ignore SIGTERM.
"""

from __future__ import annotations

from saustall.server.bot_workers import ignore_stop_signals

ignore_stop_signals()
