"""``saustall.testing.check_game`` on the toy game and on broken copies of it.

Nim keeps the contract; each broken copy breaks one promise and must fail the check that
guards it, by name, with the case and the example that repeat the failure.
"""

from __future__ import annotations

import dataclasses
import json
import itertools
from collections import Counter
from typing import Any, Iterator

import pytest

from saustall.core import registry
from saustall.core.game import Action, Game, GameState, View
from saustall.core.rng import Rng
from saustall.testing import CHECKS, ConformanceError, ConformanceFailures, check_game, checks
from saustall.testing.plugin import conformance_tests
from tests.testing.toy import load_nim

load_nim()

from saustall_nim.game import NimGame, NimState  # noqa: E402  (importable once loaded)
from saustall_nim.rulesets import ALL_RULESETS  # noqa: E402

OPTIONAL = {check.name for check in CHECKS if check.capability == "world sampling"}


def test_nim_passes_every_required_check_and_skips_world_sampling_saying_why() -> None:
    report = check_game("nim", examples=2)
    assert not report.failures
    assert {(o.ruleset, o.check) for o in report.outcomes} == {
        (r.name, c.name) for r in ALL_RULESETS for c in CHECKS}
    skipped = {(o.check, o.skipped) for o in report.skipped}
    assert {check for check, _ in skipped} == OPTIONAL | {"rl-env"}
    assert all("does not offer world sampling" in why for check, why in skipped
               if check in OPTIONAL)
    assert ("rl-env", "nim names no RL environment in its support record") in skipped
    passed = [o for o in report.outcomes if o.passed]
    assert all(o.examples > 0 for o in passed)
    assert "misere bots: passed" in report.text()


def test_a_bound_game_is_checked_in_its_own_ruleset_only() -> None:
    report = check_game(registry.get("nim", "misere"), examples=1, checks=["seed-determinism"])
    assert [(o.ruleset, o.check, o.passed) for o in report.outcomes] == [
        ("misere", "seed-determinism", True)]


def test_an_rl_environment_that_is_offered_passes_pettingzoos_api_test() -> None:
    pytest.importorskip("pettingzoo")
    report = check_game("drecksau", "dirty-pig", checks=["rl-env"])
    assert [(o.check, o.passed) for o in report.outcomes] == [("rl-env", True)]


def test_an_unknown_check_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match="no conformance check 'speed'; checks: seed-determinism"):
        check_game("nim", checks=["speed"])


# -- broken copies of Nim --------------------------------------------------------------

class SeedInView(NimState):
    def view(self, player: int | None) -> View:
        return {**super().view(player), "note": f"dealt by seed {self.seed}"}


class ForgetfulInventory(NimState):
    def inventory(self) -> Counter[str]:
        return Counter({"counter": sum(self.piles)})  # forgets the counters taken


class LenientIsLegal(NimState):
    def is_legal(self, action: Action, player: int | None = None) -> bool:
        seat = self.to_move if player is None else player
        return type(action) is int and seat == self.to_move and not self.is_terminal() \
            and 0 < action % 16  # ignores how many counters the pile holds


class ClockFirst(NimGame):
    """Who starts comes from state outside the seed (a count of the games dealt so far,
    as a clock or the process's random source would be): two games from one seed never
    have the same first player, so the check cannot pass by luck."""

    dealt = itertools.count()

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any],
                   rng_stream: str) -> NimState:
        state = super()._new_state(num_players, seed, options, rng_stream)
        state.first = state.to_move = next(self.dealt) % num_players
        return state


class SwappedNotation(NimGame):
    def decode_action(self, text: str) -> int:
        pile, take = text.split("x")
        return super().decode_action(f"{take}x{pile}") if int(pile) <= 8 else 0


class FloatsWelcome(NimGame):
    def check_action(self, action: object) -> int:
        if isinstance(action, float) and action.is_integer():
            return super().check_action(int(action))
        return super().check_action(action)


class FixedWorld(NimGame):
    """Offers world sampling, but deals one fixed game whatever the view says."""

    def sample_world(self, view: View, rng: Rng) -> GameState:
        return self.new_state(view["players"], 0)


def state_class(cls: type[NimState]) -> type[NimGame]:
    """A Nim whose states are of ``cls``."""
    class WithState(NimGame):
        def _new_state(self, num_players: int, seed: int, options: dict[str, Any],
                       rng_stream: str) -> NimState:
            state = super()._new_state(num_players, seed, options, rng_stream)
            state.__class__ = cls
            return state

    return WithState


BROKEN = [
    pytest.param(state_class(SeedInView), "views-leak-nothing", id="seed-in-view"),
    pytest.param(state_class(ForgetfulInventory), "card-conservation", id="inventory"),
    pytest.param(state_class(LenientIsLegal), "is-legal-agrees", id="is-legal"),
    pytest.param(ClockFirst, "seed-determinism", id="unseeded"),
    pytest.param(SwappedNotation, "notation-and-refusals", id="notation"),
    pytest.param(FloatsWelcome, "arbitrary-values", id="floats"),
    pytest.param(FixedWorld, "sampled-worlds-match-the-view", id="fixed-world"),
]


@pytest.fixture
def register_broken(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Registers a broken copy of Nim as game ``broken`` for one test."""
    def register(game_class: type[Game]) -> None:
        game_class.name = "broken"
        rules = {r.name: (dataclasses.replace(r, game="broken"), game_class)
                 for r in ALL_RULESETS}
        monkeypatch.setitem(registry._RULESETS, "broken", rules)
        monkeypatch.setitem(registry._DEFAULT_RULESET, "broken", "nim")

    yield register


@pytest.mark.parametrize(("game_class", "guard"), BROKEN)
def test_a_broken_promise_fails_the_check_that_guards_it(
        register_broken: Any, game_class: type[Game], guard: str) -> None:
    register_broken(game_class)
    with pytest.raises(ConformanceFailures) as raised:
        check_game("broken", "nim", examples=2)
    failed = {o.check for o in raised.value.report.failures}
    assert guard in failed, raised.value.report.text()
    assert guard in str(raised.value)
    assert isinstance(raised.value, AssertionError)  # pytest reports it as a failure


def test_a_failure_names_its_case_and_an_example_that_repeats_it(register_broken: Any) -> None:
    register_broken(state_class(SeedInView))
    with pytest.raises(ConformanceFailures) as raised:
        check_game("broken", "nim", examples=1, checks=["views-leak-nothing"])
    error = raised.value.report.failures[0].error
    assert error is not None and error.check == "views-leak-nothing"
    assert error.case == "broken/nim 2p"
    assert "the seed shows in the view" in str(error) and "seed=" in str(error)
    with pytest.raises(ConformanceError, match="the seed shows in the view"):
        checks.views_leak_nothing(registry.get("broken", "nim"), 2, **error.example)


def test_world_sampling_that_is_offered_is_checked(register_broken: Any) -> None:
    register_broken(FixedWorld)
    with pytest.raises(ConformanceFailures) as raised:
        check_game("broken", "nim", examples=1, checks=sorted(OPTIONAL))
    assert not raised.value.report.skipped


def test_the_pytest_helper_makes_one_test_per_check_and_ruleset() -> None:
    generated = conformance_tests("nim", examples=1)
    (mark,) = [m for m in getattr(generated, "pytestmark") if m.name == "parametrize"]
    ids = [param.id for param in mark.args[1]]
    assert ids == [f"{r.name}-{c.name}" for r in ALL_RULESETS for c in CHECKS]
    assert json.dumps(ids)  # plain text ids, as pytest shows them


OFFERED = [c.name for c in CHECKS if c.name not in OPTIONAL | {"rl-env"}]

test_nim_conformance = conformance_tests("nim", examples=2, checks=OFFERED)
"""The suite as a game author runs it: one test per check and ruleset of Nim (the checks
of what Nim offers; an author running them all sees the others skipped, as below)."""


def test_the_pytest_helper_skips_a_check_the_game_does_not_offer_saying_why() -> None:
    generated = conformance_tests("nim", examples=1, checks=sorted(OPTIONAL | {"rl-env"}))
    for check in sorted(OPTIONAL):
        with pytest.raises(pytest.skip.Exception, match="does not offer world sampling"):
            generated("misere", check)
    with pytest.raises(pytest.skip.Exception, match="names no RL environment"):
        generated("nim", "rl-env")


def test_the_command_line_prints_each_outcome_and_exits_by_the_worst(
        register_broken: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from saustall.testing.__main__ import main

    assert main(["nim", "--ruleset", "misere", "--examples", "1"]) == 0
    shown = capsys.readouterr().out
    assert "misere record-round-trip: passed" in shown
    assert "misere sampled-worlds-differ: skipped: nim/misere does not offer" in shown
    register_broken(state_class(SeedInView))
    assert main(["broken", "--ruleset", "nim", "--check", "views-leak-nothing"]) == 1
    assert "nim views-leak-nothing: FAILED: views-leak-nothing broken/nim 2p: the seed shows" \
        in capsys.readouterr().out
    assert main(["no-such-game"]) == 2
    assert "error: unknown game 'no-such-game'" in capsys.readouterr().err
