"""Options that fix or reveal hidden cards never reach an online table (issue 9, item 2)."""

from __future__ import annotations

from typing import Any

import httpx

from saustall.core import registry
from saustall.core.game import Game, OptionSpec
from tests.server.conftest import LiveServer, Wire, create

PRESET = ("EO GO HO SO EU GU HU SU | EA E10 EK E9 E8 E7 GA G10 | "
          "GK G9 G8 G7 HA H10 HK H9 | H8 H7 SA S10 SK S9 S8 S7")
"""A complete Saukopf deal for four, seat by seat."""


def opening_views(game: Game, seed: int, options: dict[str, Any]) -> list[list[Any]]:
    """Every seat's view over the first few moves (always the first legal action)."""
    state = game.new_state(game.default_players, seed, options)
    views = []
    for _ in range(4):
        views.append([state.view(seat) for seat in range(state.num_players)])
        acting = state.to_act()
        legal = state.legal_actions(acting[0]) if acting else []
        if not legal:
            break
        state.apply(legal[0])
    return views


def option_values(spec: OptionSpec) -> list[Any]:
    """Values to try for an option: its choices (a few), its bounds, or its default."""
    if spec.choices is not None:
        return list(spec.choices[:4])
    return [v for v in (spec.minimum, spec.default, spec.maximum) if v is not None]


def test_the_detector_sees_a_preset_deal() -> None:
    """The seed check below notices a fixed deal (so it can fail)."""
    game = registry.get("saukopf", "saukopf")
    fixed = {"hands": PRESET, "deals": 1, "dealer": 0, "allow_revoke": False}
    assert opening_views(game, 1, fixed) == opening_views(game, 2, fixed)


async def test_saukopf_preset_hands_are_refused(server: LiveServer,
                                                http: httpx.AsyncClient) -> None:
    for value in (PRESET, ""):  # even the default: the option is not offered online
        answer = await http.post("/api/tables", json={
            "game": "saukopf", "seats": 4, "options": {"hands": value}})
        assert answer.status_code == 400, answer.text
        error = answer.json()["error"]
        assert error["code"] == "invalid-option" and "'hands'" in error["message"]
        assert "hidden cards" in error["message"]
    assert not server.hub.tables
    catalogue = (await http.get("/api/games")).json()
    for entry in catalogue["games"]:
        for ruleset in entry["rulesets"]:
            assert "hands" not in [o["name"] for o in ruleset["options"]]
    # a table made without it never shows the option's value to anyone
    created = await create(http, game="saukopf", seats=4, bots=["random"] * 3)
    assert "hands" not in created["table"]["options"]
    watcher = await Wire.open(server, created["table_id"], invite=created["invite"])
    table = await watcher.until("table")
    assert "hands" not in table["table"]["options"]
    await watcher.close()


async def test_no_option_that_fixes_hidden_cards_is_accepted(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    """Over every ruleset: options marked offline are refused, and with every option the
    server accepts, the cards still come from the server's own seed."""
    for game_name in registry.game_names():
        for ruleset in registry.rulesets(game_name):
            game = registry.get(game_name, ruleset.name)
            seats = game.default_players
            for spec in ruleset.options:
                body = {"game": game_name, "ruleset": ruleset.name, "seats": seats,
                        "options": {spec.name: spec.default}}
                answer = await http.post("/api/tables", json=body)
                if not spec.online:
                    assert answer.status_code == 400, (ruleset.name, spec.name)
                    assert spec.name in answer.json()["error"]["message"]
                    continue
                assert answer.status_code == 201, (ruleset.name, spec.name, answer.text)
                for value in option_values(spec):
                    try:
                        options = ruleset.resolve_options({spec.name: value})
                        game.new_state(seats, 0, options)
                    except Exception:  # a value this seat count does not deal: skip it
                        continue
                    assert opening_views(game, 11, options) != opening_views(game, 12, options), (
                        f"{game_name}/{ruleset.name} option {spec.name}={value!r} fixes the "
                        "cards regardless of the server's seed")
            assert not [o for o in ruleset.options if "seed" in o.name.lower()], \
                "a seed chosen by a client would let it predict the deal"
