"""Saukopf's action codec: every code reads back, the codes keep their stored values, and a
game that outgrows a code range is refused on import."""

from __future__ import annotations

import pytest

from saustall.core.errors import CodecLimitError
from saustall.games.saukopf.actions import (
    CARD_CODES, DECLARE_END, LOWEST_BID, NOTATION, REVOKE_SEATS, bid_action, bid_of, card_action,
    card_of, check_codec_limits, declaration_of, declare_action, give_action, given_card,
    is_bid, is_card, is_declare, is_give, is_revoke, revoke_action, revoked_seat,
)
from saustall.games.saukopf.cards import GAME_KINDS, SCHWARZ


def test_every_code_reads_back_and_belongs_to_one_kind() -> None:
    for code in NOTATION:
        kinds = [is_card(code), is_give(code), is_revoke(code), is_bid(code), is_declare(code)]
        assert sum(kinds) <= 1, code
    for c in range(CARD_CODES):
        assert card_of(card_action(c)) == c and given_card(give_action(c)) == c
    for seat in range(REVOKE_SEATS):
        assert revoked_seat(revoke_action(seat)) == seat
    for bid in range(LOWEST_BID, SCHWARZ + 1):
        assert is_bid(bid_action(bid)) and bid_of(bid_action(bid)) == bid
    assert not is_bid(bid_action(LOWEST_BID - 1)) and not is_bid(bid_action(SCHWARZ + 1))
    declares = [code for code in NOTATION if is_declare(code)]
    assert declares and max(declares) < DECLARE_END
    for code in declares:
        assert declare_action(declaration_of(code)) == code


def test_codes_keep_the_values_records_hold() -> None:
    assert (card_action(0), give_action(31), revoke_action(3)) == (100, 231, 303)
    assert (bid_action(61), bid_action(SCHWARZ)) == (1061, 1121)
    assert NOTATION[bid_action(SCHWARZ)] == "bid schwarz" and NOTATION[card_action(0)].startswith("card ")


def test_the_limits_hold_for_the_game_and_refuse_a_larger_one() -> None:
    check_codec_limits(CARD_CODES, REVOKE_SEATS, len(GAME_KINDS), SCHWARZ)  # as on import
    with pytest.raises(CodecLimitError, match="card codes"):
        check_codec_limits(101, REVOKE_SEATS, len(GAME_KINDS), SCHWARZ)
    with pytest.raises(CodecLimitError, match="revoke codes"):
        check_codec_limits(CARD_CODES, 701, len(GAME_KINDS), SCHWARZ)
    with pytest.raises(CodecLimitError, match="bid codes"):
        check_codec_limits(CARD_CODES, REVOKE_SEATS, len(GAME_KINDS), 1000)
    with pytest.raises(CodecLimitError, match="at most 11 game kinds"):
        check_codec_limits(CARD_CODES, REVOKE_SEATS, 12, SCHWARZ)
    with pytest.raises(CodecLimitError, match="at most 32 cards"):
        check_codec_limits(33, REVOKE_SEATS, len(GAME_KINDS), SCHWARZ)
