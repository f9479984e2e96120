"""Saukopf notation: the look-up tables say what the parser says, in every spelling."""

from __future__ import annotations

import pytest

from saustall.core import get
from saustall.core.errors import MalformedActionError
from saustall.games.saukopf.actions import (
    ACTION_CODES, NOTATION, NOTATION_CODES, _decode_slow, _encode_slow, _valid_code,
    check_action, decode_action, encode_action,
)


def test_every_action_code_has_one_notation_that_reads_back() -> None:
    codes = [code for code in ACTION_CODES if _valid_code(code)]
    assert sorted(NOTATION) == codes
    for code in codes:
        text = NOTATION[code]
        assert text == _encode_slow(code) == encode_action(code)
        assert _decode_slow(text) == code == decode_action(text) == NOTATION_CODES[text]
    assert len(NOTATION_CODES) == len(NOTATION)  # no two codes share a notation


@pytest.mark.parametrize("text, code", [
    ("CARD eo", 100 + 3), ("  bid 65 ", 1065), ("Declare Sauerei GRAS spieß", None),
    ("give h10", 200 + 17), ("BID SCHWARZ", 1121),
])
def test_other_spellings_still_read(text: str, code: int | None) -> None:
    found = decode_action(text)
    assert found == (code if code is not None else decode_action("declare sauerei gras spiess"))
    assert get("saukopf").decode_action(text) == found


@pytest.mark.parametrize("action", [True, 1.0, "pass", 4, 1060, 1122, 2000, -1, None])
def test_look_alikes_and_unused_codes_are_refused(action: object) -> None:
    with pytest.raises(MalformedActionError):
        check_action(action)
    with pytest.raises(MalformedActionError):
        get("saukopf").encode_action(action)


@pytest.mark.parametrize("text", ["bid 60", "card XY", "declare sauerei herz", "", "kontra!",
                                  "bid \u00b2", "bid " + "9" * 5000, "bid \u0666\u0665"])
def test_unreadable_notation_names_the_problem(text: str) -> None:
    with pytest.raises(MalformedActionError):
        decode_action(text)
