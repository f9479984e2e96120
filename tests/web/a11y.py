"""Accessibility checks for browser tests: axe-core run inside the page under test.

axe-core is vendored in ``tests/web/vendor`` (MPL-2.0, see the README there); the app never
loads it. It is served to the page from the page's own origin through a Playwright route,
so the server's strict Content-Security-Policy (scripts from 'self' only) stays on while
the page is checked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE_FILE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
AXE_PATH = "/__test-tools__/axe.min.js"
# The standard the issue sets: WCAG 2.1 A and AA.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = ("serious", "critical")

RUN_AXE_JS = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({target: n.target.join(' '), summary: n.failureSummary})),
  }));
}"""


def serve_axe(page: Any) -> None:
    """Let ``page`` load axe-core from its own origin (call before the checks)."""
    body = AXE_FILE.read_bytes()
    page.route(f"**{AXE_PATH}", lambda route: route.fulfill(
        status=200, body=body, headers={"Content-Type": "text/javascript; charset=utf-8"}))


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """The WCAG 2.1 A/AA violations axe-core finds in the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(url=AXE_PATH)
        page.wait_for_function("typeof window.axe !== 'undefined'")
    return list(page.evaluate(RUN_AXE_JS, AXE_TAGS))


def serious_violations(page: Any) -> list[str]:
    """The serious and critical violations, one readable line each (empty: none)."""
    found = []
    for violation in axe_violations(page):
        if violation["impact"] in BLOCKING:
            where = "; ".join(f"{n['target']}: {n['summary']}" for n in violation["nodes"])
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} -- {where}")
    return found
