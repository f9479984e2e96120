"""Drecksau's action codec: every code it builds reads back, codes stored in records keep
their meaning, and a game that outgrows the codes is refused on import."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from saustall.core.errors import CodecLimitError, MalformedActionError
from saustall.games.drecksau.actions import (
    DONE, MAX_DISCARD, PASS, SHOW, check_action, check_codec_limits, decode_action,
    discard_action, discarded_cards, encode_action, is_discard, is_play, play_action, play_pig,
    play_target, played_card,
)
from saustall.games.drecksau.rulesets import CARD_KINDS, LUCKY, MUD, RAIN


def test_every_play_reads_back_its_card_seat_and_pig() -> None:
    for card in range(len(CARD_KINDS)):
        for seat in range(8):
            for pig in range(8):
                code = play_action(card, seat, pig)
                assert is_play(code) and not is_discard(code)
                assert (played_card(code), play_target(code), play_pig(code)) == (card, seat, pig)


def test_every_discard_reads_back_its_cards() -> None:
    for size in range(1, MAX_DISCARD + 1):
        for cards in combinations_with_replacement(range(len(CARD_KINDS)), size):
            code = discard_action(list(reversed(cards)))
            assert is_discard(code) and not is_play(code)
            assert discarded_cards(code) == cards
            assert check_action(code) == code


def test_codes_keep_the_values_records_hold() -> None:
    # records store notation, but bots' tables and the RL action spaces store these ints
    assert play_action(MUD, 1, 2) == 0 * 64 + 1 * 8 + 2
    assert play_action(RAIN) == 64 and play_action(LUCKY) == 9 * 64
    assert discard_action((MUD, RAIN)) == 1000 + 2 * 11 + 1
    assert (SHOW, PASS, DONE) == (900, 901, 902)
    assert decode_action("discard mud,rain") == discard_action((RAIN, MUD))
    assert encode_action(play_action(MUD, 1, 2)) == "play mud 1.2"


def test_a_card_kind_the_codes_cannot_name_is_refused_not_misread() -> None:
    # before: discarded_cards(discard_action((10,))) gave (-1, 0)
    with pytest.raises(MalformedActionError, match="no card kind 10"):
        discard_action((len(CARD_KINDS),))
    with pytest.raises(MalformedActionError, match="no card kind -1"):
        discard_action((-1,))
    with pytest.raises(MalformedActionError, match="at most 4 cards"):
        discard_action((MUD,) * 5)


def test_the_limits_hold_for_the_editions_and_refuse_a_larger_game() -> None:
    check_codec_limits(len(CARD_KINDS), 6, 5, 4)  # today's editions (also run on import)
    check_codec_limits(10, 8, 8, 4)  # the most the codes hold
    with pytest.raises(CodecLimitError, match="at most 10 card kinds"):
        check_codec_limits(11, 6, 5, 4)
    with pytest.raises(CodecLimitError, match="at most 8 seats"):
        check_codec_limits(10, 9, 5, 4)
    with pytest.raises(CodecLimitError, match="at most 8 pigs"):
        check_codec_limits(10, 6, 9, 4)
    with pytest.raises(CodecLimitError, match="at most 4 cards"):
        check_codec_limits(10, 6, 5, 5)
