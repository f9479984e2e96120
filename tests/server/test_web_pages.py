"""The server serves the web app's page at ``/`` and at invite links, when installed."""

from __future__ import annotations

from pathlib import Path

import httpx

from saustall.server.app import create_app


async def test_index_and_invite_links_serve_the_web_app(tmp_path: Path) -> None:
    static = tmp_path / "static"
    (static / "js").mkdir(parents=True)
    (static / "index.html").write_text("<!doctype html><title>Saustall</title>")
    (static / "js" / "app.js").write_text("export {};")
    app = create_app(f"sqlite+aiosqlite:///{tmp_path / 'w.db'}", static_dir=static)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        for path in ("/", "/t/abc123?invite=xyz"):
            page = await client.get(path)
            assert page.status_code == 200 and "<title>Saustall</title>" in page.text
        assert (await client.get("/static/js/app.js")).text == "export {};"
        assert (await client.get("/api/health")).json() == {"ok": True}


async def test_without_the_web_app_the_api_still_serves(tmp_path: Path) -> None:
    app = create_app(f"sqlite+aiosqlite:///{tmp_path / 'w.db'}", static_dir=tmp_path / "none")
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        assert (await client.get("/")).status_code == 404
        assert (await client.get("/api/games")).status_code == 200
