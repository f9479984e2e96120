"""Support records: what the registry makes of them, and of records that are not sound."""

from __future__ import annotations

import pytest

from saustall.core import registry
from saustall.core.errors import UnknownGameError
from saustall.core.game import Ruleset
from saustall.core.support import GameSupport, PluginError, load_reference


def ruleset(game: str, name: str) -> Ruleset:
    return Ruleset(game=game, name=name, title=name, summary=name, min_players=2,
                   max_players=2)


@pytest.fixture()
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The built-in games, with this test's additions thrown away afterwards."""
    registry.game_names()  # load the entry points first
    for name in ("_RULESETS", "_DEFAULT_RULESET", "_SUPPORT", "_BROKEN"):
        table = getattr(registry, name)
        monkeypatch.setattr(registry, name, {key: (dict(value) if isinstance(value, dict)
                                                   else value)
                                             for key, value in table.items()})


def test_every_built_in_game_has_its_record_and_its_default() -> None:
    records = registry.supports()  # and any game installed from another package
    assert {"drecksau", "pigasus", "saukopf"} <= {record.name for record in records}
    for record in records:
        assert registry.get(record.name).ruleset.name == record.default()
        assert [r.name for r in registry.rulesets(record.name)] == [
            r.name for r in record.rulesets]


@pytest.mark.parametrize("record,message", [
    (GameSupport(name="odd", rulesets=(), factory="x:y"), "has no rulesets"),
    (GameSupport(name="odd", rulesets=(ruleset("other", "a"),), factory="x:y"),
     "ruleset 'a' belongs to game 'other'"),
    (GameSupport(name="odd", rulesets=(ruleset("odd", "a"),), factory="x:y",
                 default_ruleset="b"), "default ruleset 'b' is not one of its rulesets"),
])
def test_a_record_that_is_not_sound_is_refused_naming_the_game(
        record: GameSupport, message: str) -> None:
    with pytest.raises(PluginError, match=message) as raised:
        record.check()
    assert "game 'odd'" in str(raised.value)


def test_a_game_is_registered_once(fresh_registry: None) -> None:
    with pytest.raises(PluginError, match="game 'drecksau' is registered twice"):
        registry.add_support(registry.support("drecksau"))


def test_a_game_registered_by_ruleset_alone_gets_a_minimal_record(
        fresh_registry: None) -> None:
    registry.register(ruleset("bare", "one"), lambda r: registry.get("drecksau"))
    record = registry.support("bare")
    assert (record.name, record.default(), record.terminal_client, record.web_renderer) == (
        "bare", "one", None, "")
    with pytest.raises(UnknownGameError, match="unknown game 'nowhere'"):
        registry.support("nowhere")


def test_a_broken_entry_point_is_kept_aside_with_its_error(fresh_registry: None) -> None:
    registry._load_one("wrongname", "saustall.games.drecksau.support:SUPPORT")
    registry._load_one("notarecord", "saustall.games.drecksau.support:register_bots")
    broken = registry.broken_games()
    assert "declares game 'drecksau'" in str(broken["wrongname"])
    assert "is a function, not a GameSupport record" in str(broken["notarecord"])
    with pytest.raises(PluginError, match="game 'notarecord'"):
        registry.get("notarecord")
    assert "wrongname" not in registry.game_names()


def test_a_reference_that_does_not_load_says_which_and_whose() -> None:
    assert load_reference("saustall.core.support:load_reference") is load_reference
    with pytest.raises(PluginError, match="game 'g': 'saustall.core.support' has no 'nope'"):
        load_reference("saustall.core.support:nope", "g")
    with pytest.raises(PluginError, match="cannot import 'saustall.no_such'"):
        load_reference("saustall.no_such:thing", "g")
