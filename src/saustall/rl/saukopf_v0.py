"""Saukopf as a PettingZoo AEC environment (``classic`` style).

``env(ruleset="saukopf", num_players=None, render_mode=None, reward="net",
reward_scale="points", **options)`` is the wrapped environment, ``raw_env(...)`` the bare one. Rulesets: ``saukopf``
(4 players) and ``dreihaxer`` (3); ``options`` are the ruleset's (``deals``, ``dealer``,
``hands``, ``allow_revoke``). An episode is one session of ``deals`` deals (default: each
player deals once; ``deals=1`` for single deals).

Rewards: ``reward="net"`` (default) pays each deal's meat minus roughness points as the
deal is scored, the step it ends: the rewards of an episode add up to the game's own
result, :meth:`GameState.returns` (net points over the session). ``reward="win_loss"``
pays +1 to the Schlachtmeister (the winners; ties share) and -1 to everyone else at the
end of the session. Their scale (:data:`MAX_DEAL_MEAT`, :data:`MAX_DEAL_ROUGHNESS`):

| ``reward`` | ``reward_scale`` | one deal pays a seat | an episode's return |
| --- | --- | --- | --- |
| ``"net"`` | ``"points"`` (default) | -5 to 80 net points (typically a few: the winners of a plain Sauerei get 2 meat points each, the losers 0) | the sum over ``deals`` deals |
| ``"net"`` | ``"normalized"`` | net points / (80 x ``deals``) | in [-1, 1] |
| ``"win_loss"`` | either | 0 until the last deal | +1 or -1 |

80 is the most meat points one deal can pay (every item of the card, with 14 Laufende in
a Keiler, a solo with 14 trumps, doubled by Huftritt and Gegenhuftritt:
(2 + 1 + 14 + 1 + 1 + 1) x 4); 5 the most roughness
points (Übergrunzer, Spießer and Gegenhuftreter for one declarer).

``render_mode="ansi"`` makes ``render()`` return the table as the terminal client draws it
(``saustall play saukopf``), from the spectator's view (no hand): the deal, the bidding,
the declared game and its trumps, Huftritte, each player's cards, tricks, card points and
ledger, the trick on the table, and the session's results once it is over; ``"human"``
prints it and returns None.

Action space ``Discrete(237)``: every Saukopf action code, in ascending code order
(``raw_env().actions.slots`` names them):

| indices | engine codes | meaning |
| --- | --- | --- |
| 0-3 | 0-3 | pass, kontra (Huftritt), re (Gegenhuftritt), join (Kreuzung partner) |
| 4-35 | 100-131 | play card ``c`` (``suit*8 + rank``) |
| 36-67 | 200-231 | hand card ``c`` to the Kreuzung declarer |
| 68-71 | 300-303 | record a revoke by relative seat ``r`` (``allow_revoke`` only) |
| 72-132 | 1061-1121 | bid 61-120, Schwarz |
| 133-236 | 2000+ | declare a game (every declaration the notation knows) |

Observation: a float32 vector in [-1, 1], from what ``state.view(seat)`` shows only
(built every step by the compiled :class:`~saustall.games.saukopf.features.SeatEncoder`,
tested equal bit for bit to :meth:`raw_env.encode` of the view). ``P`` is the table size
(4, or 3 for the Dreihaxer); seats are relative (row 0 is the observer):

| block | size | meaning |
| --- | --- | --- |
| ``hand`` | 32 | cards in my hand |
| ``trick`` | ``P*32`` | the card each relative seat put in the current trick |
| ``played`` | ``P*32`` | cards each relative seat played in earlier tricks of this deal |
| ``aside`` | 32 | cards laid open aside (Dreihaxer) |
| ``trumps`` | 32 | trump rank of each card, weakest to strongest in (0, 1]; 0 if not trump |
| ``phase`` | 8 | bidding, declaring, partner, giving, kontra, re, playing, over |
| ``napf`` | 1 | the bidding is in the Napf |
| ``top_bid`` | 1 | (top bid - 60) / 61, Schwarz 1 |
| ``top_bidder`` | ``P`` | relative seat of the top bidder |
| ``bids_left`` | ``P`` | bids left / 2 |
| ``passed`` | ``P`` | has passed |
| ``game`` | 11 | declared game kind (one-hot, in the rulebook's order) |
| ``spiess`` | 1 | declared am Spieß |
| ``declarer`` | ``P`` | relative seat of the declarer |
| ``partner`` | ``P`` | relative seat of the declarer's partner, once I may know it |
| ``called_ace`` | 32 | the called Sau |
| ``open_trump`` | 32 | a Kreuzung's open trump |
| ``given`` | 32 | the card handed over face down (declarer and partner only) |
| ``kontra`` / ``re`` | ``P`` each | who gave the Huftritt / Gegenhuftritt |
| ``leader`` | ``P`` | who led the current trick |
| ``to_act`` | ``P`` | who is to act |
| ``points`` | ``P`` | card points taken / 120 |
| ``tricks_won`` | ``P`` | tricks taken / tricks per deal |
| ``hand_counts`` | ``P`` | cards held / hand size |
| ``deal`` | 1 | deals finished / deals |
| ``dealer`` | ``P`` | relative seat of the dealer |
| ``net`` | ``P`` | session net points / 100, clipped to [-1, 1] |

Exact offsets: ``raw_env(ruleset=...).layout.table()``.
"""

from __future__ import annotations

from typing import Any, Hashable

import numpy as np
from rich.console import Console

from saustall.core.game import GameState, View
from saustall.games.saukopf.actions import NOTATION, is_revoke, revoke_action, revoked_seat
from saustall.games.saukopf.cards import CARD_TEXT, GAME_KINDS, SCHWARZ
from saustall.games.saukopf.features import PHASES as PHASES  # re-exported: the phase block
from saustall.games.saukopf.features import SeatEncoder, observation_blocks
from saustall.games.saukopf.game import SaukopfState
from saustall.rl.common import ActionTable, Layout, Observation, TurnBasedEnv, make_env

CARD_INDEX = {text: c for c, text in enumerate(CARD_TEXT)}
"""Card text (``EO``) to card number."""
KIND_INDEX = {kind.name: i for i, kind in enumerate(GAME_KINDS)}
FLOAT32 = np.dtype(np.float32)
"""The observation's dtype (as an object: numpy converts ``np.float32`` at every call)."""
REWARDS = ("net", "win_loss")
"""The reward options."""
MAX_DEAL_MEAT = (2 + 1 + 14 + 1 + 1 + 1) * 4
"""The most meat points a deal pays a winner: Schlachtung 2, Extrawurst 1, Schwarte with
every one of the 14 trumps of a Keiler (a solo), Stallgeruch, Porco Negro and Bolzenschuss 1 each,
doubled twice (Huftritt, Gegenhuftritt)."""
MAX_DEAL_ROUGHNESS = 1 + 1 + 3
"""The most roughness points a deal gives one seat: Übergrunzer, Spießer, Gegenhuftreter."""


def bid_value(text: str | None) -> int:
    """A bid's number (Schwarz: 121) from its view text; 0 for none."""
    if text is None:
        return 0
    return SCHWARZ if text.lower() == "schwarz" else int(text)


class raw_env(TurnBasedEnv):
    """Saukopf without wrappers (see the module docstring)."""

    game_name = "saukopf"
    metadata = {**TurnBasedEnv.metadata, "name": "saukopf_v0"}
    obs_low = -1.0

    def __init__(self, ruleset: str | None = "saukopf", num_players: int | None = None,
                 render_mode: str | None = None, reward: str = "net",
                 reward_scale: str = "points", **options: Any) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.reward = reward
        super().__init__(ruleset, num_players, render_mode, reward_scale, **options)
        self.hand_size = int(self.game.ruleset.params["hand_size"])
        self.layout = self._layout()
        self._encoder = SeatEncoder(self.num_players, self.hand_size)
        self._play_masks: dict[int, np.ndarray] = {}
        self._deals_seen = 0  # deals finished when the returns were last read

    def reward_bound(self) -> float:
        """``win_loss``: 1; ``net``: :data:`MAX_DEAL_MEAT` a deal, times the deals."""
        if self.reward == "win_loss":
            return 1.0
        return float(MAX_DEAL_MEAT * self.options["deals"])

    def draw(self, view: View, console: Console) -> None:
        """The terminal client's table (:func:`saustall.games.saukopf.terminal.draw_table`),
        under the deal's number; at the end, the session's deals and ledger."""
        from saustall.games.saukopf.terminal import draw_position, draw_table

        if view["phase"] == "over":
            draw_position(view, console)
            return
        console.print(f"Deal {view['deal']} of {view['deals']}, dealer Player "
                      f"{view['dealer'] + 1}", markup=False)
        draw_table(view, console)

    def _layout(self) -> Layout:
        layout = Layout()
        for name, size, meaning in observation_blocks(self.num_players):
            layout.add(name, size, meaning)
        return layout

    def build_actions(self) -> ActionTable:
        n = self.num_players
        codes = sorted(NOTATION)
        slots = [NOTATION[c] if not is_revoke(c) else f"revoke seat+{revoked_seat(c)}"
                 for c in codes]
        rows: list[list[Hashable | None]] = []
        for seat in range(n):
            row: list[Hashable | None] = []
            for c in codes:
                if is_revoke(c):
                    r = revoked_seat(c)
                    row.append(revoke_action((seat + r) % n) if r < n else None)
                else:
                    row.append(c)
            rows.append(row)
        return ActionTable(slots, rows)

    def observation_size(self) -> int:
        return self._layout().size

    rewards_every_step = True  # net points are paid the step each deal is scored

    def step_rewards(self, state: GameState) -> list[float] | None:
        if self.reward == "win_loss":
            if not state.is_terminal():
                return None
            won = state.winners()
            return [1.0 if p in won else -1.0 for p in range(self.num_players)]
        # the returns change only when a deal ends (scored or thrown in)
        finished = state.deal_index if type(state) is SaukopfState else -1
        if finished == self._deals_seen:
            return None
        self._deals_seen = finished
        now = state.returns()
        gained = [a - b for a, b in zip(now, self._returns)]
        self._returns = now
        return gained if any(gained) else None

    def reset(self, seed: int | None = None, options: Any = None) -> None:
        super().reset(seed, options)
        self._returns = [0.0] * self.num_players
        self._deals_seen = 0

    def observation_vector(self, state: GameState, seat: int) -> np.ndarray:
        """The observation from :class:`~saustall.games.saukopf.features.SeatEncoder`
        (compiled with the engine; the fields of the seat's view, read as ints and joined
        as float32 bytes: the same vector as :meth:`encode` of the view, a test compares
        them), writable and the caller's."""
        if type(state) is not SaukopfState:  # only the engine's own state is read so
            return self.encode(state.view(seat), seat)
        return np.frombuffer(self._encoder.encode(state, seat), FLOAT32)

    def observe(self, agent: str) -> Observation:
        """As :meth:`TurnBasedEnv.observe` (the arrays are the caller's), in one pass."""
        found = self._obs.get(agent)
        if found is None:
            state = self.state
            if type(state) is not SaukopfState:
                return super().observe(agent)
            seat = self._seats[agent]
            mask = self._masks.get(agent)
            if mask is None:
                # action_mask's card-play look-up, inline (the usual step)
                key = self._encoder.play_mask_key(state) if seat == state.cur else -1
                mask = self._play_masks.get(key) if key >= 0 else None
                if mask is None:
                    mask = self.action_mask(agent)
                else:
                    self._masks[agent] = mask
            found = self._obs[agent] = {
                "observation": np.frombuffer(self._encoder.encode(state, seat), FLOAT32),
                "action_mask": mask.copy()}
        return found

    def action_mask(self, agent: str) -> np.ndarray:
        """As :meth:`TurnBasedEnv.action_mask`; during card play the mask is looked up by
        the legal cards' bit mask (the same for every seat) instead of the legal list."""
        found = self._masks.get(agent)
        if found is None:
            state = self._require_state()
            seat = self._seats[agent]
            key = -1
            if type(state) is SaukopfState and seat == state.cur:
                key = self._encoder.play_mask_key(state)
            if key < 0:
                return super().action_mask(agent)
            found = self._play_masks.get(key)
            if found is None:
                if len(self._play_masks) >= self.actions.MASKS_KEPT:
                    self._play_masks.clear()
                found = self._play_masks[key] = self.actions.mask(
                    seat, state.legal_actions(seat))
            self._masks[agent] = found
        return found

    def encode(self, view: View, seat: int) -> np.ndarray:
        """The observation from ``seat``'s view: the reference the fast encoder is tested
        against, and the encoding of any state that is not the engine's own."""
        at = self.layout.at
        n = self.num_players
        obs = np.zeros(self.layout.size, dtype=np.float32)
        ones: list[int] = []
        cards = CARD_INDEX

        def rel(s: int) -> int:
            return (s - seat) % n

        ones += [cards[c] for c in view.get("hand", ())]
        trick = at["trick"]
        ones += [trick + rel(s) * 32 + cards[c] for s, c in view["trick"]]
        played = at["played"]
        for entry in view["tricks"]:
            leader = entry["leader"]
            ones += [played + rel(leader + i) * 32 + cards[c]
                     for i, c in enumerate(entry["cards"])]
        ones += [at["aside"] + cards[c] for c in view["aside"]]
        ones.append(at["phase"] + PHASES.index(view["phase"]))
        bidding = view["bidding"]
        if bidding["stage"] == "napf":
            ones.append(at["napf"])
        top = bid_value(bidding["top_bid"])
        if top:
            obs[at["top_bid"]] = (top - 60) / 61
        if bidding["top_bidder"] is not None:
            ones.append(at["top_bidder"] + rel(bidding["top_bidder"]))
        for s, left in enumerate(bidding["bids_left"]):
            obs[at["bids_left"] + rel(s)] = left / 2
        ones += [at["passed"] + rel(s) for s, done in enumerate(bidding["passed"]) if done]
        declared = view["declared"]
        if declared is not None:
            trumps = declared["trumps"]
            for i, c in enumerate(trumps):
                obs[at["trumps"] + cards[c]] = (i + 1) / len(trumps)
            ones.append(at["game"] + KIND_INDEX[declared["kind"]])
            if declared["spiess"]:
                ones.append(at["spiess"])
            ones.append(at["declarer"] + rel(declared["declarer"]))
            if declared["partner"] is not None:
                ones.append(at["partner"] + rel(declared["partner"]))
            for name in ("called_ace", "open_trump", "given"):
                if declared[name] is not None:
                    ones.append(at[name] + cards[declared[name]])
        for name in ("kontra", "re"):
            if view[name] is not None:
                ones.append(at[name] + rel(view[name]))
        ones.append(at["leader"] + rel(view["leader"]))
        ones += [at["to_act"] + rel(s) for s in view["to_act"]]
        tricks_per_deal = self.hand_size
        for s in range(n):
            r = rel(s)
            obs[at["points"] + r] = view["points"][s] / 120
            obs[at["tricks_won"] + r] = view["tricks_won"][s] / tricks_per_deal
            obs[at["hand_counts"] + r] = view["hand_counts"][s] / self.hand_size
            obs[at["net"] + r] = max(-1.0, min(1.0, view["ledger"]["net"][s] / 100))
        finished = len(view["results"])
        obs[at["deal"]] = min(1.0, finished / view["deals"])
        ones.append(at["dealer"] + rel(view["dealer"]))
        obs[ones] = 1.0
        return obs


env = make_env(raw_env)
