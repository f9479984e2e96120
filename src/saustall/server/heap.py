"""Garbage-collector settings for a long-running process that answers in milliseconds.

CPython's cycle collector stops the whole process while it runs. Its full (oldest
generation) pass walks every container object alive: a server holding 500 tables and
1,000 sockets has some 200,000 of them, and a pass took 80-330 ms on the 2-core
development machine, five times in 45 seconds under load. Every action that arrived
meanwhile waited, and those pauses alone made the server's 99th-percentile
acknowledgement time (docs/deploy.md, *Measured*).

:func:`settle_for_serving`, called once the process has started:

- collects once and **freezes** what survived (modules, classes, the web framework's
  routes and schemas: about half the objects), so no later pass walks them again;
- keeps the young generations as CPython sets them (cheap passes, most garbage is
  young), but lets a **full pass** wait for 1,000 passes of the middle generation
  instead of 10: minutes apart under load rather than seconds. Cycles that reach the old
  generation are still collected, only later.

Objects are still freed as soon as nothing refers to them; only cyclic garbage waits for
a pass. The benchmark's client processes use the same settings (their own pauses would
otherwise be counted as the server's latency).
"""

from __future__ import annotations

import gc

__all__ = ["SERVING_THRESHOLDS", "settle_for_serving"]

SERVING_THRESHOLDS = (700, 10, 1000)
"""``gc.set_threshold`` while serving: CPython's first two numbers, a rare full pass."""


def settle_for_serving() -> None:
    """Collect, freeze the survivors and make full collections rare (see the module)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVING_THRESHOLDS)
