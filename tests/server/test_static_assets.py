"""The web app's files go out compressed and, once versioned, are cached for good; the page
itself is revalidated, preloads every module and carries the catalogue (issue 28)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx

from saustall.server.app import STATIC_DIR
from saustall.server.assets import StaticAssets, accepts_gzip, module_imports
from tests.server.conftest import LiveServer

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
IDENTITY = {"Accept-Encoding": "identity"}


def versioned_prefix(page: str) -> str:
    """The versioned prefix the page's stylesheet link uses."""
    found = re.search(r'href="(/static/v/[0-9a-f]+/)css/app\.css"', page)
    assert found, "the page links no versioned stylesheet"
    return found.group(1)


async def test_files_go_gzipped_to_browsers_that_take_it(http: httpx.AsyncClient) -> None:
    prefix = versioned_prefix((await http.get("/")).text)
    source = (STATIC_DIR / "js" / "table.js").read_bytes()
    packed = await http.get(prefix + "js/table.js", headers=GZIP)
    assert packed.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in packed.headers["vary"].lower()
    assert packed.content == source  # (httpx unpacks it)
    assert int(packed.headers["content-length"]) < len(source) / 2
    plain = await http.get(prefix + "js/table.js", headers=IDENTITY)
    assert "content-encoding" not in plain.headers
    assert plain.content == source
    css = await http.get(prefix + "css/app.css", headers=GZIP)
    assert css.headers["content-encoding"] == "gzip"
    assert css.headers["content-type"].startswith("text/css")
    page = await http.get("/", headers=GZIP)
    assert page.headers["content-encoding"] == "gzip"


async def test_json_answers_are_gzipped(http: httpx.AsyncClient) -> None:
    games = await http.get("/api/games", headers=GZIP)
    assert games.status_code == 200 and games.headers["content-encoding"] == "gzip"
    assert games.json()["games"]
    assert "content-encoding" not in (await http.get("/api/games", headers=IDENTITY)).headers


async def test_versioned_files_are_cached_for_good_and_the_page_revalidates(
        http: httpx.AsyncClient) -> None:
    page = await http.get("/")
    assert page.headers["cache-control"] == "no-cache"
    etag = page.headers["etag"]
    again = await http.get("/", headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.content
    assert (await http.get("/t/abc123")).headers["etag"] == etag  # table links: the same page
    prefix = versioned_prefix(page.text)
    js = await http.get(prefix + "js/app.js")
    assert js.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert js.headers["content-type"].startswith("text/javascript")
    # The plain path and an old version's path are revalidated: not cached as immutable.
    plain = await http.get("/static/js/app.js")
    assert plain.headers["cache-control"] == "no-cache" and plain.content == js.content
    assert (await http.get("/static/js/app.js", headers={"If-None-Match": plain.headers["etag"]})
            ).status_code == 304
    old = await http.get("/static/v/000000000000/js/app.js")
    assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"
    assert (await http.get(prefix + "js/nothing.js")).status_code == 404
    assert (await http.get(prefix + "../../../pyproject.toml")).status_code == 404
    head = await http.head(prefix + "js/app.js", headers=IDENTITY)
    assert head.status_code == 200 and not head.content
    assert int(head.headers["content-length"]) == len(js.content)


async def test_the_page_names_every_file_it_needs_at_once(http: httpx.AsyncClient) -> None:
    page = (await http.get("/")).text
    prefix = versioned_prefix(page)
    outside_map = re.sub(r'<script type="importmap".*?</script>', "", page, flags=re.S)
    assert '"/static/' not in outside_map.replace(prefix, "")  # every link versioned
    preloaded = set(re.findall(r'<link rel="modulepreload" href="' + re.escape(prefix)
                               + r'([^"]+)"', page))
    # Every module app.js reaches by its imports, and each game's renderer with its own.
    wanted: set[str] = set()
    todo = ["js/app.js", "js/games/drecksau.js", "js/games/saukopf.js", "js/games/pigasus.js"]
    while todo:
        current = todo.pop()
        if current in wanted:
            continue
        wanted.add(current)
        for spec in module_imports((STATIC_DIR / current).read_text()):
            todo.append(_join(current, spec))
    assert wanted - {"js/app.js"} <= preloaded, wanted - preloaded
    assert len(wanted) > 25
    for module in preloaded:
        assert (await http.get(prefix + module)).status_code == 200, module
    # The catalogue comes with the page: the very answer of /api/games.
    block = re.search(r'<script type="application/json" id="saustall-catalogue">(.*?)</script>',
                      page, re.S)
    assert block and json.loads(block.group(1)) == (await http.get("/api/games")).json()
    # The import map sends plain module paths to this version's files.
    imports = re.search(r'<script type="importmap"[^>]*>(.*?)</script>', page, re.S)
    assert imports and json.loads(imports.group(1)) == {"imports": {"/static/js/": prefix + "js/"}}


def _join(current: str, spec: str) -> str:
    parts = current.split("/")[:-1]
    for bit in spec.split("/"):
        if bit == "..":
            parts.pop()
        elif bit != ".":
            parts.append(bit)
    return "/".join(parts)


def test_the_version_changes_with_any_file(tmp_path: Path) -> None:
    static = tmp_path / "static"
    (static / "js").mkdir(parents=True)
    (static / "index.html").write_text("<html><head>\n</head></html>")
    (static / "js" / "app.js").write_text('import { a } from "./a.js";\nexport {};')
    (static / "js" / "a.js").write_text("export const a = 1;")
    first = StaticAssets(static)
    assert StaticAssets(static).version == first.version
    (static / "js" / "a.js").write_text("export const a = 2;")
    assert StaticAssets(static).version != first.version
    assert first.module_graph(["js/app.js"]) == ["js/app.js", "js/a.js"]


def test_catalogue_text_cannot_end_its_data_block(tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<html><head>\n</head><body></body></html>")
    page = StaticAssets(static).build_page({"games": [], "x": "</script><script>alert(1)"})
    assert "</script><script>alert" not in page
    block = re.search(r'id="saustall-catalogue">(.*?)</script>', page, re.S)
    assert block and json.loads(block.group(1))["x"] == "</script><script>alert(1)"


def test_accept_encoding_is_read_as_browsers_write_it() -> None:
    assert accepts_gzip("gzip, deflate, br, zstd")
    assert accepts_gzip("br;q=1.0, gzip;q=0.8")
    assert accepts_gzip("*")
    assert not accepts_gzip("")
    assert not accepts_gzip("identity")
    assert not accepts_gzip("gzip;q=0")
    assert not accepts_gzip("br")


async def test_sizes_on_the_wire(server: LiveServer, http: httpx.AsyncClient) -> None:
    """All the app's text files together, gzipped, are under 40% of their size."""
    prefix = versioned_prefix((await http.get("/")).text)
    raw = packed = 0
    for path in sorted(STATIC_DIR.rglob("*")):
        if path.suffix not in (".js", ".css", ".svg"):
            continue
        rel = path.relative_to(STATIC_DIR).as_posix()
        answer = await http.get(prefix + rel, headers=GZIP)
        raw += len(answer.content)
        packed += int(answer.headers["content-length"])
        assert answer.content == path.read_bytes()
    assert packed < 0.4 * raw, (packed, raw)
