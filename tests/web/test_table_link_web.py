"""Issue 28: what a card-site player meets at a table page. A table link without its
`?invite=` says so and what to do (a private table stays private; a public table that
shows in the open-tables list lets the person in by itself)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def create_table(server: Any, public: bool, bots: list[str] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "drecksau", "name": "Host", "public": public}
    if bots:
        body["bots"] = bots
    res = httpx.post(server.url + "/api/tables", json=body, timeout=30)
    assert res.status_code == 201, res.text
    return dict(res.json())


def test_private_table_link_without_invite_says_what_is_missing(server: Any, page: Any) -> None:
    made = create_table(server, public=False)
    page.goto(f"{server.url}/t/{made['table_id']}")
    notice = page.locator(".no-invite .notice")
    expect(notice).to_contain_text("This link is missing its invitation")
    expect(notice).to_contain_text("?invite=")
    expect(notice).to_contain_text("private table")
    # No control that cannot work: no seat to take, no "Just watch" that does nothing.
    expect(page.locator("#take-form, #watch, [data-take]")).to_have_count(0)
    expect(page.locator(".no-invite .table-state")).to_have_text("The players are gathering at this table.")
    expect(page.locator(".no-invite .seat").first).to_contain_text("Host")

    # The game starts without this page: the page follows it instead of staying in the
    # waiting room, and still lets nobody in.
    headers = {"Authorization": f"Bearer {made['token']}"}
    res = httpx.post(f"{server.url}/api/tables/{made['table_id']}/bots", json={"level": "random"},
                     headers=headers, timeout=30)
    assert res.status_code == 200, res.text
    res = httpx.post(f"{server.url}/api/tables/{made['table_id']}/start", json={}, headers=headers,
                     timeout=30)
    assert res.status_code == 200, res.text
    expect(page.locator(".no-invite .table-state")).not_to_have_text(
        "The players are gathering at this table.", timeout=20_000)
    expect(page.locator(".no-invite .notice")).to_be_visible()
    expect(page.locator(".hand, .board")).to_have_count(0)


def test_public_table_link_without_invite_lets_the_person_in(server: Any, page: Any) -> None:
    made = create_table(server, public=True)
    page.goto(f"{server.url}/t/{made['table_id']}")
    # The open-tables list shows this table's invite, so the page uses it.
    page.wait_for_selector("#take-form")
    expect(page.locator(".no-invite")).to_have_count(0)
    expect(page.locator("#invite-url")).to_have_value(server.url + made["invite_url"])
    page.fill("#join-name", "Guest")
    page.click("#take-form button[type=submit]")
    expect(page.locator(".seat.mine")).to_contain_text("Guest")


def test_german_page_says_the_link_lacks_its_invitation(server: Any, browser: Any, watched: Any) -> None:
    made = create_table(server, public=False)
    ctx = browser.new_context(locale="de-DE")
    try:
        pg = watched(ctx.new_page())
        pg.goto(f"{server.url}/t/{made['table_id']}")
        expect(pg.locator(".no-invite .notice")).to_contain_text("Diesem Link fehlt die Einladung")
        expect(pg.locator(".no-invite .notice")).to_contain_text("privater Tisch")
    finally:
        ctx.close()


def test_hot_seat_second_seat_is_ready_under_everyone_is_here(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=drecksau]")
    page.fill("#name", "Anna")
    page.check("#hotseat")
    page.click("#create")
    page.click("[data-here='1']")
    page.fill("#here-name", "Bert")
    page.click("#here-form button[type=submit]")
    page.wait_for_selector(".seat.mine[data-seat='1']")
    expect(page.locator(".waiting .ready-state")).to_have_text("Everyone is here. Start when you like!")
    bert = page.locator(".seat[data-seat='1'] .badges")
    expect(bert).to_contain_text("ready")
    expect(bert).not_to_contain_text("not ready")
    # The server agrees, so anyone else looking at the table sees Bert ready too.
    table_id = page.url.split("/t/")[1].split("?")[0]
    info = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=30).json()
    assert info["seats"][1]["ready"] is True


def test_play_now_by_keyboard_puts_the_focus_on_the_table(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.click(".game-tile[data-game=drecksau]")
    page.click("input[name=ruleset][value=drecksau]")
    page.fill("#name", "Anna")
    page.select_option("#seats", "2")
    page.select_option("#botlevel", "random")
    page.focus("#quick")
    page.keyboard.press("Enter")
    page.wait_for_selector(".game-layout .status-bar", timeout=15000)
    page.wait_for_function("() => document.activeElement && document.activeElement !== document.body",
                           timeout=15000)
    where = page.evaluate("""() => {
      const el = document.activeElement;
      return {inTable: !!el.closest('.game-layout'), inHand: !!el.closest('.hand'),
              status: el.classList.contains('status-bar')};
    }""")
    assert where["inTable"] and (where["inHand"] or where["status"]), where
    # The keyboard goes on from there: Tab moves to the next control, not to the top.
    page.keyboard.press("Tab")
    assert page.evaluate("() => !!document.activeElement.closest('.game-layout, #app')")
