"""A fast Drecksau playing policy that reads a state directly: the search bot's rollouts.

The search bot (:mod:`saustall.games.drecksau.bots.search`) plays thousands of moves in
imagined worlds per decision, so its stand-in players cannot build views. This policy
scores moves the way the ``racer`` bot does (:mod:`saustall.games.drecksau.bots.heuristic`), on the
pig rows of a state: every player's *standing* rises steeply as the weighted number of
pigs still missing for a win shrinks; a play is worth its change to the mover's standing
minus the leading opponent's, plus a fresh card, minus what the card was worth in hand;
an exchange is worth fresh cards for the cards given up, minus the turn it costs.

It only ever reads the mover's own hand and the public table of the world it is handed:
inside a sampled world that is the imagined hand of the imagined player.
"""

from __future__ import annotations

from saustall.core.rng import Rng
from saustall.games.drecksau.actions import (
    DONE, PASS, SHOW, discarded_cards, is_discard, is_play, play_pig, play_target, played_card,
)
from saustall.games.drecksau.game import (
    DIRTY, HAS_DOOR, HAS_ROD, IN_BARN, IS_PRETTY, DrecksauState,
)
from saustall.games.drecksau.rulesets import (
    BARN, DOOR, ESCAPE, FARMER, LIGHTNING, LUCKY, MUD, PRETTY, RAIN, ROD,
)

WIN = 100.0
"""Score of a move that wins at once (minus that for handing someone else the win)."""


def _dirty_value(flags: int) -> float:
    """How much a pig counts towards an all-dirty row (exposed pigs count for less)."""
    if flags & IS_PRETTY:
        return 0.05 if flags & DIRTY else -0.25
    if flags & DIRTY:
        if flags & HAS_DOOR:
            return 1.0 if flags & HAS_ROD else 0.93
        if flags & IN_BARN:
            return 0.85 if flags & HAS_ROD else 0.8
        return 0.6
    if flags & IN_BARN:
        return 0.12 if flags & HAS_ROD else 0.1
    return 0.0


DIRTY_VALUE = tuple(_dirty_value(flags) for flags in range(32))
""":func:`_dirty_value` of every pig bit set."""
PRETTY_VALUE = tuple(0.85 if flags & IS_PRETTY else 0.0 for flags in range(32))
"""How much a pig counts towards an all-pretty row (Sauschön)."""

DRAW = 0.8
"""A fresh card, in units of one more open dirty pig (the racer's value)."""
TEMPO = 0.45
"""The cost of a turn spent exchanging instead of playing, in the same units."""
LATER = (0.85, 0.2, 0.35, 0.5, 0.45, 0.35, 0.25, 0.45, 0.35, 0.4)
"""What holding each card kind is likely worth on a later turn (mud first, as CARD_KINDS)."""


_STANDINGS: tuple[dict[bytes, float], dict[bytes, float]] = ({}, {})
"""Memo of :func:`standing` by row, without and with Sauschön (rows are few: 32^5 at most)."""


def standing(row: list[int], pretty_wins: bool) -> float:
    """How close a row of pigs is to winning, steeply rising near the finish (memoized)."""
    memo = _STANDINGS[pretty_wins]
    key = bytes(row)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _standing(row, pretty_wins)
    return found


def _standing(row: list[int], pretty_wins: bool) -> float:
    n = len(row)
    dirty = 0.0
    for flags in row:
        dirty += DIRTY_VALUE[flags]
    missing = n - dirty
    if pretty_wins:
        pretty = 0.0
        for flags in row:
            pretty += PRETTY_VALUE[flags]
        missing = min(missing, n - pretty + 0.15)
    if missing < 0.0:
        missing = 0.0
    return 1.0 / (missing + 0.6)


def is_win(row: list[int], pretty_wins: bool) -> bool:
    """True if ``row`` wins (as the engine checks it after a card)."""
    for flags in row:
        if flags & (DIRTY | IS_PRETTY) != DIRTY:
            break
    else:
        return bool(row)
    if not pretty_wins:
        return False
    for flags in row:
        if not flags & IS_PRETTY:
            return False
    return True


def score(standings: list[float], me: int, participants: tuple[int, ...]) -> float:
    """The mover's standing minus the leading opponent's and a share of the others'."""
    best = -1.0
    total = 0.0
    count = 0
    for p in participants:
        if p != me:
            s = standings[p]
            total += s
            count += 1
            if s > best:
                best = s
    if count == 0:
        return standings[me]
    rest = (total - best) / (count - 1) if count > 1 else 0.0
    return standings[me] - best - 0.3 * rest


def apply_card(row: list[int], card: int, pig: int) -> None:
    """Play ``card`` on pig ``pig`` of ``row`` (not rain, not Lucky Bird), in place."""
    if card == MUD:
        row[pig] |= DIRTY
    elif card == BARN:
        row[pig] |= IN_BARN
    elif card == FARMER:
        row[pig] &= ~DIRTY
    elif card == DOOR:
        row[pig] |= HAS_DOOR
    elif card == LIGHTNING:
        row[pig] &= ~(IN_BARN | HAS_DOOR)
    elif card == ROD:
        row[pig] |= HAS_ROD
    elif card == PRETTY:
        row[pig] |= IS_PRETTY
    elif card == ESCAPE:
        row[pig] &= ~IS_PRETTY


def rained(row: list[int]) -> list[int]:
    """``row`` after rain: open dirty pigs (no barn, not pretty) are clean again."""
    return [f & ~DIRTY if f & (DIRTY | IN_BARN | IS_PRETTY) == DIRTY else f for f in row]


def move_values(state: DrecksauState, legal: list[int]) -> list[float]:
    """The policy's value of each legal action for the player to act in ``state``."""
    me = state.player
    pigs = state.pigs
    pretty_wins = state.pretty_wins
    participants = state.participants
    standings = [standing(row, pretty_wins) if row else 0.0 for row in pigs]
    base = score(standings, me, participants)
    own = standing(pigs[me], pretty_wins)
    # What one more open dirty pig is worth to the mover now: the unit of card values.
    missing_now = max(1.0 / own - 0.6, 0.8)
    unit = 1.0 / missing_now - 1.0 / (missing_now + 0.6)
    hand = state.hands[me]
    lucky_phase = state.phase == "lucky-bird"
    gains: dict[int, float] = {}
    best_by_card: dict[int, float] = {}
    for action in legal:
        if not is_play(action):
            continue
        card = played_card(action)
        if card == LUCKY:
            continue
        if card == RAIN:
            after = list(standings)
            for p in participants:
                after[p] = standing(rained(pigs[p]), pretty_wins)
            gain = score(after, me, participants) - base
        else:
            target, pig = play_target(action), play_pig(action)
            row = pigs[target][:]
            apply_card(row, card, pig)
            if (card == MUD or card == PRETTY or card == ESCAPE) and is_win(row, pretty_wins):
                gain = WIN if target == me else -WIN
            else:
                saved = standings[target]
                standings[target] = standing(row, pretty_wins)
                gain = score(standings, me, participants) - base
                standings[target] = saved
        gains[action] = gain
        if gain > best_by_card.get(card, -WIN):
            best_by_card[card] = gain
    values: list[float] = []
    for action in legal:
        if action == PASS or action == SHOW or action == DONE:
            values.append(0.0)
        elif action in gains:
            gain = gains[action]
            if not lucky_phase:
                gain += (DRAW - LATER[played_card(action)]) * unit
            values.append(gain)
        elif is_discard(action):
            value = -TEMPO * unit
            for card in discarded_cards(action):
                value += (DRAW - LATER[card]) * unit
            values.append(value)
        else:  # Lucky Bird: worth the plays it unlocks, and a fresh hand
            unlocked = sum(max(0.0, best_by_card.get(c, 0.0)) for c in set(hand) if c != LUCKY)
            values.append(unlocked + (DRAW - LATER[LUCKY]) * unit)
    return values


def choose(state: DrecksauState, rng: Rng, explore: float = 0.0) -> int:
    """The policy's move for the player to act (a random one with chance ``explore``)."""
    legal: list[int] = state.legal_actions()  # type: ignore[assignment]
    if len(legal) == 1:
        return legal[0]
    if explore and rng.random() < explore:
        return legal[rng.randrange(len(legal))]
    values = move_values(state, legal)
    best = max(values)
    ties = [a for a, v in zip(legal, values) if v >= best - 1e-12]
    return ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]
