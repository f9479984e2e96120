"""``saustall study pigasus``: Pigasus's own study driver (its support record's
``simulation.study_games``).

Pigasus is played on simulated time, so the game-neutral simulator does not play it;
``saustall simulate pigasus`` has its own chunk runner (:mod:`saustall.games.pigasus.
simulate_cli`), and a study plays each bot's games through the same runner: the same
games (the same seeds) for every bot and for the variant, one level in every seat. Per
game it keeps the values a study pairs by seed:

* each unit's win (a player; in team play a team: a seat's win would repeat its
  team's), a shared win split between the units that share it;
* whether the game went to the tie-break, and whether it ended in a shared win;
* the length in simulated seconds, wrong grabs and pairs taken by the table, the cards
  between the top unit and the next; in team play, team 1's cards minus team 2's.

Pigasus's own tallied figures (end reasons, how tie-breaks went, each unit's cards...)
follow, less the ones the per-game values already give. There is no first player (every
player acts at once), so that figure is withheld with the reason.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Callable

from saustall.arena.simulate import backend_workers, chunk_ranges, records, run_chunks
from saustall.arena.study import PerGame, StudyGames, StudyJob
from saustall.games.pigasus.facts import PigasusFacts
from saustall.games.pigasus.facts import PigasusTally as FactsTally
from saustall.games.pigasus.simulate_cli import PigasusJob, play_games

PACE_MS = 1500
"""Milliseconds between two revealed cards (``saustall simulate pigasus``'s default)."""

LENGTH = "game length (s)"
"""The study's length figure: simulated seconds per game."""

NO_FIRST_PLAYER = ("every player acts at once in a real-time game: there is no first "
                   "player")


def _names(players: int, units: int, teams: bool) -> tuple[list[str], list[bool],
                                                              list[tuple[float | None,
                                                                         float | None]]]:
    word = "team" if teams else "seat"
    names = [f"{word} {unit + 1} wins" for unit in range(units)]
    names += ["tie-break", "shared win", LENGTH, "wrong grabs per game",
              "pairs per game", "margin, cards"]
    share_like = [True] * (units + 2) + [False] * 4
    bounds: list[tuple[float | None, float | None]] = [(0.0, 1.0)] * (units + 2)
    bounds += [(0.0, None)] * 4
    if teams:
        names.append("cards team 1 minus team 2")
        share_like.append(False)
        bounds.append((None, None))
    return names, share_like, bounds


def _row(facts: PigasusFacts, units: int, teams: bool) -> list[float]:
    won = sorted({facts.team_of[seat] for seat in facts.winners})
    row = [1.0 / len(won) if unit in won else 0.0 for unit in range(units)]
    ranked = sorted(facts.cards, reverse=True)
    row += [float(facts.tiebreak), float(len(won) > 1), facts.length_ms / 1000,
            float(sum(facts.wrong)), float(sum(facts.pairs) + sum(facts.split)),
            float(ranked[0] - ranked[1]) if len(ranked) > 1 else 0.0]
    if teams:
        row.append(float(facts.cards[0] - facts.cards[1]))
    return row


def study_games(job: StudyJob, progress: Callable[[int, int], None]) -> StudyGames:
    """Play one bot's games of a study (see the module docstring)."""
    levels = (job.bot,) * job.players
    game_job = PigasusJob(job.players, levels, job.ruleset, dict(job.options), PACE_MS,
                          job.seed, False, dict(job.params), job.variant_name)
    count = min(backend_workers(job.backend, job.workers, job.ray_address), job.games)
    chunk_size = max(1, min(20, -(-job.games // (count * 8))))
    tally = FactsTally(job.players)
    per_game: PerGame | None = None
    units = 0
    teams = False
    lengths: dict[int, int] = {}
    done = 0
    for chunk, rows in run_chunks(play_games, game_job, chunk_ranges(job.games, chunk_size),
                                  count, job.backend):
        for _, facts in rows:
            if per_game is None:
                units = len(facts.cards)
                teams = units < job.players
                per_game = PerGame.empty(*_names(job.players, units, teams))
            tally.add(levels, facts)
            per_game.add(_row(facts, units, teams))
            second = facts.length_ms // 1000
            lengths[second] = lengths.get(second, 0) + 1
        done += len(chunk)
        progress(done, job.games)
    assert per_game is not None  # at least one game: the study checks --games
    summary = records(asdict(tally.summary()))
    word = "team" if teams else "seat"
    for record in summary["units"]:  # named as the per-game rows name them
        record["name"] = f"{word} {record['unit'] + 1}"
    given = {"tiebreaks", "shared wins", "length s", "margin"}
    given |= {f"units / {word} {unit + 1} / wins" for unit in range(units)}
    return StudyGames(per_game, summary, frozenset(given),
                      tuple((float(s), g) for s, g in sorted(lengths.items())),
                      "simulated seconds", NO_FIRST_PLAYER + f" (the {word}s' wins are the "
                      f"balance)", LENGTH)


__all__ = ["LENGTH", "NO_FIRST_PLAYER", "PACE_MS", "study_games"]
