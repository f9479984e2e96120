"""Replays and analyses of finished games, for the page's replay screen.

A **replay** is every position of a finished game, from the deal to the end, each with
the view of every seat (so every hand shows), and every step between them: who acted,
the action in notation and in the engine's words, and the phase it was taken in. The
page draws each position with the game's own renderer. Only a finished game has one
(:func:`~saustall.server.records.finished_game` refuses a running one before anything is
read): its record holds every hidden card, and once the game is over they may be shown.

An **analysis** is :func:`saustall.analysis.analyze` of one seat's decisions in a finished
game: what the expert would have played, and what each decision cost.

Both are built in the bot workers' processes (:meth:`BotWorkers.run
<saustall.server.bot_workers.BotWorkers.run>`), never on the event loop, and kept in
memory (:class:`ReplayDesk`): a finished game never changes, so neither does its replay
or an analysis (it is a function of the record, the seat, the level, the worlds and the
seed). An analysis goes decision by decision, one decision in a worker at a time, so
that the bots of running games wait for at most one decision, and the page can show how
far it got. Analyses are not stored in the database: any one can be made again, the
same, from the stored game.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from saustall.core import registry
from saustall.core.errors import RulesetRevisionError, SaustallError, UnknownGameError
from saustall.core.record import GameRecord
from saustall.server.model import ServerError, dumps
from saustall.server.records import FinishedGame

if TYPE_CHECKING:
    from saustall.analysis import Analysis, Decision
    from saustall.server.bot_workers import BotWorkers
    from saustall.server.host import TableHost
    from saustall.server.settings import HubSettings

log = logging.getLogger("saustall.server.replays")

MAX_POSITIONS = 50
"""The most positions one request returns (a page asks for the part it shows)."""
REPLAY_CACHE_BYTES = 48 * 1024 * 1024
"""The replays kept in memory, in bytes of their positions' JSON; the least recently
used go first."""
ANALYSES_KEPT = 500
"""Finished analyses kept in memory; the least recently asked for go first."""


class ReplayError(SaustallError, ValueError):
    """A stored game that cannot be replayed as a finished game."""


@dataclass(frozen=True)
class ReplayInput:
    """A stored game, as a worker needs it to replay it."""

    game: str
    ruleset: str
    num_seats: int
    options: dict[str, Any]
    seed: int
    rng: str
    revision: int
    actions: tuple[str, ...]
    meta: dict[str, Any]


@dataclass(frozen=True)
class Replay:
    """A finished game's every position and step (built by :func:`build_replay`)."""

    record: GameRecord
    steps: tuple[dict[str, Any], ...]
    """Per action: ``seat`` (``None`` for a step of the clock), ``action`` (notation),
    ``text`` (the engine's words), ``phase`` (the public phase it was taken in)."""
    positions: tuple[str, ...]
    """Position ``k`` (after ``k`` actions) as JSON text: ``{"views": [the view of each
    seat], "to_act": [seats]}``."""
    winners: tuple[int, ...]
    returns: tuple[float, ...]
    analysis_levels: tuple[str, ...]
    """The levels of the game's analysis (none: the game has no analysis)."""

    @property
    def size(self) -> int:
        """Roughly what it holds in memory, in bytes."""
        return sum(len(text) for text in self.positions) + 200 * len(self.steps)


def build_replay(given: ReplayInput) -> Replay:
    """Replay a stored game and take down every position (runs in a worker process).

    Raises :class:`ReplayError` for a game that does not end.
    """
    game = registry.get(given.game, given.ruleset)
    state = game.new_state(given.num_seats, given.seed, given.options, rng_stream=given.rng)
    seats = range(given.num_seats)

    def position() -> str:
        return dumps({"views": [state.view(seat) for seat in seats],
                      "to_act": list(state.to_act())})

    positions = [position()]
    steps = []
    for text in given.actions:
        action = game.decode_action(text)
        actor = state.actor(action)
        steps.append({"seat": actor if 0 <= actor < given.num_seats else None,
                      "action": text, "text": state.describe_action(action),
                      "phase": state.public_phase()})
        state.apply(action)
        positions.append(position())
    if not state.is_terminal():
        raise ReplayError("the game was left before it ended")
    record = dataclasses.replace(GameRecord.from_state(state, meta=given.meta),
                                 revision=given.revision)
    try:
        from saustall.analysis import analyser_for

        levels = tuple(analyser_for(given.game).levels)
    except UnknownGameError:
        levels = ()
    return Replay(record, tuple(steps), tuple(positions), tuple(state.winners()),
                  tuple(state.returns()), levels)


@dataclass(frozen=True)
class AnalysisTask:
    """Part of an analysis for a worker: some decisions of one seat."""

    record: GameRecord
    seat: int
    indices: tuple[int, ...]
    level: str | None
    worlds: int | None


def plan_analysis(task: AnalysisTask) -> list[int]:
    """The decisions of the seat to analyse (runs in a worker process)."""
    from saustall.analysis import decision_indices

    return decision_indices(task.record, task.seat)


def analyse_part(task: AnalysisTask) -> "Analysis":
    """The analysis of the task's decisions (runs in a worker process)."""
    from saustall.analysis import analyze

    return analyze(task.record, task.seat, level=task.level, worlds=task.worlds,
                   indices=task.indices)


class AnalysisJob:
    """One seat's analysis of one finished game: under way, done or failed."""

    def __init__(self) -> None:
        self.done = 0
        self.total: int | None = None
        """Decisions to analyse (``None`` until known)."""
        self.result: dict[str, Any] | None = None
        self.error: str | None = None
        self.started = False
        self.task: asyncio.Task[None] | None = None

    def status(self) -> dict[str, Any]:
        """The job as the page polls it: ``status`` (``queued``, ``running``, ``done``,
        ``failed``), ``done`` and ``total`` decisions, ``analysis`` once done
        (:meth:`saustall.analysis.Analysis.to_dict`), ``message`` once failed."""
        state = ("done" if self.result is not None else "failed" if self.error is not None
                 else "running" if self.started else "queued")
        return {"status": state, "done": self.done, "total": self.total,
                "analysis": self.result, "message": self.error}


class ReplayDesk:
    """The replays and analyses of finished games this process has made, in memory."""

    def __init__(self, workers: "BotWorkers", settings: "HubSettings") -> None:
        self.workers = workers
        self.settings = settings
        self._replays: OrderedDict[tuple[str, int], Replay] = OrderedDict()
        self._building: dict[tuple[str, int], asyncio.Future[Replay]] = {}
        self._analyses: OrderedDict[tuple[str, int, int], AnalysisJob] = OrderedDict()
        self._slots = asyncio.Semaphore(max(1, settings.analysis_jobs))

    def close(self) -> None:
        """Stop the analyses under way (the server shuts down)."""
        for job in self._analyses.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()

    # -- replays -------------------------------------------------------------------------
    async def replay(self, hub: "TableHost", finished: FinishedGame) -> Replay:
        """The replay of ``finished`` (checked by :func:`finished_game`), built once."""
        key = (finished.table_id, finished.number)
        found = self._replays.get(key)
        if found is not None:
            self._replays.move_to_end(key)
            return found
        building = self._building.get(key)
        if building is None:  # callers asking meanwhile wait for the same build
            building = asyncio.ensure_future(self._build(hub, finished))
            self._building[key] = building
            building.add_done_callback(lambda _: self._building.pop(key, None))
        return await asyncio.shield(building)

    async def _build(self, hub: "TableHost", finished: FinishedGame) -> Replay:
        game = finished.game
        stored = await hub.store.load_game(finished.table_id, finished.number)
        if stored is None:
            raise ServerError(404, "not-found",
                              f"there is no game {finished.number} at this table")
        if stored.revision != game.ruleset.revision:
            raise ServerError(409, "conflict", str(RulesetRevisionError(
                f"game {finished.number}", game.name, game.ruleset.name, stored.revision,
                game.ruleset.revision)))
        given = ReplayInput(game.name, game.ruleset.name, finished.num_seats,
                            dict(finished.options), stored.seed, stored.rng, stored.revision,
                            tuple(step.action for step in stored.actions),
                            {"table_id": finished.table_id, "game_number": finished.number,
                             "seat_names": stored.seat_names})
        try:
            built = await self.workers.run(build_replay, given)
        except ReplayError as exc:
            raise ServerError(409, "conflict", f"game {finished.number}: {exc}") from None
        key = (finished.table_id, finished.number)
        self._replays[key] = built
        total = sum(replay.size for replay in self._replays.values())
        while total > REPLAY_CACHE_BYTES and len(self._replays) > 1:
            _, dropped = self._replays.popitem(last=False)
            total -= dropped.size
        return built

    @staticmethod
    def summary(finished: FinishedGame, replay: Replay) -> dict[str, Any]:
        """What the page needs to step through ``replay`` (its positions come apart)."""
        names = replay.record.meta.get("seat_names") or []
        labels = []
        for seat in range(finished.num_seats):
            name = names[seat] if seat < len(names) else None
            now = finished.labels[seat] if seat < len(finished.labels) else {}
            # the name the seat had in that game; the seat's label if it is still theirs
            labels.append(now if now.get("name") == name else {"name": name})
        return {"table_id": finished.table_id, "game_number": finished.number,
                "game": replay.record.game, "ruleset": replay.record.ruleset,
                "players": finished.num_seats, "labels": labels, "seat": finished.seat,
                "winners": list(replay.winners), "returns": list(replay.returns),
                "steps": list(replay.steps), "positions": len(replay.positions),
                "max_positions": MAX_POSITIONS,
                "analysis": {"levels": list(replay.analysis_levels)}
                if replay.analysis_levels else None}

    @staticmethod
    def positions(replay: Replay, start: int, count: int) -> str:
        """Positions ``start`` to ``start + count - 1`` as the JSON body of an answer."""
        if not 0 <= start < len(replay.positions):
            raise ServerError(400, "bad-request", f"query 'from' must be a position 0-"
                              f"{len(replay.positions) - 1}, not {start}")
        if not 1 <= count <= MAX_POSITIONS:
            raise ServerError(400, "bad-request",
                              f"query 'count' must be 1-{MAX_POSITIONS}, not {count}")
        part = replay.positions[start:start + count]
        return f'{{"from":{start},"positions":[{",".join(part)}]}}'

    # -- analyses ------------------------------------------------------------------------
    def analysis(self, finished: FinishedGame, seat: int) -> dict[str, Any]:
        """Where the analysis of ``seat`` in ``finished`` stands (``status``
        ``not-started`` if nobody asked for it yet)."""
        job = self._analyses.get((finished.table_id, finished.number, seat))
        if job is None:
            return {"status": "not-started", "done": 0, "total": None, "analysis": None,
                    "message": None}
        return job.status()

    async def request_analysis(self, hub: "TableHost", finished: FinishedGame,
                               seat: int) -> dict[str, Any]:
        """Start the analysis of ``seat`` in ``finished`` unless it is done or under way
        (a failed one is tried again); where it stands."""
        replay = await self.replay(hub, finished)
        if not replay.analysis_levels:
            raise ServerError(404, "not-found",
                              f"there is no analysis for {replay.record.game}")
        if not 0 <= seat < finished.num_seats:
            raise ServerError(400, "bad-request", f"query 'seat' must be a seat 0-"
                              f"{finished.num_seats - 1}, not {seat}")
        key = (finished.table_id, finished.number, seat)
        job = self._analyses.get(key)
        if job is None or job.error is not None:
            job = AnalysisJob()
            self._analyses[key] = job
            job.task = asyncio.ensure_future(self._analyse(job, replay.record, seat))
            while len(self._analyses) > ANALYSES_KEPT:
                oldest = next(iter(self._analyses))
                if self._analyses[oldest].result is None and self._analyses[oldest].error is None:
                    break  # never drop one under way
                del self._analyses[oldest]
        self._analyses.move_to_end(key)
        return job.status()

    async def _analyse(self, job: AnalysisJob, record: GameRecord, seat: int) -> None:
        level, worlds = self.settings.analysis_level, self.settings.analysis_worlds
        try:
            async with self._slots:
                job.started = True
                plan = AnalysisTask(record, seat, (), level, worlds)
                indices = await self.workers.run(plan_analysis, plan)
                job.total = len(indices)
                # the empty part gives the analysis's level and worlds when there is none
                whole = await self.workers.run(analyse_part, plan)
                decisions: list[Decision] = []
                for index in indices:
                    part = await self.workers.run(
                        analyse_part, dataclasses.replace(plan, indices=(index,)))
                    decisions.extend(part.decisions)
                    job.done += 1
                job.result = dataclasses.replace(whole, decisions=tuple(decisions)).to_dict()
        except SaustallError as exc:
            job.error = str(exc)
        except Exception as exc:  # a fault of the server's: logged, and the page told
            log.error("analysing seat %d of %s failed", seat, record.meta, exc_info=exc)
            job.error = "the analysis failed (the server's fault); try again"
