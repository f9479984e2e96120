"""Every HTTP answer carries the security headers: a strict Content-Security-Policy, no
MIME sniffing, no framing, and no Referer that could leak an invite link."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import httpx

from saustall.server.app import create_app
from tests.server.conftest import LiveServer

EXPECTED = {
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; "
        "form-action 'self'"),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


def assert_secured(response: httpx.Response) -> None:
    """The response has every security header with exactly the expected value."""
    for name, value in EXPECTED.items():
        assert response.headers.get_list(name) == [value], (response.request.url, name)


async def test_pages_scripts_api_and_errors_carry_the_headers(
        server: LiveServer, http: httpx.AsyncClient) -> None:
    answers = {
        "/": await http.get("/"),
        "/t/abc?invite=x": await http.get("/t/abc?invite=x"),
        "/static/js/app.js": await http.get("/static/js/app.js"),
        "/api/tables": await http.get("/api/tables"),
        "/nothing-here": await http.get("/nothing-here"),
        "/static/nothing.js": await http.get("/static/nothing.js"),
        "/api/tables/missing": await http.get("/api/tables/missing"),
        "bad JSON": await http.post("/api/tables", content=b"{"),
    }
    statuses = {what: r.status_code for what, r in answers.items()}
    assert statuses == {"/": 200, "/t/abc?invite=x": 200, "/static/js/app.js": 200,
                        "/api/tables": 200, "/nothing-here": 404, "/static/nothing.js": 404,
                        "/api/tables/missing": 404, "bad JSON": 400}
    assert answers["/static/js/app.js"].headers["content-type"].startswith("text/javascript")
    for what, response in answers.items():
        if what.startswith(("/t/", "/")) and not what.startswith(("/static", "/api", "/nothing")):
            assert_page_secured(response)
        else:
            assert_secured(response)


def assert_page_secured(response: httpx.Response) -> None:
    """The app page's policy is the same, but for one inline script it may run: its own
    import map, by the hash of exactly its text (nothing else inline, no 'unsafe-inline')."""
    found = re.search(r'<script type="importmap"[^>]*>(.*?)</script>', response.text, re.S)
    assert found, "the page has no import map"
    digest = base64.b64encode(hashlib.sha256(found.group(1).encode()).digest()).decode()
    policy = EXPECTED["content-security-policy"].replace(
        "script-src 'self'", f"script-src 'self' 'sha256-{digest}'")
    assert response.headers.get_list("content-security-policy") == [policy]
    for name, value in EXPECTED.items():
        if name != "content-security-policy":
            assert response.headers.get_list(name) == [value], (response.request.url, name)


async def test_a_crash_answer_carries_the_headers_too(tmp_path: Path) -> None:
    app = create_app(f"sqlite+aiosqlite:///{tmp_path / 'w.db'}", static_dir=None)

    @app.get("/api/crash")
    async def crash() -> None:
        raise RuntimeError("boom")

    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        response = await client.get("/api/crash")
    assert response.status_code == 500
    assert_secured(response)

