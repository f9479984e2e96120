"""A game from another package on the page: listed in the lobby, played to the end on the
generic board (the view's fields as text, each legal action a button with its text).

The server runs with the example plugin (``tests/layout/plugin``) visible the way an
install would make it: a ``*.dist-info`` with its ``entry_points.txt`` on the path.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.layout.test_plugins import PLUGIN_SOURCE, install
from tests.web.conftest import Server
from tests.web.players import start_quick_game

pytestmark = pytest.mark.browser


@pytest.fixture()
def plugin_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    install(tmp_path, "pebbles_game", {"pebbles": "pebbles_game.support:SUPPORT"})
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [str(tmp_path), str(PLUGIN_SOURCE), os.environ.get("PYTHONPATH", "")]))
    server = Server(tmp_path, bot_delay=0.02)
    server.start()
    yield server
    server.stop()


def test_a_plugin_game_is_played_to_the_end_on_the_generic_board(
        plugin_server: Server, page: Any) -> None:
    games = {g["game"]: g for g in plugin_server.api("GET", "/api/games")["games"]}
    assert games["pebbles"]["renderer"] == "" and games["drecksau"]["renderer"] == "drecksau"
    start_quick_game(page, plugin_server.url, "pebbles", seats=2, level="random")
    moves = 0
    for _ in range(20):
        page.wait_for_selector(".generic [data-act], .summary-modal", timeout=15000)
        if page.locator(".summary-modal").count():
            break
        fields = page.inner_text(".generic .view-fields")
        assert "pile" in fields  # the view's public fields, as text
        button = page.locator(".generic [data-act]").first
        assert button.inner_text().startswith("take ")  # the action's own text
        button.click()
        moves += 1
        page.wait_for_timeout(150)
    page.wait_for_selector(".summary-modal", timeout=15000)
    assert moves >= 1  # a person took pebbles through the board's buttons
    head = page.inner_text(".summary-head")
    assert "won" in head or "Nobody" in head


def test_the_pip_installed_toy_game_is_played_to_the_end_over_the_server_and_the_page(
        server: Server, page: Any) -> None:
    """Nim (tests/fixtures/saustall-nim, which `make test` installs with pip): found by its
    entry point by the server, listed in the catalogue with no renderer of its own, and
    played to the end through the page's generic board."""
    games = {g["game"]: g for g in server.api("GET", "/api/games")["games"]}
    assert "nim" in games, "the toy game is not installed: run make test (it installs it)"
    assert games["nim"]["renderer"] == ""
    start_quick_game(page, server.url, "nim", seats=2, level="random")
    moves = 0
    for _ in range(40):  # 3 + 4 + 5 stones: at most 12 moves, half of them the person's
        page.wait_for_selector(".generic [data-act], .summary-modal", timeout=15000)
        if page.locator(".summary-modal").count():
            break
        assert "piles" in page.inner_text(".generic .view-fields")
        button = page.locator(".generic [data-act]").first
        assert button.inner_text().startswith("take ")  # the game's own action text
        button.click()
        moves += 1
        page.wait_for_timeout(150)
    page.wait_for_selector(".summary-modal", timeout=15000)
    assert moves >= 1
    head = page.inner_text(".summary-head")
    assert "won" in head or "Nobody" in head


def test_the_lobby_words_a_plugin_games_levels_from_its_package(server: Server,
                                                                 page: Any) -> None:
    """Nim's package gives its level descriptions in English and German (its ``texts``):
    the lobby shows them in the page's language, in English where Nim has no French, and
    the page's own description where Nim says nothing (``random``)."""
    games = {g["game"]: g for g in server.api("GET", "/api/games")["games"]}
    assert "nim" in games, "the toy game is not installed: run make test (it installs it)"
    assert set(games["nim"]["texts"]) == {"en", "de"}
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=nim]")
    assert page.inner_text(".game-tile[data-game=nim] .tile-tag") == "Take the last counter"
    page.select_option("#botlevel", "perfect")
    assert page.inner_text("#botlevel-desc") == (
        "Plays the winning strategy whenever there is one.")
    page.select_option("#lang-select", "de")
    page.select_option("#botlevel", "careless")
    assert page.inner_text("#botlevel-desc") == (
        "Kennt die Gewinnstrategie, zieht aber jeden dritten Zug aufs Geratewohl.")
    page.select_option("#botlevel", "random")
    assert page.inner_text("#botlevel-desc") == "Spielt irgendeinen erlaubten Zug: eine Messlatte."
    page.select_option("#lang-select", "fr")
    page.select_option("#botlevel", "perfect")
    assert page.inner_text("#botlevel-desc") == (
        "Plays the winning strategy whenever there is one.")
