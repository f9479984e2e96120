"""Dropped connections: the page says so, reconnects by itself and shows the same game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server
from tests.web.players import play_drecksau, start_quick_game, wait_for_turn_or_end

pytestmark = pytest.mark.browser


def test_server_restart_mid_game_is_told_and_recovered(tmp_path: Path, page: Any) -> None:
    own = Server(tmp_path, bot_delay=0.02)
    own.start()
    try:
        start_quick_game(page, own.url, "drecksau", seats=2, level="random")
        play_drecksau(page, stop_after=2)
        wait_for_turn_or_end(page)
        hand = page.eval_on_selector_all(".hand-card", "e => e.map(x => x.dataset.card)")
        own.stop()
        page.wait_for_selector("#banner:not([hidden])", timeout=5000)
        assert "Connection lost" in page.inner_text("#banner")
        assert page.locator(".conn-dot.lost").count() == 1
        own.start()
        page.wait_for_selector(".toast.ok", timeout=15000)
        assert "Connected again" in page.inner_text("#toasts")
        assert page.locator("#banner").is_hidden()
        wait_for_turn_or_end(page)
        assert page.eval_on_selector_all(".hand-card", "e => e.map(x => x.dataset.card)") == hand
    finally:
        own.stop()
