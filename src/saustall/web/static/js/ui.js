// Small UI helpers shared by every page: elements, toasts, the banner, modals.
import { t } from "./i18n.js";
import { html, element } from "./dom.js";
import { captureFocus, restoreFocus } from "./a11y.js";

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

/** Show a short message; kind is "info", "ok", "warn" or "error". */
export function toast(title, detail = "", kind = "info", ms = 4200) {
  const box = $("#toasts");
  const el = element(html`<div class="toast ${kind}" role="alert"><strong>${title}</strong>${
    detail ? html`<span>${detail}</span>` : ""}</div>`);
  box.appendChild(el);
  while (box.children.length > 4) box.firstElementChild.remove();
  setTimeout(() => el.classList.add("leaving"), ms);
  setTimeout(() => el.remove(), ms + 400);
  el.addEventListener("click", () => el.remove());
  return el;
}

/** The persistent banner under the top bar (connection trouble). Pass null to hide. */
export function banner(text, kind = "warn", action = null) {
  const el = $("#banner");
  if (!text) {
    el.hidden = true;
    el.replaceChildren();
    return;
  }
  el.hidden = false;
  el.className = `banner ${kind}`;
  el.replaceChildren(element(html`<span>${text}</span>`));
  if (action) {
    const b = element(html`<button type="button" class="small">${action.label}</button>`);
    b.addEventListener("click", action.run);
    el.appendChild(b);
  }
}

let openModal = null;

const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea, summary, [tabindex]:not([tabindex='-1'])";

/** The controls of a dialog a keyboard can reach, in Tab order. */
function tabbable(el) {
  return [...el.querySelectorAll(FOCUSABLE)].filter((e) => e.getClientRects().length > 0 && !e.closest("[hidden]"));
}

/** Open a modal dialog showing `body` (see dom.js); returns its body element.
 * The dialog takes the keyboard focus (Tab stays inside it) and gives it back to where
 * it was when it closes (Escape, the close button or a click outside). Closing calls `onClose`. */
export function modal(title, body, { onClose, wide = false, className = "" } = {}) {
  const opener = openModal ? openModal._opener : captureFocus(document.body);
  closeModal({ restore: false });
  const root = $("#modal-root");
  const el = element(html`<div class="modal-backdrop ${className}">
      <div class="modal ${wide ? "wide" : ""}" role="dialog" aria-modal="true" aria-label="${title}">
        <div class="modal-head"><h2>${title}</h2>
          <button type="button" class="ghost close" aria-label="${t("common.close")}">✕</button></div>
        <div class="modal-body">${body}</div>
      </div></div>`);
  root.appendChild(el);
  const close = ({ restore = true } = {}) => {
    if (openModal !== el) return;
    openModal = null;
    el.remove();
    if (restore && opener) {
      if (opener.el.isConnected) opener.el.focus();
      else restoreFocus(document.body, opener);
    }
    if (onClose) onClose();
  };
  el._close = close;
  el._opener = opener;
  $(".close", el).addEventListener("click", close);
  el.addEventListener("click", (ev) => {
    if (ev.target === el) close();
  });
  openModal = el;
  const dialog = $(".modal", el);
  dialog.tabIndex = -1;
  dialog.addEventListener("keydown", (ev) => {
    if (ev.key !== "Tab") return;
    const stops = tabbable(dialog);
    if (!stops.length) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (ev.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
      ev.preventDefault();
      last.focus();
    } else if (!ev.shiftKey && document.activeElement === last) {
      ev.preventDefault();
      first.focus();
    }
  });
  // The first control of the body (a tab, a button), else the dialog itself.
  const start = tabbable($(".modal-body", el))[0];
  (start || dialog).focus();
  return $(".modal-body", el);
}

/** Close the open dialog (if any); the focus goes back unless `restore` is false. */
export function closeModal({ restore = true } = {}) {
  if (openModal) openModal._close({ restore });
}

export function modalOpen() {
  return openModal !== null;
}

document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && openModal) closeModal();
});
