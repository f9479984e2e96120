// Small UI helpers shared by every page: elements, toasts, the banner, modals.
import { t } from "./i18n.js";
import { html, element } from "./dom.js";

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

/** Open a modal dialog showing `body` (see dom.js); returns its body element.
 * Closing calls `onClose`. */
export function modal(title, body, { onClose, wide = false, className = "" } = {}) {
  closeModal();
  const root = $("#modal-root");
  const el = element(html`<div class="modal-backdrop ${className}">
      <div class="modal ${wide ? "wide" : ""}" role="dialog" aria-modal="true" aria-label="${title}">
        <div class="modal-head"><h2>${title}</h2>
          <button type="button" class="ghost close" aria-label="${t("common.close")}">✕</button></div>
        <div class="modal-body">${body}</div>
      </div></div>`);
  root.appendChild(el);
  const close = () => {
    if (openModal !== el) return;
    openModal = null;
    el.remove();
    if (onClose) onClose();
  };
  el._close = close;
  $(".close", el).addEventListener("click", close);
  el.addEventListener("click", (ev) => {
    if (ev.target === el) close();
  });
  openModal = el;
  return $(".modal-body", el);
}

export function closeModal() {
  if (openModal) openModal._close();
}

export function modalOpen() {
  return openModal !== null;
}

document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && openModal) closeModal();
});
