"""Pigasus: a real-time rules engine, in OpenSpiel's fixed order.

1. metadata (actions and their notation): :mod:`saustall.games.pigasus.actions`
2. state (deck, table, piles, the Pigasus)
3. legal actions
4. apply
5. observe (views, determinization, inventory)
6. returns

Time is an input. Every action carries the acting seat and a time in integer
milliseconds; the engine never reads a clock, so a game is a pure function of its seed
and its actions. The server and the terminal stamp actions with their own clocks. The
actions and their notation (``p2@15300 grab``) are described in
:mod:`saustall.games.pigasus.actions`.

Time-driven transitions happen when the first event at or after their due time arrives:
the grab window closing, a holder running out of time to point, and the last call after
the final card. :meth:`PigasusState.next_due` tells when the next one is due; when
nothing else happens, a ``tick`` stamped with exactly that time makes it happen (so
every tick in a record marks one transition). An event later than a due time is judged against the
state after the transition; if it is illegal there, it is rejected and nothing changes.

:meth:`PigasusState.legal_actions` lists the actions available at the current instant
``now`` (the time of the last event), plus a ``tick`` at the next due time; :meth:`apply`
accepts the same kinds of action at any time not earlier than ``now``. Pointing is listed
one card at a time (the two-card form is the same claim in one message), which keeps the
list short.

Rules references and every decision on an ambiguous point are in
``docs/rules/pigasus.md``; each decision has a test named after it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from saustall.core.errors import (
    GameOverError, IllegalActionError, MalformedActionError, NotYourTurnError,
)
from saustall.core.game import Action, Game, View, check_seat
from saustall.core.rng import Rng
from saustall.games.pigasus.actions import (
    GRAB, KINDS, MAX_SEATS, MAX_TIME, POINT, REVEAL, TICK, PigasusAction, check_action,
    decode_action, describe, encode_action, grab, point, reveal, tick,
)
from saustall.games.pigasus.cards import CODES, is_pair
from saustall.games.pigasus.state import (
    CROWDED, GRABS_INDEX, NUM_STATS, PARTNER, PHASE_HELD, PHASE_OVER, PHASE_PLAY, RIGHT,
    SPLIT, STAT_INDEX, WRONG, Holder, PigasusStateBase, pairs_on, slot_of,
)

__all__ = [
    "CROWDED", "GRAB", "KINDS", "MAX_SEATS", "MAX_TIME", "PHASE_HELD", "PHASE_OVER",
    "PHASE_PLAY", "POINT", "REVEAL", "RIGHT", "SPLIT", "TICK", "WRONG", "Holder",
    "PigasusAction", "PigasusGame", "PigasusState", "check_action", "decode_action",
    "describe", "encode_action", "grab", "point", "reveal", "tick",
]


class PigasusState(PigasusStateBase):
    """A game of Pigasus: the state of :mod:`~saustall.games.pigasus.state` with its rules."""

    __slots__ = ()

    # ----------------------------------------------------------------------------------
    # 3. Legal actions
    # ----------------------------------------------------------------------------------
    def actor(self, action: Action) -> int:
        """The seat named in the action."""
        if not isinstance(action, PigasusAction):
            raise MalformedActionError(f"a Pigasus action is a PigasusAction, not {action!r}")
        return action.player

    def _cached(self) -> dict[int | None, Any]:
        if self._cache_at != len(self.history):
            self._cache = {}
            self._cache_at = len(self.history)
        return self._cache

    def to_act(self) -> tuple[int, ...]:
        """Every seat that has an action now (grabbing is open to everyone)."""
        if self._cache_at == len(self.history):
            found: tuple[int, ...] | None = self._cache.get(None)
            if found is not None:
                return found
        else:
            self._cache = {}
            self._cache_at = len(self.history)
        found = self._cache[None] = self._to_act()
        return found

    def _to_act(self) -> tuple[int, ...]:
        if self.phase == PHASE_OVER:
            return ()
        setup = self._setup
        if (not self.deck or self.phase == PHASE_HELD) and self.next_due() is not None:
            return setup.seats  # anyone may tick (always so while held)
        # In play nobody holds: a seat acts if its unit may grab or it may reveal.
        team_of, contenders, benched = setup.team_of, self.contenders, self.benched
        if not benched and len(contenders) == setup.num_units:
            return setup.seats  # every unit may grab
        dealing = team_of[self.dealer] if self.deck else -1
        return tuple(p for p in setup.seats
                     if team_of[p] == dealing
                     or (team_of[p] in contenders and team_of[p] not in benched))

    def _may_grab_now(self, seat: int) -> bool:
        unit = self._setup.team_of[seat]
        if unit not in self.contenders or unit in self.benched:
            return False
        if self.phase == PHASE_PLAY:
            return True
        return (self.phase == PHASE_HELD and self.now <= self.held_since + self._setup.window
                and not self._unit_holds(unit))

    def _may_reveal(self, seat: int) -> bool:
        team_of = self._setup.team_of
        return (self.phase == PHASE_PLAY and bool(self.deck)
                and team_of[seat] == team_of[self.dealer])

    def legal_actions(self, player: object = None) -> list[Action]:
        """The actions of ``player`` at the current instant, and a tick at the next due time.

        Grabs, reveals and points are listed at time ``now``; any later time is legal
        too (see :meth:`apply`). A holder may point at any table card not yet pointed
        at, or give up ("none").
        """
        # Seats arrive typed ``object``: compiled code would refuse a float with a bare
        # TypeError before check_seat could say what is wrong.
        if player is None:
            if self.phase == PHASE_OVER:
                return []
            seat = self.current_player
            if seat < 0:
                return []
        else:
            seat = check_seat(player, self.num_players)
        if self.phase == PHASE_OVER:
            return []
        cache = self._cached()
        found = cache.get(seat)
        if found is None:
            found = cache[seat] = self._legal(seat)
        return list(found)

    def _legal(self, player: int) -> list[Action]:
        # Actions are built with tuple.__new__: the named tuple's own constructor is a
        # Python function, twice as slow, and a holder's list has a point per table card.
        now = self.now
        new = tuple.__new__
        actions: list[Action] = []
        if self.phase == PHASE_PLAY:  # nobody holds the Pigasus
            team_of = self._setup.team_of
            unit = team_of[player]
            if self.deck and unit == team_of[self.dealer]:
                actions.append(new(PigasusAction, (player, now, REVEAL, ())))
            if unit in self.contenders and unit not in self.benched:
                actions.append(new(PigasusAction, (player, now, GRAB, ())))
        else:
            if self._may_grab_now(player):
                actions.append(new(PigasusAction, (player, now, GRAB, ())))
            holder = self.holder(player)
            if holder is not None and holder[3] is None:
                actions.append(new(PigasusAction, (player, now, POINT, ())))
                pointed = holder[2]
                actions.extend(new(PigasusAction, (player, now, POINT, (card,)))
                               for card in sorted(self.table_cards()) if card not in pointed)
        due = self.next_due()
        if due is not None:
            actions.append(new(PigasusAction, (player, due, TICK, ())))
        return actions

    def is_legal(self, action: Action, player: object = None) -> bool:
        """True if ``action`` is in :meth:`legal_actions` of ``player``, without listing them."""
        seat = check_seat(player, self.num_players) if player is not None else -1
        if self.phase == PHASE_OVER:
            return False
        if player is None:
            seat = self.current_player
            if seat < 0:
                return False
        if type(action) is not PigasusAction:  # tuples equal to a listed action count too
            return action in self.legal_actions(seat)
        return self._listed(action, seat)

    def _listed(self, action: PigasusAction, player: int) -> bool:
        """True if ``action`` equals one of the legal actions of seat ``player`` (the game
        is not over)."""
        seat, time, kind, cards = action
        if seat != player:
            return False
        if kind == TICK:
            due = self.next_due()
            return due is not None and time == due and cards == ()
        if time != self.now:
            return False
        if kind == REVEAL:
            team_of = self._setup.team_of
            return (cards == () and self.phase == PHASE_PLAY and bool(self.deck)
                    and team_of[player] == team_of[self.dealer])
        if kind == GRAB:
            return cards == () and self._may_grab_now(player)
        if kind != POINT:
            return False
        holder = self.holder(player)
        if holder is None or holder[3] is not None:
            return False
        if cards == ():
            return True
        if not isinstance(cards, tuple) or len(cards) != 1:
            return False
        card = cards[0]
        return card >= 0 and slot_of(self.table, card) >= 0 and card not in holder[2]

    def _problem(self, action: PigasusAction) -> Exception | None:
        """Why ``action`` is illegal in this state (already advanced to its time), or None."""
        seat, kind = action.player, action.kind
        if self.phase == PHASE_OVER:
            return None if kind == TICK else GameOverError()
        unit = self.team_of[seat]
        if kind == TICK:
            return None
        if kind == REVEAL:
            if self.phase == PHASE_HELD:
                return IllegalActionError("no card is revealed while someone holds the Pigasus",
                                          "no-reveal-while-held")
            if unit != self.team_of[self.dealer]:
                who = "the dealer's team" if self.team_play else "the dealer"
                return IllegalActionError(
                    f"only {who} reveals cards; player {self.dealer + 1} is dealing",
                    "dealer-reveals")
            if not self.deck:
                return IllegalActionError("there are no cards left to reveal", "deck-empty")
            return None
        if kind == GRAB:
            if unit not in self.contenders:
                return IllegalActionError("in the tie-break only the tied players may grab",
                                          "tiebreak-contenders-only")
            if unit in self.benched:
                who = "your team" if self.team_play else "you"
                return IllegalActionError(
                    f"{who} grabbed wrongly with no cards to give back: no grabbing until "
                    "someone takes a pair", "benched")
            if self.phase == PHASE_HELD:
                if action.time > self.held_since + self.window:
                    return IllegalActionError(
                        f"too late: player {self.holders[0].seat + 1} holds the Pigasus since "
                        f"{self.held_since} ms and the window closed after {self.window} ms",
                        "pigasus-held")
                if self._unit_holds(unit):
                    what = "your team already holds" if self.team_play else "you already hold"
                    return IllegalActionError(f"{what} the Pigasus", "hold-once")
            return None
        # POINT
        holder = self.holder(seat)
        if holder is None:
            return IllegalActionError("only a player holding the Pigasus points at cards",
                                      "only-holder-points")
        if holder.done:
            return IllegalActionError("you have finished pointing", "point-once")
        on_table = self.table_cards()
        missing = [CODES[c] for c in action.cards if c not in on_table]
        if missing:
            return IllegalActionError(f"{' and '.join(missing)} is not on the table",
                                      "point-at-table-cards")
        if len(action.cards) == 2 and holder.cards:
            return IllegalActionError(
                f"you already point at {CODES[holder.cards[0]]}: point at one more card",
                "point-two-different-cards")
        if action.cards and action.cards[0] in holder.cards:
            return IllegalActionError(f"you already point at {CODES[action.cards[0]]}",
                                      "point-two-different-cards")
        return None

    def explain_illegal(self, action: Action, player: int) -> Exception:
        """The typed error telling why ``action`` is not legal for ``player`` now."""
        try:
            self._check_form(action, player)
        except (MalformedActionError, IllegalActionError) as exc:
            return exc
        assert isinstance(action, PigasusAction)
        target = self._advanced(action.time)
        problem = target._problem(action)
        if problem is not None:
            return problem
        return IllegalActionError(f"{encode_action(action)} is legal now", "none")

    def _check_form(self, action: Action, player: object) -> None:
        if player is not None:
            check_seat(player, self.num_players)
        action = check_action(action)
        check_seat(action.player, self.num_players)
        if player is not None and player != action.player:
            raise NotYourTurnError(f"player {player} may not act for player {action.player}")
        if action.time < self.now:
            raise IllegalActionError(
                f"time {action.time} ms is before the last event at {self.now} ms",
                "time-moves-forward")
        if action.kind == TICK:
            due = self.next_due()
            if due is None:
                raise IllegalActionError("nothing is due, so there is nothing to tick for",
                                         "tick-when-due")
            if action.time != due:
                raise IllegalActionError(
                    f"a tick marks the next due time, {due} ms, not {action.time} ms",
                    "tick-at-due-time")

    def _advanced(self, time: int) -> "PigasusState":
        """This state if nothing is due by ``time``, else a copy with the transitions made."""
        due = self.next_due()
        if due is None or due > time:
            return self
        twin = self.clone()
        twin._cache = {}  # the copy moves on in time: legal lists of now are not its own
        twin._cache_at = -1
        twin._advance(time)
        return twin

    # ----------------------------------------------------------------------------------
    # 4. Apply
    # ----------------------------------------------------------------------------------
    def apply(self, action: Action, player: object = None) -> None:
        """Apply a timed action at its time, after any transition due by then.

        Raises a typed error naming the broken rule, and leaves the state unchanged, when
        the action is malformed, earlier than the last event, or illegal at its time.
        """
        # Fast path: a well-formed action of the legal list (at ``now``, or the tick at
        # the due time) is applied at once; anything else takes the checked path below.
        if type(action) is PigasusAction and self.phase != PHASE_OVER:
            # Read as plain objects: a look-alike may carry a float where an int belongs,
            # and compiled code would refuse it with a bare TypeError on unpacking.
            fields: tuple[object, ...] = tuple(action)
            seat, time, kind, cards = fields
            if (type(seat) is int and type(time) is int and type(kind) is str
                    and type(cards) is tuple and (not cards or type(cards[0]) is int)
                    and (player is None or (type(player) is int and player == seat))
                    and 0 <= seat < self.num_players and self.now <= time < MAX_TIME
                    and self._listed(action, seat)):
                self._apply_checked(action)
                return
        if self.phase == PHASE_OVER:
            raise GameOverError()
        self._check_form(action, player)
        assert isinstance(action, PigasusAction)
        target = self._advanced(action.time)
        problem = target._problem(action)
        if problem is not None:
            raise problem
        target._apply_checked(action)
        if target is not self:
            self._adopt(target)

    def _apply_checked(self, action: Action) -> None:
        assert isinstance(action, PigasusAction)
        seat, t, kind, cards = action
        if self.phase == PHASE_HELD or not self.deck:  # else nothing can be due
            self._advance(t)
        self.history.append(action)
        self.now = t
        if kind == REVEAL:
            card = self.deck.pop()
            table = self.table
            slot = slot_of(table, -1)
            if slot >= 0:
                table[slot] = card
                self.table_times[slot] = t
            else:
                slot = len(table)
                table.append(card)
                self.table_times.append(t)
            if slot_of(table, PARTNER[card]) >= 0:
                self._pairs += 1
            self.reveals += 1
            self.changed_at = t
            self._last = (REVEAL, seat, t, (card, slot))
            if not self.deck:
                self._check_end(t)
        elif kind == GRAB:
            self._counts[seat * NUM_STATS + GRABS_INDEX] += 1
            if self.phase == PHASE_PLAY:
                self.phase = PHASE_HELD
                self.held_since = t
                self.holders = []
                self.outcome = []
            self.holders.append(Holder(seat, t, (), None))
            self._last = (GRAB, seat, t, len(self.holders) > 1)
        elif kind == POINT:
            holders = self.holders
            index = 0
            while holders[index][0] != seat:
                index += 1
            held = holders[index]
            pointed = held[2] + cards
            done = not cards or len(pointed) == 2
            holders[index] = Holder(seat, held[1], pointed, t if done else None)
            self._last = (POINT, seat, t, cards)
            if (t > self.held_since + self._setup.window
                    and all(h[3] is not None for h in holders)):
                self._settle(t)
        else:
            self._last = (TICK, seat, t, None)
        # A change due at this very instant happens now: with last_call_ms 0 the game
        # ends as the last card is laid (or the last hold judged), pair or no pair.
        if self.phase == PHASE_HELD or not self.deck:  # else nothing can be due
            self._advance(t)
        if self.phase != PHASE_OVER and len(self.history) >= self._setup.event_cap:
            self._end_by_scores("event-cap")

    def _advance(self, time: int) -> None:
        """Make every transition due at or before ``time``, each at its own due time."""
        while self.phase != PHASE_OVER:
            due = self.next_due()
            if due is None or due > time:
                return
            if self.phase == PHASE_HELD:
                limit = self._setup.point_limit + 1
                holders = self.holders
                for i, h in enumerate(holders):  # out of time to point: no complete claim
                    if h[3] is None and h[1] + limit <= due:
                        holders[i] = Holder(h[0], h[1], h[2], due)
                if (due > self.held_since + self._setup.window
                        and all(h[3] is not None for h in holders)):
                    self._settle(due)
            else:
                self._finish(due)

    def _settle(self, t: int) -> None:
        """Judge every holder's pointing at once and put the Pigasus back."""
        on_table = set(self.table_cards())
        groups: dict[tuple[int, ...], list[int]] = {}
        for h in self.holders:
            claim = h.claim()
            if claim is not None and is_pair(*claim) and set(claim) <= on_table:
                groups.setdefault(claim, []).append(h.seat)
        taken: set[int] = set()
        counts = self._counts
        outcome: list[dict[str, Any]] = []
        scorers: list[int] = []
        unpaid: list[int] = []
        for h in self.holders:
            unit = self.team_of[h.seat]
            claim = h.claim()
            entry: dict[str, Any] = {"player": h.seat, "team": unit,
                                     "pointed": [CODES[c] for c in h.cards],
                                     "cards": [], "paid": 0}
            group = groups.get(claim) if claim is not None else None
            if group is None or claim is None:
                pile = self.piles[unit]
                paid = min(len(pile), self.penalty())
                if paid:  # the top cards go back to the box, the topmost first
                    kept = len(pile) - paid
                    self.box = self.box + list(reversed(pile[kept:]))
                    self.piles[unit] = pile[:kept]
                entry.update(result=WRONG, paid=paid)
                if paid == 0:
                    unpaid.append(unit)
                counts[h.seat * NUM_STATS + STAT_INDEX[WRONG]] += 1
                counts[h.seat * NUM_STATS + STAT_INDEX["cards_paid"]] += paid
            else:
                rank = group.index(h.seat)
                if len(group) == 1:
                    won = list(claim)
                    entry["result"] = RIGHT
                elif rank < 2:
                    won = [claim[rank]]  # the earlier grab takes the lower-numbered card
                    entry["result"] = SPLIT
                else:
                    won = []
                    entry["result"] = CROWDED
                counts[h.seat * NUM_STATS + STAT_INDEX[entry["result"]]] += 1
                if won:
                    self.piles[unit] += tuple(won)
                    taken.update(won)
                    entry["cards"] = [CODES[c] for c in won]
                    counts[h.seat * NUM_STATS + STAT_INDEX["cards_won"]] += len(won)
                    scorers.append(h.seat)
            outcome.append(entry)
        for slot, card in enumerate(self.table):
            if card in taken:
                self.table[slot] = -1
        while self.table and self.table[-1] < 0:
            self.table.pop()
            self.table_times.pop()
        if taken:
            self._pairs = pairs_on(self.table)
        if scorers:
            self.dealer = scorers[0]  # the earliest grab among those who scored deals
            self.benched = frozenset()  # a pair was taken: everyone may grab again
        if self.bench and unpaid:
            self.benched = self.benched | frozenset(unpaid)
        self.outcome = outcome
        self.settled += 1
        self.holders = []
        self.phase = PHASE_PLAY
        self.changed_at = t
        if self.tiebreak and scorers:
            units = tuple(sorted({self.team_of[s] for s in scorers}))
            if len(units) == 1:
                self._end(self.members[units[0]], "tiebreak")
                return
            self.contenders = units  # scored together: they play on alone
        self._check_end(t)

    def _check_end(self, t: int) -> None:
        """After the last card: with no pair left on the table, the game (or tie-break) ends."""
        if self.phase == PHASE_PLAY and not self.deck and not self._pairs:
            self._finish(t)

    def _finish(self, t: int) -> None:
        """The deck is used up: score, or start (or end) the tie-break."""
        if self.tiebreak:
            seats = tuple(s for u in self.contenders for s in self.members[u])
            self._end(tuple(sorted(seats)), "tiebreak-exhausted")
            return
        scores = self.scores()
        best = max(scores)
        top = tuple(u for u in range(self.num_units) if scores[u] == best)
        if len(top) == 1 or not self.set_aside:
            self._end(self.members[top[0]] if len(top) == 1 else
                      tuple(sorted(s for u in top for s in self.members[u])), "most-cards")
            return
        self.tiebreak = True
        self.contenders = top
        self.benched = frozenset()
        self.deck, self.set_aside = self.set_aside[:], []  # set_aside may be shared
        seat = self.dealer
        while self.team_of[seat] not in top:  # the next tied player clockwise deals
            seat = (seat + 1) % self.num_players
        self.dealer = seat
        self.changed_at = t
        self._last = ("tiebreak", None, t, top)

    def _end_by_scores(self, reason: str) -> None:
        scores = self.scores()
        best = max(scores)
        self._end(tuple(sorted(s for u in range(self.num_units) if scores[u] == best
                               for s in self.members[u])), reason)

    def _end(self, winners: tuple[int, ...], reason: str) -> None:
        self._winners = tuple(sorted(winners))
        self.end_reason = reason
        self.phase = PHASE_OVER
        self.holders = []

    # ----------------------------------------------------------------------------------
    # 5. Observe
    # ----------------------------------------------------------------------------------
    def public_phase(self) -> str | None:
        """The view's ``phase``, without building the view."""
        return self.phase

    def view(self, player: int | None) -> View:
        """Whitelisted view. Nothing here is secret from anyone: face-down cards (deck,
        set-aside, piles, box) appear only as counts, so every observer sees the same."""
        setup = self._setup
        pigasus: dict[str, Any] | None = None
        if self.phase == PHASE_HELD:
            pigasus = {
                "since": self.held_since,
                "window_closes": self.held_since + setup.window + 1,
                "holders": [{"player": h.seat, "team": setup.team_of[h.seat],
                             "at": h.grabbed_at,
                             "pointed": [CODES[c] for c in h.cards] if h.done else None,
                             "fingers": [CODES[c] for c in h.cards],
                             "pointed_at": h.done_at,
                             "must_point_by": h.grabbed_at + setup.point_limit}
                            for h in self.holders],
            }
        return {
            "game": "pigasus",
            "ruleset": self.game.ruleset.name,
            "players": self.num_players,
            "observer": player,
            "teams": [list(m) for m in setup.members] if setup.team_play else None,
            "team_of": list(setup.team_of),
            "now": self.now,
            "phase": self.phase,
            "to_act": list(self.to_act()),
            "dealer": self.dealer,
            "table": [{"slot": slot, "card": CODES[card], "at": at}
                      for slot, (card, at) in enumerate(zip(self.table, self.table_times))
                      if card >= 0],
            "deck_count": len(self.deck),
            "set_aside_count": len(self.set_aside),
            "box_count": len(self.box),
            "scores": self.scores(),
            "pigasus": pigasus,
            "table_changed_at": self.changed_at,
            "next_due": self.next_due(),
            "tiebreak": self.tiebreak,
            "contenders": list(self.contenders),
            "benched": sorted(self.benched),
            "reveals": self.reveals,
            "holds_settled": self.settled,
            "events": len(self.history),
            "last": self.last_event,
            "outcome": [dict(entry) for entry in self.outcome],
            "stats": self.stats,
            "timing": {"window_ms": setup.window, "point_limit_ms": setup.point_limit,
                       "last_call_ms": setup.last_call},
            "options": self.game.ruleset.public_options(self.options),
            "penalty": setup.num_units,
            "winners": list(self.winners()),
            "end_reason": self.end_reason,
        }

    def determinize(self, observer: int | None, rng: Rng) -> "PigasusState":
        """A copy with the face-down undealt cards (deck and set-aside) re-dealt.

        Collected piles stay as they are: every card in them was seen face up before.
        One shuffle of the deck and the set-aside cards together re-deals both.
        """
        twin = self.clone()
        pool = self.deck + self.set_aside
        rng.shuffle(pool)
        dealt = len(self.deck)
        twin.deck = pool[:dealt]
        twin.set_aside = pool[dealt:]
        twin.rng = Rng(rng.randrange(2**62))
        twin._cache = {}
        twin._cache_at = -1
        return twin

    def inventory(self) -> Counter[str]:
        """All 72 cards: table, deck, set-aside, piles and the box."""
        counts: Counter[str] = Counter()
        for pile in (self.table_cards(), self.deck, self.set_aside, self.box, *self.piles):
            counts.update(CODES[c] for c in pile)
        return counts

    def describe_action(self, action: Action) -> str:
        """A short English sentence for ``action``."""
        if not isinstance(action, PigasusAction):
            return repr(action)
        return describe(action)

    # ----------------------------------------------------------------------------------
    # 6. Returns
    # ----------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def winners(self) -> tuple[int, ...]:
        """The winning seats (a whole team in team play; several when they share)."""
        return self._winners

    def stopped_at_cap(self) -> bool:
        """True if the game ended only because it reached ``event_cap`` actions."""
        return self.end_reason == "event-cap"


class PigasusGame(Game):
    """Pigasus bound to one of its rulesets."""

    name = "pigasus"
    title = "Pigasus"

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any],
                   rng_stream: str) -> PigasusState:
        return PigasusState(self, num_players, seed, options, rng_stream)

    def check_action(self, action: object) -> Action:
        return check_action(action)

    def sample_world(self, view: View, rng: Rng) -> PigasusState:
        """A world consistent with ``view`` (see :mod:`saustall.games.pigasus.sampling`)."""
        from saustall.games.pigasus.sampling import sample_world

        return sample_world(self, view, rng)

    def encode_action(self, action: Action) -> str:
        return encode_action(action)

    def decode_action(self, text: str) -> Action:
        return decode_action(text)

    @property
    def default_players(self) -> int:
        return 4
