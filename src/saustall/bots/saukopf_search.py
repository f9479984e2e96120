"""The Saukopf search bot: Perfect Information Monte Carlo over worlds sampled from the view.

For every decision the bot samples complete worlds consistent with its view
(:class:`~saustall.games.saukopf.sampling.WorldSampler`), weighted by how likely the other
players' bids and calls were with the hands they got there (inference from play, see
:func:`plausibility`; a hidden declarer is dealt a declarer's trumps, a Knorpel's declarer
the aces and tens, see :func:`declarer_trumps`), and plays each world to the end of the
deal with the fast playout policy (:mod:`saustall.bots.saukopf_rollout`). An action's
value is the mean of the bot's own net points for the deal (meat minus roughness) over
the worlds, with the card points its party took as a small tie-break (in card play:
the mean over the playout's card points spread by :attr:`Budget.spread`, so what counts
is how near it ends to the bid, Stallgeruch or Schwarz). Then:

* **card play, the hand-over, Kreuzung joining**: every legal action is tried in every
  world and the best mean wins; with :attr:`Budget.endgame` cards or fewer in hand, a
  card's value in a world is the exact outcome of the rest of the deal, both parties
  playing best (:mod:`saustall.bots.saukopf_endgame`), not a playout's;
* **Kontra and Re**: tried the same way; a kick needs its mean to beat passing by a margin
  (it doubles the stakes and earns roughness points when it fails);
* **bidding**: every game the hand could declare (the best few by a quick rating) is
  played out in every world as if the bot won the bidding with the least bid allowing that
  game (so a Knorpel or a Mast at 91, a Vegane Mast at Schwarz); the bot bids that least
  bid for the best game if its mean beats passing. Passing in the Napf before anyone bid
  counts as a thrown-in deal (0); while a Napf bid stands, passing is played out too (the
  top bidder declares the game it rates best), since the standing game pays its
  opponents and partner. Passing in the Trog while a bid stands counts a fixed value
  (:data:`TROG_PASS_VALUE`: another player's game follows, and a game's mean must clear
  it to be bid); passing before anyone bid is played out too: in each
  world, the players still to speak pass the Trog with a chance given by their sampled
  hands (:func:`trog_pass_chance`), and then the bot plays its best Napf game, so a hand
  made for the Napf waits for it when that is worth more than its Trog game;
* **declaring**: every allowed game (the best few by rating) is played out at the bid.

Levels differ by their thinking budget: the number of worlds per decision, of games
considered when bidding, and of playouts one bidding or declaring evaluation may spend
(which bounds a decision's time). Decisions depend only on the view, the legal actions
and the bot's seed, so a bot replays exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from saustall.bots.base import register_bot
from saustall.bots.saukopf import HeuristicBot
from saustall.bots.saukopf_endgame import (
    FLAG_ALL, FLAG_NONE, FLAG_SOME, ContractValue, EndgameSolver, NodeLimitReached,
    contract_key, contract_of,
)
from saustall.bots.saukopf_eval import NAPF_JOIN_TRICKS, rate_mask, tricks_of_mask, trump_count
from saustall.bots.saukopf_rollout import play_out
from saustall.core.game import Action, View
from saustall.core.registry import get
from saustall.core.rng import Rng
from saustall.games.saukopf.actions import (
    BID_BASE, CARD_BASE, KONTRA, PASS, RE, REVOKE_BASE, declaration_of, declare_action,
    is_bid, is_declare, parse_declaration,
)
from saustall.games.saukopf.bidding import NAPF, declarations
from saustall.games.saukopf.cards import (
    ACE, CARD_BY_TEXT, KNORPEL, KREUZUNG, KREUZUNG_KINDS, SAUEREI, SCHWARZ, WUTZ,
    Declaration, Order,
    cards_of, order_for,
)
from saustall.games.saukopf.game import SaukopfState
from saustall.games.saukopf.observe import FinishedDeal
from saustall.games.saukopf.sampling import SamplingError, WorldSampler
from saustall.games.saukopf.scoring import DealScore

_KREUZUNG_ORDER = order_for(KREUZUNG)
_SAUEREI_ORDER = order_for(SAUEREI)


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def hand_strength(hand: int) -> float:
    """Estimated tricks of the hand mask ``hand`` in a clean game with Ober, Unter and
    Herz as trumps (the Sauerei's), a quick measure of a hand's worth for bidding."""
    return tricks_of_mask(hand, _SAUEREI_ORDER)


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
                rating = rate_mask(hands[declarer], chosen, players)
                return _sigmoid((rating + 0.3) / 0.35)
            checks.append(declarer_ok)
        partner = declared["partner"]
        if partner is not None and partner != me and decl.kind in KREUZUNG_KINDS:
            # a Trog Kreuzung is joined with trumps, a Napf one (played to lose) with a
            # weak hand
            sign, mid = (-1.0, NAPF_JOIN_TRICKS + 0.5) if decl.info.napf else (1.0, 3.2)

            def joiner_ok(hands: list[int]) -> float:
                tricks = tricks_of_mask(hands[partner], _KREUZUNG_ORDER)
                return _sigmoid(sign * (tricks - mid) / 0.5)
            checks.append(joiner_ok)
        kicker = view["kontra"]
        if kicker is not None and kicker != me and not decl.info.napf:
            order = order_for(decl.kind, decl.param, decl.spiess)

            def kicker_ok(hands: list[int]) -> float:
                tricks = tricks_of_mask(hands[kicker], order)
                return _sigmoid((tricks - 2.5) / 0.5)
            checks.append(kicker_ok)
    if decl is None or not decl.info.napf:
        top_declarer = declared["declarer"] if declared is not None else -1
        for stage, seat, call in view["bidding"]["log"]:
            if stage != "trog" or seat == me or seat == top_declarer:
                continue
            if call == "pass":
                def passer_ok(hands: list[int], seat: int = seat) -> float:
                    return _sigmoid((4.6 - hand_strength(hands[seat])) / 0.5)
                checks.append(passer_ok)
            else:
                def bidder_ok(hands: list[int], seat: int = seat) -> float:
                    return _sigmoid((hand_strength(hands[seat]) - 3.0) / 0.5)
                checks.append(bidder_ok)
    if not checks:
        return None

    def weight(hands: list[int]) -> float:
        w = 1.0
        for check in checks:
            w *= check(hands)
        return w
    return weight


def declarer_trumps(view: View) -> tuple[int, int, int, int] | None:
    """How many trumps a hidden declarer of a clean game holds, held and played (a
    Knorpel's: how many of its :func:`knorpel_tops`): the ``lean`` of
    :meth:`~saustall.games.saukopf.sampling.WorldSampler.sample_many`."""
    declared = view["declared"]
    if declared is None or declared["declarer"] == view["observer"] or declared["napf"]:
        return None
    decl = parse_declaration(declared["game"])
    if decl.kind == KREUZUNG:
        return None
    order = order_for(decl.kind, decl.param, decl.spiess)
    if decl.kind == KNORPEL:
        return declared["declarer"], knorpel_tops(order), 3, 6
    mask = 0
    for c in order.trumps:
        mask |= 1 << c
    ten = view["players"] == 3
    if decl.kind == SAUEREI:
        low, high = 3, 6
    elif decl.kind == WUTZ:  # four trumps only: the Unter and the aces win
        for suit in range(4):
            mask |= 1 << (suit * 8 + ACE)
        low, high = 5, 7
    else:
        low, high = (5, 8) if ten else (4, 7)
    return declared["declarer"], mask, low, high


def knorpel_tops(order: Order) -> int:
    """The mask of the two strongest cards of each plain suit of a Knorpel's ``order``
    (the aces and tens; am Spieß the sevens and eights). A Knorpel holds a single trump,
    so its declarer wins with these: the search bots declare one holding two to five of
    them (26 Knorpels of ``expert`` bots, deals 0-299; the lean deals three to six),
    hands the quick rating cannot tell apart from a hopeless one, so without this lean
    the opponents kicked it and lost."""
    mask = 0
    for suit in range(4):
        held = sorted(cards_of(order.suit_masks[suit]), key=lambda c: -order.power[c])
        for c in held[:2]:
            mask |= 1 << c
    return mask


@dataclass(frozen=True)
class Budget:
    """A level's thinking budget."""

    worlds: int
    """Worlds sampled per decision (bidding, declaring, joining and kicking: times
    :data:`RARE_DECISION_FACTOR`)."""
    bid_games: int
    """Games played out when bidding or declaring (the best by a quick rating)."""
    infer: bool = True
    """Weight worlds by how likely the others' bids and calls were."""
    candidates: int = 12
    """Deals drawn per world for the inference, the likeliest kept."""
    playouts: int = 1_000_000
    """At most this many playouts (worlds x games) per evaluation when bidding or
    declaring: the worlds are cut to fit (never below :data:`MIN_WORLDS`), so a hand with
    many games to try does not think for long."""
    card_worlds: int = 0
    """Worlds sampled per card played (0: :attr:`worlds`)."""
    endgame: int = 0
    """With this many cards in hand or fewer, each card's value in a world is the exact
    outcome of the rest of the deal (:mod:`saustall.bots.saukopf_endgame`) instead of a
    playout's (0: never)."""
    endgame_worlds: int = 0
    """Worlds sampled per card once the endgame is solved exactly (0: as before it)."""
    endgame_nodes: int = 100_000
    """Cards the exact solver may try per decision, over all its worlds: it solves the
    worlds in turn until they run out (the playouts decide if fewer than
    :data:`MIN_WORLDS` were solved), so a hard endgame cannot stall the bot."""
    spread: int = 0
    """Card points by which a playout's final count is spread when valued
    (:meth:`SearchBot.value`): what a card is worth depends on how near the deal's
    thresholds (the bid, Stallgeruch, Schwarz) the playout ends, not on raw card points.
    0: the playout's own outcome, with card points as a small tie-break."""


LEVEL_BUDGETS = {
    "beginner": Budget(worlds=3, bid_games=3, infer=False, playouts=30),
    # the last four cards solved exactly: a world of four cards each takes a median 3 ms
    # (pure Python, p90 14 ms, the worst of 146 deals 64 ms); the node budget bounds the
    # rare hard one
    "club": Budget(worlds=10, bid_games=5, playouts=150, endgame=4, endgame_nodes=30_000,
                   spread=10),
    # three times the worlds for a card: in 300 duplicate deals against ``heuristic``
    # with its bidding, search card play gained +0.43 net points per deal with 30
    # worlds and +0.60 with 90 (paired difference +0.16 [-0.03, +0.36]); an exactly
    # solved world is worth more than a playout, so 40 of them in the last four cards
    "expert": Budget(worlds=30, bid_games=8, playouts=720, card_worlds=90, endgame=4,
                     endgame_worlds=40, endgame_nodes=120_000, spread=10),
}

KICK_MARGIN = 1.0
"""How much better a Kontra must look than passing (net points): the estimate is noisy
and a failed kick costs roughness points."""
RE_MARGIN = 1.2
"""The same for a Re (it answers a kick by someone who expects to win)."""
SPIESS_PRIOR = 1.0
"""Net points a game am Spieß must gain over its plain form to be chosen: the reversed
order's outcomes vary more, so the best of a few noisy means favours it unduly."""
SPREAD_WEIGHTS: tuple[tuple[int, float], ...] = (
    (-2, 0.1), (-1, 0.2), (0, 0.4), (1, 0.2), (2, 0.1))
"""How :meth:`SearchBot.value` spreads a playout's card points: (steps of half the
spread, weight)."""
RARE_DECISION_FACTOR = 3
"""Bidding, declaring, joining and kicking sample this many times the worlds of a card."""
TROG_PASS_VALUE = 2.0
"""What passing in the Trog is worth when another player's game follows: also the margin
a game's mean must clear to be bid, since the best of several noisy means is optimistic
(the others are made to pass, and the playouts defend worse than people). Measured in 400
duplicate deals against ``heuristic`` (``expert`` minus ``heuristic``, 2000-2399): -0.5
gave +0.25, 0.0 +0.66, 0.5 +0.99, 1.0 +1.06, 1.5 +1.09, 2.0 +1.17."""
NAPF_REACH_FLOOR = 0.05
"""Below this chance that everybody passes the Trog, the Napf games are not tried."""
MIN_WORLDS = 6
"""Fewest worlds a bidding decision uses, whatever the playout budget."""


TROG_PASS_STRENGTH = 2.5
"""The :func:`hand_strength` at which a player first to bid is as likely to pass the Trog
as to bid. A bid of 61 costs nothing when it fails, so search bots bid on most hands: in
12 deals of four ``club`` bots the player to speak with no bid standing passed 3 times in
15. Hand strengths of random hands have quartiles 2.05, 2.75 and 3.6; with this midpoint
the mean chance to pass is about 0.4 (a little above what was seen, since a hand made for
the Napf now passes too)."""


def trog_pass_chance(hand: int) -> float:
    """How likely a player passes the Trog with the hand mask ``hand`` while no bid
    stands (:data:`TROG_PASS_STRENGTH`): the model of the others behind
    :meth:`SearchBot._trog_pass_value`."""
    return _sigmoid((TROG_PASS_STRENGTH - hand_strength(hand)) / 0.5)


class SearchBot:
    """PIMC search over sampled worlds (see the module docstring)."""

    reads_view = True

    def __init__(self, seed: int = 0, budget: Budget = LEVEL_BUDGETS["club"],
                 name: str = "search") -> None:
        self.rng = Rng(seed)
        self.budget = budget
        self.name = name
        self.contract_values = ContractValue()
        """Net points by contract and card points, cached across decisions."""

    # -- worlds ------------------------------------------------------------------------
    def worlds(self, view: View, count: int) -> list[SaukopfState]:
        """``count`` worlds consistent with ``view`` (weighted by inference)."""
        game = get("saukopf", view["ruleset"])
        sampler = WorldSampler(game, view)
        weight = plausibility(view) if self.budget.infer else None
        rare = 1 if view["phase"] == "playing" else 2
        return sampler.sample_many(self.rng, count, weight,
                                   count * self.budget.candidates * rare,
                                   declarer_trumps(view) if self.budget.infer else None)

    def value(self, world: SaukopfState, score: DealScore | None, me: int,
              spread: int = 0) -> float:
        """My net points for the finished deal. With ``spread`` 0, plus a small tie-break
        for card points; otherwise the mean of my net points had the declarer's party
        ended with the points it took give or take up to ``spread`` (weights
        :data:`SPREAD_WEIGHTS`), so a playout counts by how near it ends to the
        thresholds that pay (a playout is only an estimate of the play)."""
        if score is None:
            return 0.0
        net = float(score.meat[me] - score.roughness[me])
        finished = world._results[-1]
        assert isinstance(finished, FinishedDeal)
        outcome = finished.outcome()
        if spread:
            contract = contract_key(outcome)
            tricks = outcome.declarer_tricks
            flag = FLAG_NONE if tricks == 0 else FLAG_ALL \
                if tricks == outcome.total_tricks else FLAG_SOME
            top = contract.opponent_points
            total = 0.0
            for step, weight in SPREAD_WEIGHTS:
                points = min(top, max(0, outcome.declarer_points + step * spread // 2))
                total += weight * self.contract_values.net(contract, me, points, flag)
            return total
        mine = outcome.declarer_points if me == outcome.declarer or me == outcome.partner \
            else outcome.opponent_points
        sign = -1.0 if outcome.napf else 1.0
        return net + sign * 0.004 * (mine - 60)

    def evaluate(self, worlds: list[SaukopfState], me: int,
                 plans: Sequence[Sequence[int]], spread: int = 0) -> list[float]:
        """Mean value of each plan (actions of mine, applied in order, with forced passes
        of the others in between while bidding) over the worlds, then the playout."""
        return self.evaluate_weighted(worlds, me, plans, None, spread)

    def evaluate_weighted(self, worlds: list[SaukopfState], me: int,
                          plans: Sequence[Sequence[int]],
                          weights: Sequence[float] | None, spread: int = 0) -> list[float]:
        """:meth:`evaluate` with each world weighted (None: equally); worlds of weight 0
        are not played. The mean is over the weights' total."""
        means = []
        total_weight = float(len(worlds)) if weights is None else math.fsum(weights)
        for plan in plans:
            total = 0.0
            for i, world in enumerate(worlds):
                w = 1.0 if weights is None else weights[i]
                if w <= 0.0:
                    continue
                state = world.clone()
                if not _force(state, me, plan):
                    total -= 5.0 * w  # cannot happen in a consistent world; never prefer it
                    continue
                total += w * self.value(state, play_out(state), me, spread)
            means.append(total / total_weight if total_weight > 0 else 0.0)
        return means

    def solve_cards(self, worlds: list[SaukopfState], me: int,
                    acts: list[int]) -> list[float] | None:
        """Each card action's mean over the worlds of my exact net points for the deal
        after it (:class:`~saustall.bots.saukopf_endgame.EndgameSolver`: both parties
        then play best, every card seen). Worlds are solved in turn while the
        :attr:`Budget.endgame_nodes` last (a bound on the decision's time); None if that
        solves fewer than :data:`MIN_WORLDS`."""
        totals = [0.0] * len(acts)
        left = self.budget.endgame_nodes
        solved = 0
        for world in worlds:
            solver = EndgameSolver(world, left)
            try:
                found = solver.card_values(me, contract_of(world), self.contract_values)
            except NodeLimitReached:
                break
            left -= solver.nodes
            solved += 1
            for i, a in enumerate(acts):
                totals[i] += found[a - CARD_BASE]
        if solved < min(MIN_WORLDS, len(worlds)):
            return None
        return [t / solved for t in totals]

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
        # bidding, declaring and kicking are rare and decide the most: more worlds
        solve = phase == "playing" and len(view["hand"]) <= self.budget.endgame
        if solve and self.budget.endgame_worlds:
            count = self.budget.endgame_worlds
        elif phase == "playing":
            count = self.budget.card_worlds or self.budget.worlds
        else:
            count = self.budget.worlds * RARE_DECISION_FACTOR
        try:
            worlds = self.worlds(view, count)
        except SamplingError:
            return HeuristicBot(0).choose(view, acts)
        if phase == "bidding":
            return self._bid(view, me, acts, worlds)
        if phase == "declaring":
            options = self._shortlist(view, [a for a in acts if is_declare(a)])
            values = _with_prior(options, self.evaluate(
                self._budgeted(worlds, len(options)), me, [[a] for a in options]))
            return options[max(range(len(options)), key=values.__getitem__)]
        solved = self.solve_cards(worlds, me, acts) if solve else None
        if solved is not None:
            values = solved
        elif phase == "playing":
            values = self.evaluate(worlds, me, [[a] for a in acts], self.budget.spread)
        else:
            values = self.evaluate(worlds, me, [[a] for a in acts])
        if phase in ("kontra", "re"):
            kick = KONTRA if phase == "kontra" else RE
            if kick in acts and PASS in acts:
                gain = values[acts.index(kick)] - values[acts.index(PASS)]
                margin = KICK_MARGIN if kick == KONTRA else RE_MARGIN
                return kick if gain > margin else PASS
        best = max(values)
        # ties (common in the last tricks): the lowest code, so a replay is exact
        return min(a for a, v in zip(acts, values) if v >= best - 1e-9)

    def _shortlist(self, view: View, options: list[int]) -> list[int]:
        """The best declare actions by the quick rating, without a clean Sauerei on fewer
        than four trumps (the partner is unknown: it needs trumps of its own)."""
        hand = 0
        for t in view["hand"]:
            hand |= 1 << CARD_BY_TEXT[t]
        players = view["players"]
        sound = [a for a in options if declaration_of(a).kind != SAUEREI
                 or trump_count(hand, _SAUEREI_ORDER) >= 4] or options
        rated = sorted(sound, key=lambda a: (-rate_mask(hand, declaration_of(a), players), a))
        # the Napf offers few games, and the quick rating knows them least: try them all
        napf = view["bidding"]["stage"] == NAPF
        return rated[:max(self.budget.bid_games, 8) if napf else self.budget.bid_games]

    def _bid(self, view: View, me: int, acts: list[int], worlds: list[SaukopfState]) -> int:
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
        plans: list[list[int]] = [[BID_BASE + least[a], a] for a in options]
        standing = view["bidding"]["top_bid"] is not None
        if stage == NAPF and standing:
            # passing lets the standing Napf game be played, with me as its partner or
            # opponent: that is worth something, so it is played out like the bids
            plans.append([PASS])
        played = self.evaluate(self._budgeted(worlds, len(plans)), me, plans)
        values = _with_prior(options, played[:len(options)])
        best = max(range(len(options)), key=values.__getitem__)
        if stage == NAPF:
            # with no bid standing, passing throws the cards in if the others pass too
            pass_value = played[-1] if standing else 0.0
        elif not standing:
            pass_value = self._trog_pass_value(view, me, hand, aside, worlds)
        else:  # a bid stands: passing cannot lead to the Napf
            pass_value = TROG_PASS_VALUE
        if values[best] > pass_value:
            return BID_BASE + least[options[best]]
        return PASS

    def _trog_pass_value(self, view: View, me: int, hand: list[int], aside: list[int],
                         worlds: list[SaukopfState]) -> float:
        """What passing in the Trog before anyone has bid is worth, world by world: if
        the players still to speak all pass too (each with the chance :func:`trog_pass_chance`
        of its sampled hand), the Napf follows and the bot plays the Napf game that is
        best over those worlds (or throws in, 0); otherwise another player's game follows
        (:data:`TROG_PASS_VALUE`). So a hand made for a Napf game (a Mast, a Vegane Mast,
        an Unreine Sauerei) waits for it when it is worth more than a Trog game."""
        players = view["players"]
        least: dict[int, int] = {}
        for bid in (61, 91, SCHWARZ):
            for decl in declarations(hand, bid, NAPF, players, aside):
                least.setdefault(declare_action(decl), bid)
        if not least:
            return TROG_PASS_VALUE
        chances = []
        for world in worlds:
            state = world.clone()
            chance = 1.0
            state.apply(PASS)
            while state.phase == "bidding" and state.stage != NAPF:
                chance *= trog_pass_chance(state.masks[state.cur])
                state.apply(PASS)
            # a world where the Napf is all but out of reach is not worth its playouts
            chances.append(chance if state.phase == "bidding" and chance >= 0.01 else 0.0)
        reach = math.fsum(chances) / len(worlds)
        if reach < NAPF_REACH_FLOOR:  # the others are all but sure to bid
            return TROG_PASS_VALUE
        napf_view = dict(view, bidding=dict(view["bidding"], stage=NAPF))
        options = self._shortlist(napf_view, list(least))
        plans = [[PASS, BID_BASE + least[a], a] for a in options]
        used = self._budgeted(worlds, len(plans))
        napf_values = _with_prior(options, self.evaluate_weighted(
            used, me, plans, chances[:len(used)]))
        napf = max(0.0, max(napf_values))
        return (1.0 - reach) * TROG_PASS_VALUE + reach * napf

    def _budgeted(self, worlds: list[SaukopfState], plans: int) -> list[SaukopfState]:
        """The first worlds, as many as :attr:`Budget.playouts` allows for ``plans``
        plans (at least :data:`MIN_WORLDS`): a bound on a decision's time."""
        return worlds[:max(MIN_WORLDS, self.budget.playouts // max(1, plans))]


def _with_prior(options: list[int], values: list[float]) -> list[float]:
    """The values with :data:`SPIESS_PRIOR` taken off games am Spieß."""
    return [v - (SPIESS_PRIOR if declaration_of(a).spiess else 0.0)
            for a, v in zip(options, values)]


def _force(state: SaukopfState, me: int, plan: Sequence[int]) -> bool:
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
