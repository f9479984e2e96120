"""Drecksau notation from a file: a target of odd digits is unreadable notation (a
:class:`MalformedActionError`), never a bare ``ValueError`` from ``int``."""

from __future__ import annotations

import pytest

from saustall.core import get
from saustall.core.errors import MalformedActionError
from saustall.games.drecksau.actions import decode_action


@pytest.mark.parametrize("text", [
    "play mud 1.\u00b2",      # str.isdigit takes a superscript two; int refuses it
    "play mud \u00b2.1",
    "play mud 1." + "9" * 5000,  # past int's 4,300 digits
    "play mud 1.\u0663",      # int reads Arabic-Indic digits; the notation is ASCII
    "play mud 1.-1",
])
def test_a_target_of_odd_digits_is_unreadable(text: str) -> None:
    with pytest.raises(MalformedActionError, match="a target is 'player.pig'"):
        decode_action(text)
    with pytest.raises(MalformedActionError):
        get("drecksau").decode_action(text)


def test_plain_and_padded_targets_still_read() -> None:
    assert decode_action("play mud 00.01") == decode_action("play mud 0.1")
    with pytest.raises(MalformedActionError, match="no such target"):
        decode_action("play mud 8.0")
