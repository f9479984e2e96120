"""What each Saukopf search level may spend on a decision, and when a risky choice is clear.

:class:`Budget` sizes a level's search (worlds, games, playouts, the exact endgame);
:data:`LEVEL_BUDGETS` holds the levels' budgets with what was measured to choose them; the
rules (:data:`KONTRA_RULE`, :data:`RE_RULE`, :data:`SPIESS_RULE`, :data:`BID_RULE`) say
when the search bot (:mod:`saustall.games.saukopf.bots.search`) takes a risky choice over
a safe one. Apart from the bot, so the analysis, the scripts and the tests read the
levels without the search's machinery.
"""

from __future__ import annotations

from dataclasses import dataclass

from saustall.games.saukopf.bots.decide import Rule


@dataclass(frozen=True)
class Budget:
    """A level's thinking budget."""

    worlds: int
    """Worlds sampled per card played when :attr:`card_worlds` is 0, and, times
    :data:`~saustall.games.saukopf.bots.search.RARE_DECISION_FACTOR`, for joining a Kreuzung and the hand-over; bidding,
    declaring, Kontra and Re sample by :attr:`rare_first`, :attr:`rare_step` and
    :attr:`rare_worlds`."""
    bid_games: int
    """Games played out when bidding or declaring (the best by a quick rating)."""
    infer: bool = True
    """Weight worlds by how likely the others' bids and calls were."""
    candidates: int = 12
    """Deals drawn per world for the inference, the likeliest kept."""
    playouts: int = 1_000_000
    """At most this many playouts (worlds x choices) in the race of a bidding, declaring,
    Kontra or Re decision: a bound on its time. Not counted: a bid before anyone bid in
    the Trog first plays its Napf games out in the first :attr:`rare_first` worlds
    (:meth:`~saustall.games.saukopf.bots.search.SearchBot._napf_plan`: up to :attr:`rare_first` times the larger of
    :attr:`bid_games` and 8 playouts)."""
    card_worlds: int = 0
    """Worlds sampled per card played (0: :attr:`worlds`)."""
    endgame: int = 0
    """With this many cards in hand or fewer, each card's value in a world is the exact
    outcome of the rest of the deal (:mod:`saustall.games.saukopf.bots.endgame`) instead of a
    playout's (0: never)."""
    endgame_worlds: int = 0
    """Worlds sampled per card once the endgame is solved exactly (0: as before it). If
    the solver solves fewer than :data:`~saustall.games.saukopf.bots.search.MIN_WORLDS` of them within
    :attr:`endgame_nodes`, the playouts decide on these same worlds, not on
    :attr:`card_worlds` (``expert``: 40 playouts per card instead of 90)."""
    endgame_nodes: int = 100_000
    """Cards the exact solver may try per decision, over all its worlds: it solves the
    worlds in turn until they run out (the playouts decide, on the worlds sampled, if
    fewer than :data:`~saustall.games.saukopf.bots.search.MIN_WORLDS` were solved), so a hard endgame cannot stall the bot."""
    spread: int = 0
    """Card points by which a playout's final count is spread when valued
    (:meth:`~saustall.games.saukopf.bots.search.SearchBot.value`): what a card is worth depends on how near the deal's
    thresholds (the bid, Stallgeruch, Schwarz) the playout ends, not on raw card points.
    0: the playout's own outcome, with card points as a small tie-break."""
    rare_first: int = 12
    """Worlds of the first batch of a bidding, declaring, Kontra or Re decision."""
    rare_step: int = 12
    """Worlds added while the leading difference is unclear."""
    rare_worlds: int = 96
    """At most this many worlds for such a decision."""
    kick_worlds: tuple[int, int, int] | None = None
    """For Kontra and Re: the first batch, the step and the most worlds, in place of
    :attr:`rare_first`, :attr:`rare_step` and :attr:`rare_worlds` (None: those).
    :data:`KONTRA_RULE` and :data:`RE_RULE` were calibrated on races of at most 160
    worlds; on 1,280 the same rules kicked more often and won less (``expert``, four bots,
    deals 0-999: Kontra on 7.0% of the games, the kickers won 51.4% [40.0, 62.8]), since
    what they measure more precisely is the worlds' bias, not the game."""
    card_default: float | None = None
    """A card other than the sensible one (the ``heuristic`` bot's, which plays the card
    a Schafkopf player expects: take a rich trick last, smear a partner's, draw trumps)
    is played only when its paired mean over the same worlds beats that card by more
    than this many standard errors of the difference (:func:`~saustall.games.saukopf.bots.search.clear_or_default`); 0: by
    any margin, so the sensible card breaks the ties, where every card looks alike (a
    deal already decided, or too far from its end for the playouts to tell). None: the
    best mean wins, ties to the lowest code."""
    sensible_default: bool = False
    """Bid and declare what a Schafkopf player expects (the ``heuristic`` bot's choice:
    the cheapest bid for a game its rating finds sound, the best-rated plain game)
    unless passing or another game is clearly better (:data:`SENSIBLE_BID_RULE`,
    :data:`SPIESS_RULE`). False: a bid must be clearly better than passing
    (:data:`BID_RULE`) and a game am Spieß than the best plain one, so an unclear race
    passes, and a noisy level passed sound hands (``club`` passed five trumps with an
    Ober and a Sau with two of eight seeds) and called a Sau by chance."""
    kontra_answer: tuple[float, float] | None = None
    """A Kontra's race plays it out with a Re from the declaring party as likely as
    the search bots give one: (when the declaring party wins the playout, when it loses)
    (:class:`~saustall.games.saukopf.bots.search.AnsweredKontra`). None: no Re in the
    playouts, so a kick looks cheaper than it is against a strong hand."""
    rivals: bool = False
    """When bidding in the Trog, let the others bid on over my bid in the playouts while
    their sampled hand is worth a solo (:class:`~saustall.games.saukopf.bots.rivals.BidPlan`), and weigh bidding again once
    out-bid: a bid is valued against the other bidders (False: they pass once I bid)."""


KONTRA_ANSWER = (0.6, 0.25)
"""How likely the declaring party answers a Kontra with Re, when it goes on to win the
game and when it loses (:attr:`Budget.kontra_answer`): four ``expert`` bots over deals
0-1999 gave Re on 22 of the 36 kicked games their declarers won (61%) and on 11 of the 43
they lost (26%)."""

LEVEL_BUDGETS = {
    # with inference: without it a hidden declarer's hand is random, every game looks
    # beatable, and four beginners kicked 58% of the games (40 deals)
    "beginner": Budget(worlds=3, bid_games=3, playouts=72,
                       rare_first=6, rare_step=6, rare_worlds=24),
    # the last four cards solved exactly: a world of four cards each takes a median 3 ms
    # (pure Python, p90 14 ms, the worst of 146 deals 64 ms); the node budget bounds the
    # rare hard one
    # the heuristic's card unless another is clearly better (card_default): as strong
    # (club-d minus club +0.000 [-0.115, +0.115] over deals 200-499, expert-d minus
    # expert -0.034 [-0.159, +0.091]), and no card chosen on noise. On 1.5 standard
    # errors, not 1, the same card with another seed in 93.8% of tries, not 86.7%
    # (saukopf_stability.py --cards), at -0.019 [-0.104, +0.066] against 1 (deals
    # 0-299); on 2, 96.8% at -0.062 [-0.153, +0.030]: its 10 worlds a card are few
    "club": Budget(worlds=10, bid_games=5, playouts=240,
                   rare_first=10, rare_step=10, rare_worlds=60,
                   endgame=4, endgame_nodes=30_000, spread=10, card_default=1.5,
                   sensible_default=True, kontra_answer=KONTRA_ANSWER),
    # three times the worlds for a card: in 300 duplicate deals against ``heuristic``
    # with its bidding, search card play gained +0.43 net points per deal with 30
    # worlds and +0.60 with 90 (paired difference +0.16 [-0.03, +0.36]); an exactly
    # solved world is worth more than a playout, so 40 of them in the last four cards
    # bidding, declaring, Kontra and Re on eight times the worlds (batches of 48, up to
    # 1,280) and 16 games tried: what separates the levels is their bidding and declaring
    # (the same contracts add +0.004 of expert minus club), and a race on 160 worlds
    # often stopped before its difference was clear. Over duplicate deals 0-199 against
    # club: +0.356 [+0.146, +0.566] where the 160 worlds gave +0.125 [-0.050, +0.300];
    # CPU per decision median 15.7 ms, p99 253 ms (bidding 121 ms median, 436 ms p99).
    # 2,560 worlds in batches of 64 and 20 games gave no more (+0.341 [+0.101, +0.582]).
    # Kontra and Re stay on the 160 worlds their rules were calibrated on (kick_worlds).
    # Another card than the heuristic's on 2 standard errors, not 1: the same card with
    # another seed in 94.9% of tries, not 90.3%, as strong (against club +0.361 where 1
    # gave +0.346, paired +0.015 [-0.110, +0.140], deals 0-199)
    "expert": Budget(worlds=30, bid_games=16, playouts=6400, card_worlds=90,
                     rare_first=48, rare_step=48, rare_worlds=1280, kick_worlds=(16, 16, 160),
                     endgame=4, endgame_worlds=40, endgame_nodes=120_000, spread=10,
                     card_default=2.0, sensible_default=True, kontra_answer=KONTRA_ANSWER),
}

KONTRA_RULE = Rule(k=2.0, margin=0.5, min_win=0.5, min_worlds=30)
"""When a Kontra is clearly better than passing: it doubles the stakes and costs the
kicker 2 roughness points when the game is won, so the gain must be clear of the noise
(2 standard errors of the paired difference, over at least 30 worlds) and the kick more
likely won than lost. Without the 30 worlds ``club`` (10 worlds a batch) kicked on 20 and
won 7 of 23 Kontras (four ``club`` bots, deals 0-399), where ``expert`` (16 a batch) won
18 of 27 (deals 0-499)."""
RE_RULE = Rule(k=2.0, margin=1.0, min_win=0.85, min_worlds=30)
"""The same for a Re (it answers a kick by someone who expects to win, and costs 3
roughness points when the game is lost), with a higher bar: the search bots kick only on
a clear advantage, so the kicker's hand is stronger than the declarer's weighted worlds
show. With the Kontra's rule (0.5 net points, a win in half the worlds) four ``expert``
bots answered 5 of 8 Kontras with Re and won 1 of them (deals 0-99, where the kickers
won 7 of 8). The declarer's estimated chance is still too hopeful after a kick: over deals
0-1999 of four ``expert`` bots, the Re games estimated at 75-85% were won 11 of 22, those
at 85% or more 24 of 37, and a win needed in 75% of the worlds gave Re on 53% of the
Kontras (59 of 111), so a Re needs 85% now."""
SPIESS_RULE = Rule(k=2.0, margin=0.25)
"""When a game am Spieß is clearly better than the best plain one: the reversed order's
outcomes vary more, so the best of a few noisy means favours it unduly."""
BID_RULE = Rule(k=1.0)
"""When a game is clearly worth more than passing (passing played out too): the best of
several games' means is optimistic, and in the playouts the others pass once I bid."""

SENSIBLE_BID_RULE = Rule(k=2.0)
"""When passing or another game is clearly better than the sensible bid (the
``heuristic`` bot's, :attr:`Budget.sensible_default`): a player's expected bid is overruled
on two standard errors, not one, since a race that cannot tell the two apart would
otherwise overrule it about one time in six by chance alone."""

__all__ = ["BID_RULE", "KONTRA_ANSWER", "SENSIBLE_BID_RULE", "Budget", "KONTRA_RULE", "LEVEL_BUDGETS", "RE_RULE", "SPIESS_RULE"]
