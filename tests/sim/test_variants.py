"""House-rule variants as data: --param and --ruleset-file, every lever checked in one
place, variants named, carried in records, and played by the bots' simulations too."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from rich.console import Console

from saustall.arena.simulate import simulate
from saustall.cli.simulate import run_cli
from saustall.core import get
from saustall.core.errors import InvalidOptionError
from saustall.core.record import GameRecord
from saustall.core.registry import game_for_view, get_variant, rulesets
from saustall.games.saukopf.scoring import DEFAULT_TARIFF


def _run(game: str, args: list[str]) -> tuple[int, str]:
    buffer = io.StringIO()
    try:
        run_cli(game, args, Console(file=buffer, width=300))
    except SystemExit as exc:
        return int(exc.code or 0), buffer.getvalue()
    return 0, buffer.getvalue()


def test_four_pigs_per_player_gives_games_with_four_pigs_and_a_derived_name() -> None:
    game = get_variant("drecksau", "dirty-pig", {"pigs_per_player": 4})
    assert game.ruleset.variant_name == "dirty-pig+pigs_per_player=4"
    for players in (2, 3, 4):
        state = game.new_state(players, 1)
        assert [len(row) for row in state.pigs] == [4] * players
    # the published ruleset is untouched: 5 pigs each at two
    assert [len(row) for row in get("drecksau", "dirty-pig").new_state(2, 1).pigs] == [5, 5]


def test_a_deck_lever_changes_the_deck() -> None:
    game = get_variant("drecksau", "sauschoen", {"deck.mud": 30, "deck.lucky-bird": 0})
    inventory = game.new_state(2, 0).inventory()
    assert inventory["mud"] == 30 and inventory["lucky-bird"] == 0


@pytest.mark.parametrize("params,says", [
    ({"pigs_per_player": 6}, "'pigs_per_player' must be a whole number from 0 to 5, not 6"),
    ({"pigs_per_player": "4"}, "must be a whole number from 0 to 5, not '4'"),
    ({"pigs_per_player": True}, "not True"),
    ({"pigs_per_player": 4.0}, "not 4.0"),
    ({"pig": 4}, "has no parameter 'pig'; parameters: pigs_per_player"),
    ({"deck.pretty": 3}, "has no parameter 'deck.pretty'"),  # not a Dirty Pig card
    ({"hand_size": 5}, "'hand_size' must be a whole number from 1 to 4"),
])
def test_a_bad_lever_is_named_with_what_is_allowed(params: dict, says: str) -> None:
    with pytest.raises(InvalidOptionError) as caught:
        get_variant("drecksau", "dirty-pig", params)
    assert says in str(caught.value)


def test_a_variant_that_cannot_be_laid_out_says_why() -> None:
    game = get_variant("drecksau", "dirty-pig", {"pigs_per_player": 4})
    with pytest.raises(InvalidOptionError, match="6 players with 4 pigs each need 24 pig "
                                                 "cards, and pig_cards is 18"):
        game.new_state(6, 0)
    with pytest.raises(InvalidOptionError, match="the deck holds 6"):
        get_variant("drecksau", "dirty-pig", {f"deck.{kind}": 0 for kind in (
            "rain", "barn", "farmer", "door", "lightning", "rod")} | {"deck.mud": 6}
                    ).new_state(3, 0)


def test_every_lever_of_every_ruleset_takes_its_own_default_and_its_extremes() -> None:
    for ruleset in rulesets():
        for lever in ruleset.levers:
            values = {lever.default, lever.minimum, lever.maximum} - {None}
            for value in values:
                bound = get_variant(ruleset.game, ruleset.name, {lever.name: value})
                assert dict(bound.ruleset.variant) == {lever.name: value}
                assert bound.ruleset.variant_name.startswith(ruleset.name + "+")


def test_a_lever_that_is_an_option_sets_its_default_and_the_option_still_wins() -> None:
    game = get_variant("drecksau", "dirty-pig", {"turn_cap": 7})
    assert game.new_state(2, 0).turn_cap == 7
    assert game.new_state(2, 0, {"turn_cap": 9}).turn_cap == 9
    pigasus = get_variant("pigasus", "pigasus", {"window_ms": 40})
    assert pigasus.new_state(3, 0).options["window_ms"] == 40


def test_the_saukopf_point_table_is_a_lever_and_defaults_to_the_reference_card() -> None:
    assert get("saukopf").ruleset.params["points"] == DEFAULT_TARIFF._asdict()
    base = simulate("saukopf", "saukopf", 4, ["heuristic"], games=2, seed=1, workers=1)
    richer = simulate("saukopf", "saukopf", 4, ["heuristic"], games=2, seed=1, workers=1,
                      params={"points.schlachtung": 5})
    assert richer.variant == {"points.schlachtung": 5}
    for one, other in zip(base.results, richer.results):  # the same deals, scored anew
        for deal, changed in zip(one.facts.deals, other.facts.deals):
            assert deal.kind == changed.kind and deal.declarer_won == changed.declarer_won
            winners_meat = [m for m in deal.meat if m]
            if winners_meat and deal.kontra_seat < 0:  # 3 more points per winner, undoubled
                assert [m + 3 for m in winners_meat] == [m for m in changed.meat if m]


def test_a_record_of_a_variant_replays_as_that_variant() -> None:
    game = get_variant("drecksau", "dirty-pig", {"pigs_per_player": 4, "deck.mud": 25},
                       "four-pigs")
    state = game.new_state(2, 5)
    chooser = random.Random(5)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    record = GameRecord.from_json(state.record().to_json())
    assert record.variant == {"name": "four-pigs",
                              "params": {"deck.mud": 25, "pigs_per_player": 4}}
    replayed = record.replay()
    assert [len(row) for row in replayed.pigs] == [4, 4]
    assert replayed.winners() == state.winners() and replayed.history == state.history
    assert replayed.inventory()["mud"] == 25
    # the published ruleset's records carry no variant
    assert "variant" not in get("drecksau").new_state(2, 5).record().to_dict()


def test_the_bots_simulate_the_variant_they_play() -> None:
    game = get_variant("drecksau", "sauschoen", {"pigs_per_player": 2, "deck.mud": 40})
    view = game.new_state(2, 3).view(0)
    assert view["variant"]["params"] == {"deck.mud": 40, "pigs_per_player": 2}
    assert game_for_view(view).ruleset.params["deck"]["mud"] == 40
    world = game_for_view(view).sample_world(view, __import__(
        "saustall.core.rng", fromlist=["Rng"]).Rng(1))
    assert world.inventory()["mud"] == 40
    result = simulate("drecksau", "sauschoen", 2, ["expert", "random"], games=2, seed=1,
                      workers=1, params={"pigs_per_player": 2})
    assert all(len(r.facts.played) == 2 for r in result.results)


def test_a_variant_changes_the_game() -> None:
    base = simulate("drecksau", "dirty-pig", 2, ["random"], games=60, seed=4, workers=1)
    four = simulate("drecksau", "dirty-pig", 2, ["random"], games=60, seed=4, workers=2,
                    params={"pigs_per_player": 4})
    assert four.summary.game_figures.turns.mean < base.summary.game_figures.turns.mean
    assert four.to_dict()["variant"] == {"name": "dirty-pig+pigs_per_player=4",
                                         "params": {"pigs_per_player": 4}}


def test_the_command_takes_params_and_a_variant_file(tmp_path: Path) -> None:
    path = tmp_path / "variant.toml"
    path.write_text('name = "four-pigs"\nruleset = "dirty-pig"\n[params]\n'
                    'pigs_per_player = 4\n[params.deck]\nmud = 25\n', encoding="utf-8")
    code, text = _run("drecksau", ["--games", "8", "--workers", "1", "--json",
                                   "--ruleset-file", str(path)])
    data = json.loads(text)
    assert code == 0 and data["variant"] == {"name": "four-pigs", "params": {
        "deck.mud": 25, "pigs_per_player": 4}}
    code, text = _run("drecksau", ["--games", "8", "--workers", "1",
                                   "--param", "pigs_per_player=3"])
    assert code == 0 and "drecksau/dirty-pig+pigs_per_player=3: 8 games" in text


@pytest.mark.parametrize("content,says", [
    ('[params]\npigs_per_player = 9\n',
     "variant.toml: field 'params.pigs_per_player' parameter 'pigs_per_player' must be a "
     "whole number from 0 to 5, not 9"),
    ('name = \n', "variant.toml: not TOML: Invalid value (at line 1, column 8)"),
    ('nme = "x"\n', "variant.toml: field 'nme' unknown key 'nme'"),
    ('[params]\n"deck.gold" = 3\n', "has no parameter 'deck.gold'"),
    ('[params]\npigs_per_player = "4"\n', "field 'params.pigs_per_player' '4' is not a "
                                          "whole number or true/false"),
    ('game = "saukopf"\n', "field 'game' is a variant of 'saukopf', not of 'drecksau'"),
    ('ruleset = "sauschoen"\n', "changes ruleset 'sauschoen', but --ruleset is "
                                "'dirty-pig'"),
])
def test_a_bad_variant_file_gets_one_error_line_and_exit_status_2(
        tmp_path: Path, content: str, says: str) -> None:
    path = tmp_path / "variant.toml"
    path.write_text(content, encoding="utf-8")
    code, text = _run("drecksau", ["--games", "2", "--ruleset", "dirty-pig",
                                   "--ruleset-file", str(path)])
    assert code == 2
    assert says in text and "Traceback" not in text
    assert len(text.strip().splitlines()) == 1


def test_a_missing_file_and_a_bad_param_are_named(tmp_path: Path) -> None:
    code, text = _run("drecksau", ["--ruleset-file", str(tmp_path / "none.toml")])
    assert code == 2 and "none.toml: cannot read it" in text
    code, text = _run("drecksau", ["--param", "pigs_per_player=four"])
    assert code == 2 and "'pigs_per_player' must be a whole number from 0 to 5, not 'four'" \
        in text
    code, text = _run("drecksau", ["--param", "pigs_per_player=4", "--players", "6"])
    assert code == 2 and "need 24 pig cards, and pig_cards is 18" in text


def test_saukopf_search_worlds_are_scored_by_the_variant_point_table() -> None:
    from saustall.games.saukopf.sampling import WorldSampler

    game = get_variant("saukopf", "saukopf", {"points.schlachtung": 5})
    state = game.new_state(4, 2)
    view = state.view(state.current_player)
    assert view["variant"]["params"] == {"points.schlachtung": 5}
    world = WorldSampler(game_for_view(view), view).sample(
        __import__("saustall.core.rng", fromlist=["Rng"]).Rng(3))
    assert world.game.ruleset.params["points"]["schlachtung"] == 5


def test_the_heuristic_bot_counts_threats_from_the_variant_deck() -> None:
    from saustall.games.drecksau.bots.heuristic import _threat_totals

    base = get("drecksau", "dirty-pig").new_state(2, 1).view(0)
    assert _threat_totals(base) == {"rain": 4, "farmer": 8, "lightning": 4, "escape": 0}
    game = get_variant("drecksau", "dirty-pig", {"deck.farmer": 20, "deck.rain": 0})
    view = game.new_state(2, 1).view(0)
    assert _threat_totals(view) == {"rain": 0, "farmer": 20, "lightning": 4, "escape": 0}
