"""What every benchmark times with: CPU time, one core, medians of repeated runs."""

from __future__ import annotations

import os
import statistics
import time
from typing import Callable

clock = time.process_time
"""The clock every figure is timed with: this process's CPU time, not the wall clock.
On a shared machine another process's work stretches wall time but not CPU time, so
figures taken minutes apart (and contenders in an interleaved comparison) stay
comparable."""


def pin(cpu: int) -> None:
    """Run this process on ``cpu`` only (where the platform allows it); also a worker
    initializer."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {cpu})


def pin_to_one_core() -> None:
    """Run this process on one core of those it may use (Linux), so figures are per core."""
    if hasattr(os, "sched_getaffinity"):
        pin(min(os.sched_getaffinity(0)))


def timed(step: Callable[[], int], seconds: float) -> float:
    """Units per CPU second done by repeating ``step`` (which returns units done) for about
    ``seconds``."""
    done = 0
    start = clock()
    elapsed = 0.0
    while elapsed < seconds or done == 0:
        done += step()
        elapsed = clock() - start
    return done / elapsed


def per_call_us(call: Callable[[], object], seconds: float, runs: int) -> float:
    """Median over ``runs`` of the microseconds one ``call()`` takes (each run about
    ``seconds`` long)."""
    timings = []
    for _ in range(runs):
        calls = 0
        start = clock()
        elapsed = 0.0
        while elapsed < seconds or calls == 0:
            for _ in range(10):
                call()
            calls += 10
            elapsed = clock() - start
        timings.append(elapsed / calls * 1e6)
    return statistics.median(timings)


def engine_note() -> str:
    """Which engine modules the figures come from: the compiled core or pure Python."""
    import saustall

    compiled = saustall.compiled_modules()
    return (f"compiled core ({len(compiled)} modules; SAUSTALL_PURE_PYTHON=1 for pure Python)"
            if compiled else "pure Python (no compiled core in use)")
