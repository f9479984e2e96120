"""Table chat in the browser (issue 28): two players see each other's quick phrases (in
their own language) and free text, a hostile text shows as text and runs nothing, a muted
sender's lines go (and stay gone after a reload), the chat passes axe-core, and on the
phone the chat folds away with touch-sized controls."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.a11y import serious_violations, serve_axe
from tests.web.conftest import DESKTOP, PHONE
from tests.web.test_hostile_names_web import IMG, assert_no_script_ran, create_table, trapped

pytestmark = pytest.mark.browser


def seat_bert(server: Any, browser: Any, watched: Any, table_id: str, invite: str,
              locale: str = "de-DE", size: dict[str, int] = DESKTOP) -> tuple[Any, Any]:
    """Bert takes seat 2 through the API; his page (German) holds that seat."""
    token = server.api("POST", f"/api/tables/{table_id}/join",
                       json={"invite": invite, "name": "Bert"})["token"]
    server.api("POST", f"/api/tables/{table_id}/ready", token, json={"ready": True})
    ctx = browser.new_context(viewport=size, locale=locale)
    page = trapped(watched(ctx.new_page()))
    seats = json.dumps({"invite": invite, "tokens": {"1": token}})
    page.add_init_script(f"localStorage.setItem({json.dumps('saustall.table.' + table_id)}, "
                         f"{json.dumps(seats)})")
    return ctx, page


def test_two_players_chat_quick_and_free_text_mute_and_axe(
        server: Any, page: Any, browser: Any, watched: Any) -> None:
    trapped(page)
    table_id, invite = create_table(page, server.url, "drecksau", "Anna", 2)
    ctx, bert = seat_bert(server, browser, watched, table_id, invite)
    try:
        page.wait_for_selector("#start:not([disabled])")
        page.click("#start")
        page.wait_for_selector("#chat-box")
        bert.goto(f"{server.url}/t/{table_id}?invite={invite}")
        bert.wait_for_selector("#chat-box")
        # A quick phrase: each reader sees it in their own language.
        page.click("[data-quick=gg]")
        page.locator("#chat-list li", has_text="Good game").wait_for()
        bert.locator("#chat-list li", has_text="Gutes Spiel").wait_for()
        assert "Anna" in bert.inner_text("#chat-list")
        # Free text, hostile: shown as the text it is, and nothing runs.
        bert.fill("#chat-text", IMG)
        bert.press("#chat-text", "Enter")
        page.locator("#chat-list li", has_text=IMG).wait_for()
        bert.locator("#chat-list li", has_text=IMG).wait_for()
        assert bert.input_value("#chat-text") == ""
        assert page.locator("#chat-live").inner_text() == f"Bert says: {IMG}"
        for p in (page, bert):
            assert_no_script_ran(p, "chat")
        # axe-core finds nothing serious in the page with its chat.
        serve_axe(page)
        assert serious_violations(page) == []
        # Anna mutes Bert: his lines go; her own stay; the mute survives a reload.
        page.click("#chat-list [data-mute^='seat:1:']")
        page.locator("#chat-list li", has_text=IMG).wait_for(state="detached")
        assert "Good game" in page.inner_text("#chat-list")
        assert "Bert" in page.inner_text("#chat-muted")
        bert.fill("#chat-text", "still here?")
        bert.click(".chat-send")
        bert.locator("#chat-list li", has_text="still here?").wait_for()
        page.wait_for_timeout(500)
        assert "still here?" not in page.inner_text("#chat-list")
        page.reload()
        page.wait_for_selector("#chat-list li")
        page.locator("#chat-list li", has_text="Good game").wait_for()
        assert "still here?" not in page.inner_text("#chat-list")  # history came, muted
        page.click("#chat-muted [data-mute^='seat:1:']")  # hear him again
        page.locator("#chat-list li", has_text="still here?").wait_for()
        assert page.locator("#chat-list li", has_text=IMG).count() == 1
        assert_no_script_ran(page, "chat after reload")
    finally:
        ctx.close()


def test_chat_on_the_phone_folds_and_has_touch_targets(
        server: Any, page: Any, browser: Any, watched: Any) -> None:
    table_id, invite = create_table(page, server.url, "drecksau", "Anna", 2)
    ctx, bert = seat_bert(server, browser, watched, table_id, invite, "en-GB", PHONE)
    try:
        page.wait_for_selector("#start:not([disabled])")
        page.click("#start")
        bert.goto(f"{server.url}/t/{table_id}?invite={invite}")
        bert.wait_for_selector("#chat-box")
        assert bert.evaluate("document.querySelector('#chat-box').open") is False
        bert.click("#chat-box summary")
        sizes = bert.evaluate("""() => [...document.querySelectorAll(
            '#chat-box summary, #chat-box button, #chat-text')].map((el) => {
              const r = el.getBoundingClientRect(); return [el.textContent, r.width, r.height]; })""")
        assert sizes and all(w >= 44 and h >= 44 for _, w, h in sizes), sizes
        bert.click("[data-quick=thanks]")
        page.locator("#chat-list li", has_text="Thanks").wait_for()
    finally:
        ctx.close()
