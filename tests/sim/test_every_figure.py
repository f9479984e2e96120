"""Every mean a game's own tables print comes with its interval (or says why it has
none), within the figure's range."""

from __future__ import annotations

import io
import re

from rich.console import Console

from saustall.arena.simulate import simulate
from saustall.core.support import load_reference
from saustall.core.registry import support

MEAN = re.compile(r"-?\d+\.\d+")
"""A decimal figure in a table cell."""


def _printed(game: str, ruleset: str, players: int, bots: list[str], games: int) -> str:
    result = simulate(game, ruleset, players, bots, games, seed=4, workers=1)
    render = load_reference(support(game).simulation.render or "", game)
    out = io.StringIO()
    render(result.summary.game_figures, Console(file=out, width=250, color_system=None))
    return out.getvalue()


def _cells(text: str, title: str) -> list[str]:
    """The cells of the table titled ``title`` (every cell holding a decimal figure)."""
    block = text[text.index(title):]
    block = block[:block.index("└")]
    rows = [line for line in block.splitlines() if line.startswith("│")]
    return [cell.strip() for row in rows for cell in row.strip("│").split("│")
            if MEAN.search(cell)]


def _has_interval(cell: str) -> bool:
    found = re.fullmatch(r"([+-]?[\d.]+)%? \[([+-]?[\d.]+), ([+-]?[\d.]+)\].*", cell)
    if found:
        value, low, high = (float(x) for x in found.groups())
        return low <= value <= high
    return "no spread" in cell or "n too small" in cell


def test_drecksau_cards_per_game_carry_their_intervals_per_kind_and_seat() -> None:
    text = _printed("drecksau", "dirty-pig", 2, ["heuristic", "random"], 12)
    for title in ("Drecksau: cards per game, by kind", "Drecksau per seat: cards per game"):
        cells = _cells(text, title)
        assert cells and all(_has_interval(cell) for cell in cells), cells
        assert not any(re.search(r"\[-", cell) for cell in cells)  # counts stop at 0


def test_saukopf_meat_roughness_and_card_points_carry_their_intervals() -> None:
    text = _printed("saukopf", "saukopf", 4, ["heuristic"], 6)
    assert "meat/deal [95% CI]" in text and "card pts [95% CI]" in text
    for title in ("Saukopf per seat", "Saukopf contracts: worth to the declarer"):
        cells = [cell for cell in _cells(text, title) if "/" not in cell]
        assert cells and all(_has_interval(cell) for cell in cells), cells


def test_pigasus_grabs_per_game_carry_their_intervals() -> None:
    from saustall.games.pigasus.facts import PigasusTally
    from saustall.games.pigasus.facts_view import render_simulation
    from saustall.games.pigasus.simulate_cli import PigasusJob, play_games

    job = PigasusJob(3, ("casual",) * 3, "pigasus", {}, 1500, 1)
    tally = PigasusTally(3)
    for _, facts in play_games(job, range(4)):
        tally.add(job.levels, facts)
    out = io.StringIO()
    render_simulation(tally.summary(), Console(file=out, width=250, color_system=None))
    cells = _cells(out.getvalue(), "Pigasus per seat: per game")
    assert cells and all(_has_interval(cell) for cell in cells), cells
