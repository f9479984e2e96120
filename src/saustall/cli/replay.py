"""``saustall replay``: a game record step by step, then the final position.

Steps and positions are told the way the play screens tell them: players, and whatever
else a game numbers, count from 1 ("Player 1: ... player 3's ..."), whereas the record's
notation counts from 0. Each step is described by the game's own
``describe_action``, before the action is applied, so the actor is known. The final
position is drawn from the public view (``view(None)``), so a replay shows nothing a
spectator could not see at that point, apart from the record's action list itself.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from saustall.cli.common import markup_safe
from saustall.core.game import GameState
from saustall.core.record import GameRecord
from saustall.core.support import load_reference


def describe_steps(record: GameRecord, upto: int | None = None) -> list[str]:
    """Each action of ``record`` (the first ``upto``) in words, players from 1.

    The record should already have replayed (:meth:`GameRecord.replay`), which names the
    first action that does not apply.
    """
    from saustall.core import registry

    game = registry.get(record.game, record.ruleset)
    actor_in_text = registry.support(record.game).actor_in_text
    state = game.new_state(record.num_players, record.seed, record.options,
                           rng_stream=record.rng)
    actions = record.actions if upto is None else record.actions[:upto]
    lines = []
    for text in actions:
        action = game.decode_action(text)
        words = state.describe_action(action)
        if not actor_in_text:
            words = f"Player {state.current_player + 1}: {words}"
        lines.append(words)
        state.apply(action)
    return lines


def show_position(state: GameState, console: Console) -> None:
    """The position as a spectator sees it: the game's own drawing (its support record's
    ``replay_drawing``), else the public view's fields as text."""
    from saustall.core import registry

    view = state.view(None)
    reference = registry.support(state.game.name).replay_drawing
    if reference is not None:
        load_reference(reference, state.game.name)(view, console)
        return
    table = Table(title="Final position", show_header=False)
    table.add_column("what", style="bold")
    table.add_column("value")
    for key, value in view.items():
        table.add_row(markup_safe(key), markup_safe(value))
    console.print(table)
