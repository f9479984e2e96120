"""``saustall replay``: a game record step by step, then the final position.

Steps and positions are told the way the play screens tell them: players and pigs are
numbered from 1 ("Player 1: Dirty Your Pig on player 3's pig 2"), whereas the record's
notation counts from 0 (``play mud 2.1``). Each step is described by the game's own
``describe_action``, before the action is applied, so the actor is known. The final
position is drawn from the public view (``view(None)``), so a replay shows nothing a
spectator could not see at that point, apart from the record's action list itself.
"""

from __future__ import annotations

from typing import Any, Callable

from rich.console import Console
from rich.table import Table

from saustall.cli.common import markup_safe
from saustall.core.game import GameState, View
from saustall.core.record import GameRecord

ACTOR_IN_TEXT = frozenset({"pigasus"})
"""Games whose action descriptions name the actor themselves (real-time games)."""


def describe_steps(record: GameRecord, upto: int | None = None) -> list[str]:
    """Each action of ``record`` (the first ``upto``) in words, players from 1.

    The record should already have replayed (:meth:`GameRecord.replay`), which names the
    first action that does not apply.
    """
    from saustall.core import registry

    game = registry.get(record.game, record.ruleset)
    state = game.new_state(record.num_players, record.seed, record.options,
                           rng_stream=record.rng)
    actions = record.actions if upto is None else record.actions[:upto]
    lines = []
    for text in actions:
        action = game.decode_action(text)
        words = state.describe_action(action)
        if record.game not in ACTOR_IN_TEXT:
            words = f"Player {state.current_player + 1}: {words}"
        lines.append(words)
        state.apply(action)
    return lines


def show_position(state: GameState, console: Console) -> None:
    """The position as a spectator sees it, for the games that have a drawing."""
    view = state.view(None)
    draw = POSITIONS.get(view.get("game", ""))
    if draw is not None:
        draw(view, console)


def _drecksau(view: View, console: Console) -> None:
    from saustall.cli.play_drecksau import pig_text

    most = max((len(view["pigs"][p]) for p in view["participants"]), default=0)
    table = Table(title=f"Final position after turn {view['turn']}", show_lines=True)
    table.add_column("player", style="bold")
    table.add_column("cards")
    for index in range(most):
        table.add_column(f"pig {index + 1}")
    tournament = view.get("tournament")
    if tournament:
        table.add_column("points")
    for player in range(view["players"]):
        pigs = view["pigs"][player]
        cells: list[Any] = [f"Player {player + 1}", str(view["hand_counts"][player])]
        cells += [pig_text(pig) for pig in pigs] + [""] * (most - len(pigs))
        if tournament:
            cells.append(str(tournament["scores"][player]))
        table.add_row(*cells)
    console.print(table)
    top = view["discard_top"]
    console.print(f"Deck: {view['deck_count']} cards   Discard pile: {view['discard_count']} "
                  f"cards (top: {top or 'empty'})")


def _saukopf(view: View, console: Console) -> None:
    for result in view["results"]:
        if result["thrown_in"]:
            console.print(f"Deal {result['deal']}: thrown in")
            continue
        party = f"Player {result['declarer'] + 1}"
        if result["partner"] is not None:
            party += f" and player {result['partner'] + 1}"
        outcome = "won" if result["declarer_won"] else "lost"
        console.print(f"Deal {result['deal']}: {markup_safe(result['title'])} for {result['bid']} "
                      f"by {party}, {result['declarer_points']} card points: {outcome}")
    if view["phase"] != "over" and view["declared"]:
        declared = view["declared"]
        console.print(f"Deal {view['deal']} in progress: player {declared['declarer'] + 1} "
                      f"plays {markup_safe(declared['title'])}; "
                      f"{len(view['tricks'])} tricks played")
    ledger = view["ledger"]
    table = Table(title="Ledger")
    for column in ("player", "meat points", "roughness points", "net"):
        table.add_column(column)
    for p in range(view["players"]):
        table.add_row(f"Player {p + 1}", str(ledger["meat"][p]), str(ledger["roughness"][p]),
                      str(ledger["net"][p]))
    console.print(table)
    if view["phase"] == "over":
        master = " and ".join(f"player {p + 1}" for p in ledger["schlachtmeister"])
        rough = " and ".join(f"player {p + 1}" for p in ledger["oberrauborstler"]) or "nobody"
        console.print(f"Schlachtmeister: {master}   Oberrauborstler: {rough}")


def _pigasus(view: View, console: Console) -> None:
    from saustall.cli.play_pigasus import table_lines
    from saustall.games.pigasus.cards import card_from_code

    teams = view["teams"]
    scores = view["scores"]
    if teams:
        names = [f"Team {u + 1} (players {', '.join(str(p + 1) for p in members)})"
                 for u, members in enumerate(teams)]
    else:
        names = [f"Player {p + 1}" for p in range(view["players"])]
    console.print("Cards collected: " + "   ".join(
        f"{name} [bold]{score}[/]" for name, score in zip(names, scores)))
    cards = [(entry["slot"], card_from_code(entry["card"])) for entry in view["table"]]
    console.print(f"On the table ({len(cards)}), deck {view['deck_count']}, returned to the "
                  f"box {view['box_count']}:")
    for line in table_lines(cards):
        console.print(line, highlight=False)


POSITIONS: dict[str, Callable[[View, Console], None]] = {
    "drecksau": _drecksau, "saukopf": _saukopf, "pigasus": _pigasus,
}
"""Game -> how its position is drawn."""
