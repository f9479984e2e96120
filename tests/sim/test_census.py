"""The Saukopf contract census: deals stopped at the contract give what whole deals give."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from saustall.bots.base import make_bot
from saustall.games.saukopf.census import CensusJob, deal_seed, play_contract, run_census
from saustall.cli.main import app
from saustall.core.errors import SaustallError
from saustall.core.registry import get
from saustall.core.rng import derive_seed
from saustall.games.saukopf.cards import GAME_KINDS


def _whole_deal(ruleset: str, bot: str, seed: int, index: int) -> tuple[str, bool]:
    """The same census deal played to its end; the contract its result entry shows."""
    game = get("saukopf", ruleset)
    players = game.ruleset.min_players
    state = game.new_state(players, deal_seed(seed, index),
                           {"deals": 1, "dealer": index % players})
    bots = [make_bot("saukopf", bot, derive_seed(deal_seed(seed, index), "bot", seat))
            for seat in range(players)]
    while not state.is_terminal():
        player = state.current_player
        state.apply(bots[player].choose(state.view(player), state.legal_actions(player)),
                    player)
    entry = state.results[0]
    if entry["thrown_in"]:
        return "", False
    words = entry["game"].split()
    return words[0], "spiess" in words[1:]


@pytest.mark.parametrize(("ruleset", "bot", "deals"),
                         [("saukopf", "beginner", 3), ("dreihaxer", "heuristic", 12)])
def test_a_deal_stopped_at_its_contract_has_the_contract_of_the_whole_deal(
        ruleset: str, bot: str, deals: int) -> None:
    players = get("saukopf", ruleset).ruleset.min_players
    job = CensusJob(ruleset, players, bot, seed=5)
    contracts = [play_contract(job, index)[:2] for index in range(deals)]
    assert contracts == [_whole_deal(ruleset, bot, 5, index) for index in range(deals)]
    if bot == "heuristic":  # four heuristic bots throw in most Dreihaxer deals
        assert ("", False) in contracts and any(kind for kind, _ in contracts)


def test_the_census_counts_throw_ins_and_every_kind_and_names_the_missing() -> None:
    result = run_census("dreihaxer", "heuristic", 12, seed=5, workers=1)
    job = CensusJob("dreihaxer", 3, "heuristic", 5)
    contracts = [play_contract(job, index) for index in range(12)]
    thrown = sum(1 for kind, _, _ in contracts if not kind)
    assert result.thrown_in.count == thrown
    counted = dict((name, share.count) for name, share in result.kinds)
    # every kind the Dreihaxer allows is listed, played or not; no partner games
    assert list(counted) == [kind.name for kind in GAME_KINDS if not kind.doppel]
    assert sum(counted.values()) == 12 - thrown
    assert set(result.missing_kinds()) == {name for name, count in counted.items()
                                           if count == 0}
    again = run_census("dreihaxer", "heuristic", 12, seed=5, workers=2, chunk_size=5)
    assert again.kinds == result.kinds and again.thrown_in == result.thrown_in


def test_bad_census_input_is_refused_naming_it() -> None:
    with pytest.raises(SaustallError, match="positive integer"):
        run_census("saukopf", "expert", 0)
    with pytest.raises(SaustallError, match="nobody"):
        run_census("saukopf", "nobody", 3)


def test_the_census_command_says_what_it_played_and_why() -> None:
    result = CliRunner().invoke(app, ["census", "--ruleset", "dreihaxer", "--bot",
                                      "heuristic", "--deals", "6", "--workers", "1"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "until its contract is fixed" in text
    assert "never the session's score" in text
    assert "thrown in" in text and "ms CPU per deal" in text
