"""The web app's files, served small and cached for as long as they are the same.

Every file under ``web/static`` is read once, when the server starts, and compressed once
(gzip, level 9) where that makes it smaller; a browser that accepts gzip gets those bytes.
The files are served under a *versioned* prefix, ``/static/v/<version>/...``, where the
version is a digest of every file's path and content: a changed file changes the version,
so the versioned URLs can be cached for a year and never asked for again
(``Cache-Control: public, max-age=31536000, immutable``). One version for the whole tree
rather than one per file: the modules import each other by relative paths, which then
stay inside the same version without rewriting any file.

The page itself (``/`` and ``/t/<table>``) is built once from ``index.html``: its links
point at the versioned files, it names every module of the app's import graph (and the
game renderers the catalogue names) as ``modulepreload`` so the browser fetches them all
at once instead of discovering them import by import, carries the games' catalogue as a
JSON data block (the first screen needs it; one request fewer and no wait for it), and
has the icon inline. It is sent with ``Cache-Control: no-cache`` and an ETag, so the
browser asks each time and gets a 304 while nothing changed.

The unversioned ``/static/...`` paths still answer (``no-cache``, with ETags): links kept
from elsewhere, and an old page asking for a version that is gone gets today's file
without it being cached as immutable.

Files are read at start-up: a changed file is served after the server restarts.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from starlette.requests import Request
from starlette.responses import Response

from saustall.server.security import CONTENT_SECURITY_POLICY

IMMUTABLE = "public, max-age=31536000, immutable"
"""Cache-Control of a versioned file: its URL changes whenever its content does."""
REVALIDATE = "no-cache"
"""Cache-Control of the page and of unversioned files: kept, but asked about each time."""
COMPRESSIBLE = {"text/javascript", "text/css", "text/html", "image/svg+xml",
                "application/json", "text/plain"}
MIN_COMPRESS = 256
"""Files smaller than this (bytes) are sent as they are: gzip's header would eat the gain."""
ENTRY_MODULE = "js/app.js"
"""The app's entry module (its import graph is preloaded)."""
CATALOGUE_ID = "saustall-catalogue"
"""The id of the page's JSON data block holding the catalogue (read by ``app.js``)."""

_MEDIA_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
                ".svg": "image/svg+xml", ".html": "text/html", ".json": "application/json"}
# Static imports and re-exports of a module: `import ... from "./x.js"`, `import "./x.js"`,
# `export ... from "./x.js"`. Dynamic imports are named by the catalogue (renderers).
_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?(?:\bfrom\s*)?['"](\.{1,2}/[^'"]+)['"]""",
                     re.MULTILINE)


@dataclass(frozen=True)
class Asset:
    """One file as served: its bytes, gzipped bytes (if smaller), type and ETag."""

    body: bytes
    gzipped: bytes | None
    media_type: str
    etag: str


def media_type_of(path: str) -> str:
    """The Content-Type of a file by its name (text types with ``charset=utf-8``)."""
    suffix = Path(path).suffix.lower()
    kind = _MEDIA_TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"
    textual = kind.startswith("text/") or kind == "application/json"
    return f"{kind}; charset=utf-8" if textual else kind


def make_asset(body: bytes, media_type: str) -> Asset:
    """An :class:`Asset` of ``body``: compressed once (gzip 9, no timestamp) if worth it."""
    gzipped = None
    if media_type.split(";")[0] in COMPRESSIBLE and len(body) >= MIN_COMPRESS:
        packed = gzip.compress(body, compresslevel=9, mtime=0)
        gzipped = packed if len(packed) < len(body) else None
    return Asset(body, gzipped, media_type, f'"{hashlib.sha256(body).hexdigest()[:20]}"')


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header allows gzip (``gzip;q=0`` refuses it)."""
    for part in accept_encoding.split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() not in ("gzip", "*"):
            continue
        quality = params.strip().lower()
        if quality.startswith("q="):
            try:
                return float(quality[2:]) > 0
            except ValueError:
                return False
        return True
    return False


def asset_response(request: Request, asset: Asset, cache_control: str,
                   extra_headers: Mapping[str, str] | None = None) -> Response:
    """``asset`` for ``request``: 304 when its ETag matches ``If-None-Match``, else the
    gzipped bytes to a browser that takes them, else the bytes as they are."""
    headers = {"Cache-Control": cache_control, "ETag": asset.etag, "Vary": "Accept-Encoding",
               **(extra_headers or {})}
    matches = request.headers.get("if-none-match", "")
    if asset.etag in [tag.strip().removeprefix("W/") for tag in matches.split(",")]:
        return Response(status_code=304, headers=headers)
    body = asset.body
    if asset.gzipped is not None and accepts_gzip(request.headers.get("accept-encoding", "")):
        body = asset.gzipped
        headers["Content-Encoding"] = "gzip"
    if request.method == "HEAD":
        headers["Content-Length"] = str(len(body))
        return Response(status_code=200, headers=headers, media_type=asset.media_type)
    return Response(body, headers=headers, media_type=asset.media_type)


def module_imports(source: str) -> list[str]:
    """The relative module paths ``source`` imports statically (in order)."""
    return _IMPORT.findall(source)


class StaticAssets:
    """The files of ``root`` in memory, their version, and the app page built from them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files: dict[str, Asset] = {}
        digest = hashlib.sha256()
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            rel = path.relative_to(root).as_posix()
            body = path.read_bytes()
            digest.update(rel.encode() + b"\0" + hashlib.sha256(body).digest())
            self.files[rel] = make_asset(body, media_type_of(rel))
        self.version = digest.hexdigest()[:12]
        self.prefix = f"/static/v/{self.version}/"
        self._page: Asset | None = None
        self.import_map = json.dumps({"imports": {"/static/js/": f"{self.prefix}js/"}})
        """Maps the plain module paths onto this version's: a module imported by its
        plain path (``import('/static/js/i18n.js')`` from a console or a test) is the
        very instance the app runs, not a second copy."""
        digest_of_map = base64.b64encode(hashlib.sha256(self.import_map.encode()).digest())
        self.page_csp = CONTENT_SECURITY_POLICY.replace(
            "script-src 'self'", f"script-src 'self' 'sha256-{digest_of_map.decode()}'")
        """The page's Content-Security-Policy: the server's, letting this import map
        (inline, so allowed by its hash) and nothing else inline run."""

    def get(self, path: str) -> Asset | None:
        """The asset at ``path`` (relative to the root), or ``None``."""
        return self.files.get(path)

    def module_graph(self, entries: Iterable[str]) -> list[str]:
        """Every module reachable from ``entries`` by static imports (paths relative to
        the root, the entries first, then in the order found; missing files left out)."""
        found: list[str] = []
        todo = [entry for entry in entries if entry in self.files]
        while todo:
            current = todo.pop(0)
            if current in found:
                continue
            found.append(current)
            source = self.files[current].body.decode("utf-8", "replace")
            base = Path(current).parent
            for spec in module_imports(source):
                target = _normalise(base / spec)
                if target in self.files and target not in found:
                    todo.append(target)
        return found

    @property
    def built_page(self) -> Asset | None:
        """The app page if it is built already, else ``None``."""
        return self._page

    def page(self, catalogue: Callable[[], Mapping[str, Any]]) -> Asset:
        """The app page (built on first use from ``index.html`` and ``catalogue()``)."""
        if self._page is None:
            self._page = make_asset(self.build_page(catalogue()).encode(), media_type_of("x.html"))
        return self._page

    def build_page(self, catalogue: Mapping[str, Any]) -> str:
        """``index.html`` with versioned links, the icon inline, the module preloads and
        the catalogue as a JSON data block."""
        text = self.files["index.html"].body.decode()
        icon = self.files.get("favicon.svg")
        if icon is not None:
            inline = "data:image/svg+xml;base64," + base64.b64encode(icon.body).decode()
            text = text.replace('"/static/favicon.svg"', f'"{inline}"')
        text = text.replace('"/static/', f'"{self.prefix}')
        # The import map first: it must be known before any module is fetched.
        text = text.replace("<meta charset=\"utf-8\">", "<meta charset=\"utf-8\">\n  <script type="
                            f'"importmap" id="saustall-importmap">{self.import_map}</script>', 1)
        renderers = [f"js/games/{game['renderer']}.js" for game in catalogue.get("games", [])
                     if isinstance(game.get("renderer"), str) and game["renderer"]]
        modules = [m for m in self.module_graph([ENTRY_MODULE, *renderers]) if m != ENTRY_MODULE]
        preloads = "".join(f'\n  <link rel="modulepreload" href="{html.escape(self.prefix + m)}">'
                           for m in modules)
        # JSON in HTML: "<" escaped so no text in it can end the data block.
        data = json.dumps(catalogue, ensure_ascii=False, separators=(",", ":"))
        data = data.replace("<", "\\u003c")
        block = f'\n  <script type="application/json" id="{CATALOGUE_ID}">{data}</script>'
        return text.replace("\n</head>", f"{preloads}{block}\n</head>", 1)


def _normalise(path: Path) -> str:
    """``a/b/../c.js`` → ``a/c.js`` (without touching the file system)."""
    parts: list[str] = []
    for part in path.as_posix().split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if parts:
                parts.pop()
            continue
        parts.append(part)
    return "/".join(parts)


__all__ = ["Asset", "CATALOGUE_ID", "ENTRY_MODULE", "IMMUTABLE", "REVALIDATE", "StaticAssets",
           "accepts_gzip", "asset_response", "make_asset", "media_type_of", "module_imports"]
