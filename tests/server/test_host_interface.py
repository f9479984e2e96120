"""The server's satellites depend on :mod:`saustall.server.host`, not on the hub itself."""

from __future__ import annotations

import re
from pathlib import Path

import saustall.server

SERVER = Path(saustall.server.__file__).parent
HUB_USERS = {"tables.py", "app.py", "maintenance.py", "__main__.py", "__init__.py"}
"""The modules that make or serve a hub (and so know it as ``Hub``)."""


def test_satellites_name_the_host_interfaces_and_no_private_hub_method() -> None:
    found = []
    for path in sorted(SERVER.glob("*.py")):
        text = path.read_text()
        if path.name not in HUB_USERS and re.search(r"import .*\bHub\b", text):
            found.append(f"{path.name} imports Hub")
        found += [f"{path.name}: {call}" for call in re.findall(r"\bhub\._[a-z]\w*", text)]
    assert found == []
