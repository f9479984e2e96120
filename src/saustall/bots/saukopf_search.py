"""The Saukopf search bot: Perfect Information Monte Carlo over worlds sampled from the view.

For every decision the bot samples complete worlds consistent with its view
(:class:`~saustall.games.saukopf.sampling.WorldSampler`), weighted by how likely the other
players' bids and calls were with the hands they got there (inference from play, see
:func:`plausibility`), and plays each world to the end of the deal with the fast playout
policy (:mod:`saustall.bots.saukopf_rollout`). An action's value is the mean of the bot's
own net points for the deal (meat minus roughness) over the worlds, with the card points
its party took as a small tie-break. Then:

* **card play, the hand-over, Kreuzung joining**: every legal action is tried in every
  world and the best mean wins;
* **Kontra and Re**: tried the same way; a kick needs its mean to beat passing by a margin
  (it doubles the stakes and earns roughness points when it fails);
* **bidding**: every game the hand could declare (the best few by a quick rating) is
  played out in every world as if the bot won the bidding with the least bid allowing that
  game; the bot bids that least bid for the best game if its mean beats passing, which
  Napf stage treats as a thrown-in deal (0) and the Trog as a small positive value (the
  Napf and the other players' games remain);
* **declaring**: every allowed game (the best few by rating) is played out at the bid.

Levels differ by their thinking budget: the number of worlds per decision and of games
considered when bidding. Decisions depend only on the view, the legal actions and the
bot's seed, so a bot replays exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from saustall.bots.base import register_bot
from saustall.bots.saukopf import HeuristicBot, estimate_tricks
from saustall.bots.saukopf_rollout import play_out
from saustall.core.game import Action, View
from saustall.core.registry import get
from saustall.core.rng import Rng
from saustall.games.saukopf.actions import (
    BID_BASE, KONTRA, PASS, RE, REVOKE_BASE, declaration_of, declare_action,
    is_bid, is_declare, parse_declaration,
)
from saustall.games.saukopf.bidding import NAPF, declarations
from saustall.games.saukopf.cards import (
    CARD_BY_TEXT, KEILER, KREUZUNG, SAUEREI, SCHWARZ, WUTZ, Declaration,
    cards_of, order_for,
)
from saustall.games.saukopf.sampling import SamplingError, WorldSampler
from saustall.games.saukopf.scoring import DealScore

_STRENGTH_ORDERS = (order_for(SAUEREI), order_for(KEILER, 0), order_for(KEILER, 1),
                    order_for(KEILER, 3), order_for(WUTZ))
"""The games a clean bid is usually made for: how strong a hand is for the best of them."""
_KREUZUNG_ORDER = order_for(KREUZUNG)
_RATER = HeuristicBot(0)


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def hand_strength(hand: list[int]) -> float:
    """Estimated tricks of ``hand`` in the clean game that suits it best."""
    return max(estimate_tricks(hand, order) for order in _STRENGTH_ORDERS)


def plausibility(view: View) -> Callable[[list[int]], float] | None:
    """How likely the other players' public bids and calls were, given their cards of the
    deal (bit masks by seat): a soft model of sensible play, 0 to 1 (None: nothing to
    infer). The declarer had a hand worth the game, a Kreuzung partner the trumps to
    join, a kicker a hand against the game, a Trog bidder a hand for some clean game and a
    Trog passer none for a strong one."""
    me = view["observer"]
    players = view["players"]
    declared = view["declared"]
    checks: list[Callable[[list[int]], float]] = []
    decl: Declaration | None = None
    if declared is not None:
        decl = parse_declaration(declared["game"])
        declarer = declared["declarer"]
        if declarer != me:
            chosen = decl

            def declarer_ok(hands: list[int]) -> float:
                rating = _RATER.rate(list(cards_of(hands[declarer])), chosen, players)
                return _sigmoid((rating + 0.3) / 0.35)
            checks.append(declarer_ok)
        partner = declared["partner"]
        if partner is not None and partner != me and decl.kind == KREUZUNG:
            def joiner_ok(hands: list[int]) -> float:
                tricks = estimate_tricks(list(cards_of(hands[partner])), _KREUZUNG_ORDER)
                return _sigmoid((tricks - 3.2) / 0.5)
            checks.append(joiner_ok)
        kicker = view["kontra"]
        if kicker is not None and kicker != me and not decl.info.napf:
            order = order_for(decl.kind, decl.param, decl.spiess)

            def kicker_ok(hands: list[int]) -> float:
                tricks = estimate_tricks(list(cards_of(hands[kicker])), order)
                return _sigmoid((tricks - 2.5) / 0.5)
            checks.append(kicker_ok)
    if decl is None or not decl.info.napf:
        top_declarer = declared["declarer"] if declared is not None else -1
        for stage, seat, call in view["bidding"]["log"]:
            if stage != "trog" or seat == me or seat == top_declarer:
                continue
            if call == "pass":
                def passer_ok(hands: list[int], seat: int = seat) -> float:
                    return _sigmoid((4.6 - hand_strength(list(cards_of(hands[seat])))) / 0.5)
                checks.append(passer_ok)
            else:
                def bidder_ok(hands: list[int], seat: int = seat) -> float:
                    return _sigmoid((hand_strength(list(cards_of(hands[seat]))) - 3.0) / 0.5)
                checks.append(bidder_ok)
    if not checks:
        return None

    def weight(hands: list[int]) -> float:
        w = 1.0
        for check in checks:
            w *= check(hands)
        return w
    return weight


@dataclass(frozen=True)
class Budget:
    """A level's thinking budget."""

    worlds: int
    """Worlds sampled per decision."""
    bid_games: int
    """Games played out when bidding or declaring (the best by a quick rating)."""
    infer: bool = True
    """Weight worlds by how likely the others' bids and calls were."""
    tries: int = 40
    """Draws per world for the inference (then any consistent world)."""


LEVEL_BUDGETS = {
    "beginner": Budget(worlds=3, bid_games=3, infer=False),
    "club": Budget(worlds=10, bid_games=5),
    "expert": Budget(worlds=30, bid_games=8),
}

KICK_MARGIN = 0.35
"""How much better a Kontra or Re must look than passing (net points)."""
TROG_PASS_VALUE = 0.25
"""What passing in the Trog is worth, roughly: the Napf and others' games remain."""


class SearchBot:
    """PIMC search over sampled worlds (see the module docstring)."""

    reads_view = True

    def __init__(self, seed: int = 0, budget: Budget = LEVEL_BUDGETS["club"],
                 name: str = "search") -> None:
        self.rng = Rng(seed)
        self.budget = budget
        self.name = name

    # -- worlds ------------------------------------------------------------------------
    def worlds(self, view: View, count: int) -> list[Any]:
        """``count`` worlds consistent with ``view`` (weighted by inference)."""
        game = get("saukopf", view["ruleset"])
        sampler = WorldSampler(game, view)
        weight = plausibility(view) if self.budget.infer else None
        return [sampler.sample(self.rng, weight, self.budget.tries) for _ in range(count)]

    @staticmethod
    def value(world: Any, score: DealScore | None, me: int) -> float:
        """My net points for the finished deal, plus a small tie-break for card points."""
        if score is None:
            return 0.0
        net = float(score.meat[me] - score.roughness[me])
        outcome = world._results[-1].outcome()
        mine = outcome.declarer_points if me == outcome.declarer or me == outcome.partner \
            else outcome.opponent_points
        sign = -1.0 if outcome.napf else 1.0
        return net + sign * 0.004 * (mine - 60)

    def evaluate(self, worlds: list[Any], me: int,
                 plans: Sequence[Sequence[int]]) -> list[float]:
        """Mean value of each plan (actions of mine, applied in order, with forced passes
        of the others in between while bidding) over the worlds, then the playout."""
        means = []
        for plan in plans:
            total = 0.0
            for world in worlds:
                state = world.clone()
                if not _force(state, me, plan):
                    total -= 5.0  # cannot happen in a consistent world; never prefer it
                    continue
                total += self.value(state, play_out(state), me)
            means.append(total / len(worlds))
        return means

    # -- decisions ---------------------------------------------------------------------
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """The action with the best mean value over the sampled worlds."""
        acts = [a for a in legal if isinstance(a, int)
                and not REVOKE_BASE <= a < REVOKE_BASE + 4]
        if not acts:
            return legal[0]
        if len(acts) == 1:
            return acts[0]
        me = view["observer"]
        phase = view["phase"]
        try:
            worlds = self.worlds(view, self.budget.worlds)
        except SamplingError:
            return HeuristicBot(0).choose(view, acts)
        if phase == "bidding":
            return self._bid(view, me, acts, worlds)
        if phase == "declaring":
            options = self._shortlist(view, [a for a in acts if is_declare(a)])
            values = self.evaluate(worlds, me, [[a] for a in options])
            return options[max(range(len(options)), key=values.__getitem__)]
        values = self.evaluate(worlds, me, [[a] for a in acts])
        if phase in ("kontra", "re"):
            kick = KONTRA if phase == "kontra" else RE
            if kick in acts and PASS in acts:
                gain = values[acts.index(kick)] - values[acts.index(PASS)]
                return kick if gain > KICK_MARGIN else PASS
        best = max(values)
        # ties (common in the last tricks): the lowest code, so a replay is exact
        return min(a for a, v in zip(acts, values) if v >= best - 1e-9)

    def _shortlist(self, view: View, options: list[int]) -> list[int]:
        """The best declare actions by the quick rating."""
        hand = [CARD_BY_TEXT[t] for t in view["hand"]]
        players = view["players"]
        rated = sorted(options, key=lambda a: (-_RATER.rate(hand, declaration_of(a), players),
                                               a))
        return rated[:self.budget.bid_games]

    def _bid(self, view: View, me: int, acts: list[int], worlds: list[Any]) -> int:
        bids = sorted(a - BID_BASE for a in acts if is_bid(a))
        if not bids:
            return PASS
        stage = view["bidding"]["stage"]
        players = view["players"]
        hand = [CARD_BY_TEXT[t] for t in view["hand"]]
        aside = [CARD_BY_TEXT[t] for t in view["aside"]]
        # each game the hand allows, at the least legal bid that allows it
        least: dict[int, int] = {}
        for bid in (bids[0], next((b for b in bids if b >= 91), 0), SCHWARZ):
            if bid not in bids:
                continue
            for decl in declarations(hand, bid, stage, players, aside):
                least.setdefault(declare_action(decl), bid)
        if not least:
            return PASS
        options = self._shortlist(view, list(least))
        plans = [[BID_BASE + least[a], a] for a in options]
        values = self.evaluate(worlds, me, plans)
        best = max(range(len(options)), key=values.__getitem__)
        pass_value = 0.0 if stage == NAPF else TROG_PASS_VALUE
        if values[best] > pass_value:
            return BID_BASE + least[options[best]]
        return PASS


def _force(state: Any, me: int, plan: Sequence[int]) -> bool:
    """Apply my ``plan``; while bidding, the others pass. False if a step is illegal."""
    for action in plan:
        while state.phase == "bidding" and state.cur != me:
            state.apply(PASS)
        if state.cur != me or not state.is_legal(action):
            return False
        state.apply(action)
        while state.phase == "bidding" and state.cur != me:
            state.apply(PASS)
    return True


def _factory(level: str) -> Callable[[int], SearchBot]:
    def make(seed: int) -> SearchBot:
        return SearchBot(seed, LEVEL_BUDGETS[level], level)
    return make


for _level in LEVEL_BUDGETS:
    register_bot("saukopf", _level, _factory(_level))

__all__ = ["Budget", "LEVEL_BUDGETS", "SearchBot", "hand_strength", "plausibility"]
