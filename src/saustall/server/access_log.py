"""The server's log configuration: uvicorn's, with every query value left out of the log.

Invite links (``/t/<id>?invite=...``) and the page's record download
(``/api/tables/<id>/record?game=N&invite=...``) carry a working invite in the query
string, and a client may put anything there. uvicorn logs the path with its query in each
access line (logger ``uvicorn.access``) and each WebSocket handshake (``uvicorn.error``);
:class:`RedactQuery` rewrites those to keep the parameter names only
(``?game=***&invite=***``), so a log can be shared, shipped and kept without handing out
seats. Tokens travel in the ``Authorization`` header and WebSocket ``hello`` message,
which are never logged.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from uvicorn.config import LOGGING_CONFIG

REDACTED = "***"
REDACTED_LOGGERS = ("uvicorn.access", "uvicorn.error")


def redact_query(text: str) -> str:
    """``text`` with the value of every query parameter after its ``?`` replaced."""
    path, mark, query = text.partition("?")
    if not mark:
        return text
    parts = (part.partition("=")[0] + "=" + REDACTED if "=" in part else REDACTED
             for part in query.split("&"))
    return path + mark + "&".join(parts)


class RedactQuery(logging.Filter):
    """A logging filter: paths in a record's arguments lose their query values."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's path arguments in place; never drops a record."""
        if isinstance(record.args, tuple):
            record.args = tuple(redact_query(arg) if isinstance(arg, str) and _is_url(arg)
                                else arg for arg in record.args)
        return True


def _is_url(text: str) -> bool:
    """Whether a log argument is a request path with a query (what uvicorn logs)."""
    return text.startswith("/") and "?" in text


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`RedactQuery` on its loggers."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_query"] = {"()": f"{__name__}.RedactQuery"}
    for name in REDACTED_LOGGERS:
        config["loggers"].setdefault(name, {})["filters"] = ["redact_query"]
    return config
