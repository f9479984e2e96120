// Accessibility helpers shared by every page: the live announcer, keeping keyboard focus
// across redraws, and roving tabindex (one Tab stop per group, arrow keys inside it).
//
// The page redraws whole regions (see dom.js: render replaces children), which would drop
// the focused button and send a keyboard user back to the top of the page. So a redraw
// notes what had focus (captureFocus) and puts it back on the same control, or the
// nearest one of its group, afterwards (restoreFocus).

// Besides an id, the attributes that tell one control from another across redraws (the
// element is new): its data-* attributes, and a field's name and value or a link's target.
const KEY_ATTRS = ["name", "value", "href"];
const FOCUSABLE = "button, a[href], input, select, textarea, summary, [tabindex]";
// How many past announcements stay in the live region (older ones are removed silently).
const ANNOUNCE_KEEP = 3;

let announcer = null;
let keyboardLast = false;

// Whether the player is using the keyboard (a key came after the last pointer press):
// only then does the page move the focus on by itself (a pointer needs no help, and the
// page must not scroll under a finger).
document.addEventListener("keydown", () => (keyboardLast = true), true);
document.addEventListener("pointerdown", () => (keyboardLast = false), true);

/** True if the last thing the player did was press a key (not click or tap). */
export function usingKeyboard() {
  return keyboardLast;
}

function announcerEl() {
  if (announcer && announcer.isConnected) return announcer;
  announcer = document.createElement("div");
  announcer.id = "announcer";
  announcer.className = "sr-only";
  announcer.setAttribute("role", "log");
  announcer.setAttribute("aria-live", "polite");
  announcer.setAttribute("aria-relevant", "additions");
  document.body.appendChild(announcer);
  return announcer;
}

/** Tell screen-reader users `text` politely: one short line per call, queued, never
 * interrupting. Empty text is ignored. */
export function announce(text) {
  const line = String(text || "").replace(/\s+/g, " ").trim();
  if (!line) return;
  const box = announcerEl();
  const p = document.createElement("p");
  p.textContent = line;
  box.appendChild(p);
  while (box.children.length > ANNOUNCE_KEEP) box.firstElementChild.remove();
}

// The live region exists from the start: screen readers only announce changes to regions
// they already know.
if (document.body) announcerEl();
else document.addEventListener("DOMContentLoaded", announcerEl);

/** The plain text of some dom.js content (a template, text or nodes). */
export function textOf(node) {
  return node ? String(node.textContent ?? node).replace(/\s+/g, " ").trim() : "";
}

function keyOf(el) {
  if (el.id) return `${el.tagName}#${el.id}`;
  const data = [...el.attributes].filter((a) => a.name.startsWith("data-") && !a.name.startsWith("data-roving"))
    .map((a) => `${a.name}=${a.value}`).sort();
  return `${el.tagName}|${KEY_ATTRS.map((a) => el.getAttribute(a) ?? "").join("|")}|${data.join("|")}`;
}

function visible(el) {
  return el.isConnected && !el.closest("[hidden], [inert]") && el.getClientRects().length > 0;
}

/** Where the keyboard focus is inside `root`, in terms that survive a redraw (or null). */
export function captureFocus(root) {
  const el = document.activeElement;
  if (!el || el === document.body || !root.contains(el)) return null;
  const group = el.closest("[data-roving]");
  const items = group ? rovingItems(group) : [];
  return {
    el,
    key: keyOf(el),
    group: group ? group.dataset.roving : null,
    index: Math.max(0, items.indexOf(el)),
  };
}

/** The current Tab stop of the roving group named `name` inside `root` (or null). */
export function groupStop(root, name) {
  const group = root.querySelector(`[data-roving="${name}"]`);
  if (!group) return null;
  const items = rovingItems(group);
  return items.find((i) => i.tabIndex === 0) || items[0] || null;
}

/** After a redraw: put the focus back where `saved` (from captureFocus) says, unless it
 * is still there. Tries the same control, then the same place in its group, then the
 * group marked data-focus-fallback (e.g. the player's hand). */
export function restoreFocus(root, saved) {
  if (!saved) return;
  const now = document.activeElement;
  if (now && now !== document.body && now.isConnected) return; // focus survived (or moved on purpose)
  focusFirst(root, [
    () => [...root.querySelectorAll(FOCUSABLE)].find((e) => keyOf(e) === saved.key && visible(e)),
    () => {
      const group = saved.group && root.querySelector(`[data-roving="${saved.group}"]`);
      if (!group) return null;
      const items = rovingItems(group);
      return items[Math.min(saved.index, items.length - 1)] || null;
    },
    () => {
      const fallback = root.querySelector("[data-focus-fallback]");
      return fallback && (fallback.dataset.roving ? groupStop(root, fallback.dataset.roving) : fallback);
    },
  ]);
}

/** Focus the first element one of `finders` returns. */
export function focusFirst(root, finders) {
  for (const find of finders) {
    const el = find();
    if (el && visible(el) && !el.disabled) {
      el.focus({ preventScroll: false });
      if (document.activeElement === el) return true;
    }
  }
  return false;
}

function rovingItems(group) {
  return [...group.querySelectorAll(group.dataset.rovingItems || "button")].filter(
    (e) => !e.disabled && e.closest("[data-roving]") === group && !e.hidden);
}

const NEXT_KEYS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Make `group` one Tab stop whose items (matching `items`) are reached with the arrow keys
 * (Home/End jump to the ends). `name` identifies the group across redraws; the Tab stop
 * is the item `current` picks (default: the first). With `select`, moving also clicks
 * the item (radio buttons: the choice follows the focus).
 */
export function roving(group, name, items = "button", { current = null, select = false } = {}) {
  if (!group) return;
  group.dataset.roving = name;
  group.dataset.rovingItems = items;
  const list = rovingItems(group);
  if (!list.length) return;
  const stop = (current && list.find(current)) || list[0];
  for (const el of list) el.tabIndex = el === stop ? 0 : -1;
  group.addEventListener("focusin", (ev) => {
    const all = rovingItems(group);
    if (!all.includes(ev.target)) return;
    for (const el of all) el.tabIndex = el === ev.target ? 0 : -1;
  });
  group.addEventListener("keydown", (ev) => {
    const all = rovingItems(group);
    const at = all.indexOf(document.activeElement);
    if (at < 0 || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    let to = null;
    if (ev.key in NEXT_KEYS) to = (at + NEXT_KEYS[ev.key] + all.length) % all.length;
    else if (ev.key === "Home") to = 0;
    else if (ev.key === "End") to = all.length - 1;
    if (to === null) return;
    ev.preventDefault();
    const target = all[to];
    target.focus();
    if (select) target.click();
  });
}
