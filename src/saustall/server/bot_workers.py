"""Bots think in worker processes, off the server's event loop.

A search bot may think for a second of pure Python. In a thread it would still hold the
interpreter lock and slow every other table, so the server hands each decision of a
turn-based bot to a small pool of processes (:class:`BotWorkers`) and awaits the answer;
meanwhile the event loop serves every other table.

What travels, both ways, is pickled:

- to the worker: the bot itself, the seat's view and the legal actions in notation
  (:class:`Decision`);
- back: the index of the chosen action in that list and the bot as it is after choosing,
  so its random source and any memory carry on to its next decision exactly as if it had
  thought in the server's process (a seeded bot plays the same game either way).

A bot therefore must be picklable, and should keep its own state small: it travels with
every decision. Large read-only tables belong at module level, where each worker builds
them once. Legal actions travel as notation because engine classes may be compiled.

The server starts and stops the workers; the fork server and the workers ignore the
stop signals a process group gets (:mod:`saustall.server.bot_forkserver`), so the server
stops them with SIGKILL: :meth:`BotWorkers.close` at shutdown, and :meth:`BotWorkers.choose`
when a worker died and took its pool with it. ``close`` returns once the processes, thread
and queues of every pool are gone.

The workers run at a lower CPU priority (:data:`WORKER_NICENESS`) than the server, so when
the cores are busy the server's own work (acknowledging actions, sending states) comes
first. They are started from a fork server, never forked from the server itself, which
runs threads. The pool is bounded (:func:`default_size`: one worker per core, configurable
with ``--bot-workers``); decisions beyond it wait their turn in the pool's queue.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import resource_tracker
from dataclasses import dataclass
from typing import Any, Callable, Sequence, TypeVar

from saustall.bots.base import Bot
from saustall.core import registry
from saustall.core.game import View

log = logging.getLogger("saustall.server.bots")

Argument = TypeVar("Argument")
Result = TypeVar("Result")

WORKER_NICENESS = 10
"""How much lower the workers' CPU priority is than the server's (``nice`` steps)."""

WATCH_SECONDS = 1.0
"""How often a worker checks that the server process still runs."""

MAX_DEFAULT_WORKERS = 8
"""The default pool never exceeds this many workers, however many cores there are."""

GONE_SECONDS = 5.0
"""How long a killed worker, and then its pool's manager thread, may take to be gone
(:func:`_stop_pool`): moments, unless the machine is very busy."""


def default_size() -> int:
    """One worker per core (at most :data:`MAX_DEFAULT_WORKERS`), at least one."""
    return max(1, min(os.cpu_count() or 1, MAX_DEFAULT_WORKERS))


@dataclass(frozen=True)
class Decision:
    """One decision for a worker: a bot, what its seat sees, and what it may do."""

    game: str
    ruleset: str
    bot: Bot
    view: View
    legal: tuple[str, ...]
    """The legal actions in the game's notation."""


@dataclass(frozen=True)
class Choice:
    """A worker's answer: which legal action, and the bot after choosing."""

    index: int
    """Index into :attr:`Decision.legal`, or -1 when the bot chose something not listed."""
    bot: Bot


def decide(decision: Decision) -> Choice:
    """Let the bot choose (this runs in a worker process)."""
    game = registry.get(decision.game, decision.ruleset)
    legal = [game.decode_action(text) for text in decision.legal]
    chosen = decision.bot.choose(decision.view, legal)
    index = legal.index(chosen) if chosen in legal else -1
    return Choice(index, decision.bot)


def _ready() -> bool:
    """Nothing: the task that starts the workers."""
    return True


def _watch_server(server_pid: int) -> None:
    """End this worker once the server process is gone.

    A server that is killed (not shut down) sends its workers no goodbye, and a worker
    waiting for work would wait for ever, keeping the fork server alive too.
    """
    while True:
        time.sleep(WATCH_SECONDS)
        try:
            os.kill(server_pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except PermissionError:  # alive, under another user
            pass


STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}
"""The signals that stop the server; its helper processes ignore them."""


def ignore_stop_signals() -> None:
    """Ignore :data:`STOP_SIGNALS` in this process, a helper the server stops itself
    (see :mod:`saustall.server.bot_forkserver`), and take them off its blocked ones
    (a fork server starts with them blocked: one that came meanwhile is dropped)."""
    for stop in STOP_SIGNALS:
        signal.signal(stop, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def _start_worker(server_pid: int) -> None:
    """Set up a worker: lower priority, and gone with the server (:func:`_watch_server`).

    It ignores Ctrl+C and SIGTERM already: the fork server set them to ``SIG_IGN`` on
    importing :mod:`saustall.server.bot_forkserver`, and a forked child keeps ignored
    signals (multiprocessing's fork server hands its children back exactly the handlers
    it had after the preload). The server stops its workers itself, with SIGKILL.
    """
    threading.Thread(target=_watch_server, args=(server_pid,), daemon=True,
                     name="watch-server").start()
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # not allowed here: think at the server's priority
        pass
    from saustall.bots.base import load_all_bots

    load_all_bots()  # once per worker, before the first decision


class BotWorkers:
    """A bounded pool of processes in which bots choose their actions.

    ``size`` is the number of worker processes (default :func:`default_size`). The pool
    starts in the background when the server starts (:meth:`start`), or on the first
    decision, and is rebuilt if a worker dies.
    """

    def __init__(self, size: int | None = None) -> None:
        self.size = default_size() if size is None else size
        if self.size < 1:
            raise ValueError(f"the bot pool needs at least one worker, not {self.size}")
        self._pool: ProcessPoolExecutor | None = None
        self._starting: asyncio.Future[ProcessPoolExecutor] | None = None
        self._closed = False
        # pools being stopped (:meth:`_stop`), so that close() can wait for them too
        self._stopping: set[asyncio.Task[None]] = set()

    def _launch(self) -> ProcessPoolExecutor:
        """A new pool with a worker running (this blocks: call it in a thread; more
        workers start as decisions need them)."""
        context = multiprocessing.get_context("forkserver")
        # The fork server imports the bots once; every worker is forked from it warm.
        # (bot_forkserver imports this module, so it is preloaded too.)
        context.set_forkserver_preload(["saustall.server.bot_forkserver", "saustall.bots"])
        # A fork server started now inherits this thread's mask: a stop signal to the
        # process group while it starts waits until it ignores them (as multiprocessing
        # starts its resource tracker). The server's main thread still takes them. The
        # tracker first: starting it unblocks them in the calling thread.
        resource_tracker.ensure_running()
        held = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        try:
            pool = ProcessPoolExecutor(self.size, mp_context=context,
                                       initializer=_start_worker, initargs=(os.getpid(),))
            pool.submit(_ready).result()  # the first task starts a worker
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
        return pool

    async def start(self) -> ProcessPoolExecutor:
        """The running pool, started in a thread on first use (starting processes blocks,
        and must not block the event loop)."""
        if self._closed:
            raise RuntimeError("the bot workers are shut down")
        if self._pool is not None:
            return self._pool
        if self._starting is None:
            self._starting = asyncio.ensure_future(asyncio.to_thread(self._launch))
        starting = self._starting
        try:
            pool = await asyncio.shield(starting)
        except Exception:
            if self._starting is starting:  # the next decision tries again
                self._starting = None
            raise
        if self._closed:
            pool.shutdown(wait=False, cancel_futures=True)
            raise RuntimeError("the bot workers are shut down")
        self._pool = pool
        return pool

    async def choose(self, game: str, ruleset: str, bot: Bot, view: View,
                     legal: Sequence[str]) -> Choice:
        """Let ``bot`` choose among ``legal`` (notation) in a worker process.

        Raises what the bot raised. A worker that died is replaced and the decision
        asked once more.
        """
        return await self.run(decide, Decision(game, ruleset, bot, view, tuple(legal)))

    async def run(self, function: Callable[[Argument], Result], argument: Argument) -> Result:
        """Run ``function(argument)`` in a worker process and return its result.

        ``function`` must be a module-level function and ``argument`` and the result
        picklable (the replays and analyses of finished games run here too: see
        :mod:`saustall.server.replays`). Raises what it raised. A worker that died is
        replaced and the call made once more.
        """
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = await self.start()
            try:
                return await loop.run_in_executor(pool, function, argument)
            except BrokenProcessPool:
                if self._pool is pool:  # the next decision gets a new pool
                    self._pool, self._starting = None, None
                # Its other workers ignore the SIGTERM the executor sends them, and its
                # manager thread waits for them to end; no one else holds this pool now,
                # so stop it here (its decisions all failed already: no grace). Every
                # decision that was in it comes here; the first finds what to stop.
                await self._stop(pool, 0.0)
                if attempt == 2 or self._closed:
                    raise
                # replaced at once, so nothing for an operator to do (unless it recurs:
                # then the second attempt fails and the bot's fault is logged as an error)
                log.warning("a bot worker died; asking again in a new pool")
        raise AssertionError("unreachable")

    async def close(self, grace_seconds: float = 2.0) -> None:
        """Stop the workers: queued decisions are dropped, a bot still thinking after
        ``grace_seconds`` is stopped."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is None and self._starting is not None:
            try:
                pool = await asyncio.shield(self._starting)
            except Exception:  # it never started: nothing to stop
                return
        if pool is not None:
            await self._stop(pool, grace_seconds)
        # pools that broke meanwhile: close returns only once they are gone too
        while self._stopping:
            await asyncio.wait(set(self._stopping))

    async def _stop(self, pool: ProcessPoolExecutor, grace_seconds: float) -> None:
        """Shut ``pool`` down and wait until its processes (killed if still running after
        ``grace_seconds``) and its manager thread are gone.

        The executor's own processes and manager thread are private, so read with care:
        shutdown() alone would wait for a bot that never stops thinking, and workers
        ignore the SIGTERM a broken pool sends them. They hold the pool's queues, whose
        semaphores are released only when the last reference goes; the server ends by
        re-raising SIGTERM, without exit handlers, and queues still alive then are
        reported leaked by multiprocessing's resource tracker. So this returns once they
        are gone, and keeps no reference to them anywhere. A pool stopped already (by
        another caller) has nothing left to collect: shutdown drops the references.
        """
        found = getattr(pool, "_processes", None)
        held: list[Any] = list(found.values()) if isinstance(found, dict) else []
        held.append(getattr(pool, "_executor_manager_thread", None))
        del found
        pool.shutdown(wait=False, cancel_futures=True)
        # A task of its own, so that close() can wait for it (and a decision cancelled
        # meanwhile does not leave the processes half stopped).
        stopping = asyncio.ensure_future(asyncio.to_thread(_stop_pool, held, grace_seconds))
        del held
        self._stopping.add(stopping)
        stopping.add_done_callback(self._stopping.discard)
        await asyncio.shield(stopping)


def _stop_pool(held: list[Any], grace_seconds: float) -> None:
    """Join a shut-down pool's worker processes (killing one still thinking after
    ``grace_seconds``), then its manager thread; taken out of ``held`` one by one, so
    that nothing here refers to them, or their queues, once this returns."""
    deadline = time.monotonic() + grace_seconds
    while held:
        item = held.pop(0)
        if isinstance(item, threading.Thread):
            # it ends once the processes have (a broken pool's thread joins them)
            item.join(max(grace_seconds, GONE_SECONDS))
        elif item is not None:
            item.join(max(0.0, deadline - time.monotonic()))
            if item.is_alive():
                item.kill()  # (workers ignore SIGTERM: see _start_worker)
                # not grace_seconds: with no grace (a broken pool) it must still be gone
                item.join(GONE_SECONDS)
