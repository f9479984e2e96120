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


MIN_TARGET = 44
"""The least width and height of a control on a touch phone, in CSS px (WCAG 2.5.5)."""

# Every axe-core rule (best practices too), every impact: the list of what it finds.
ALL_AXE_JS = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} -- `
    + v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join('; '));
}"""

# Controls a finger must hit, smaller than 44x44 px (radio buttons and check boxes count by
# their labels; a word explained inline in a sentence is not a control of its own).
SMALL_TARGETS_JS = """(least) => {
  const controls = document.querySelectorAll('button, a[href], select, summary, label.check, label.ruleset, '
    + 'input:not([type=radio]):not([type=checkbox]):not([type=hidden])');
  const small = [];
  for (const el of controls) {
    if (el.closest('.sr-only, [hidden], [aria-hidden=true], details.sk-term')) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (box.width < least || box.height < least) {
      small.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${String(el.className).split(' ')[0]}`
        + ` "${(el.textContent || el.value || '').trim().slice(0, 20)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}"""

ANIMATIONS_DONE_JS = """() => document.getAnimations().every((a) =>
  a.playState !== 'running' || a.effect.getComputedTiming().iterations === Infinity)"""


def check_screen(page: Any, where: str, phone: bool) -> None:
    """The page as it is now: axe-core finds no violation of any rule (best practices too,
    every impact), and on a ``phone`` no control is under :data:`MIN_TARGET` px."""
    page.wait_for_function(ANIMATIONS_DONE_JS, timeout=5000)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(url=AXE_PATH)
        page.wait_for_function("() => typeof window.axe !== 'undefined'")
    found = page.evaluate(ALL_AXE_JS)
    assert not found, f"{where}: axe-core: " + "\n".join(found)
    if phone:
        small = page.evaluate(SMALL_TARGETS_JS, MIN_TARGET)
        assert not small, f"{where}: targets under {MIN_TARGET} px: {small}"
