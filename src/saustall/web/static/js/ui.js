// Small UI helpers shared by every page: elements, toasts, the banner, modals.
import { t, escapeHtml } from "./i18n.js";

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

/** Build an element from an HTML string (one root element). */
export function html(markup) {
  const tpl = document.createElement("template");
  tpl.innerHTML = markup.trim();
  return tpl.content.firstElementChild;
}

/** Show a short message; kind is "info", "ok", "warn" or "error". */
export function toast(title, detail = "", kind = "info", ms = 4200) {
  const box = $("#toasts");
  const el = html(`<div class="toast ${kind}" role="alert"><strong>${escapeHtml(title)}</strong>${
    detail ? `<span>${escapeHtml(detail)}</span>` : ""}</div>`);
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
    el.innerHTML = "";
    return;
  }
  el.hidden = false;
  el.className = `banner ${kind}`;
  el.innerHTML = `<span>${escapeHtml(text)}</span>`;
  if (action) {
    const b = html(`<button type="button" class="small">${escapeHtml(action.label)}</button>`);
    b.addEventListener("click", action.run);
    el.appendChild(b);
  }
}

let openModal = null;

/** Open a modal dialog; returns its body element. Closing calls `onClose`. */
export function modal(title, bodyHtml, { onClose, wide = false, className = "" } = {}) {
  closeModal();
  const root = $("#modal-root");
  const el = html(`<div class="modal-backdrop ${className}">
      <div class="modal ${wide ? "wide" : ""}" role="dialog" aria-modal="true" aria-label="${escapeHtml(title)}">
        <div class="modal-head"><h2>${escapeHtml(title)}</h2>
          <button type="button" class="ghost close" aria-label="${escapeHtml(t("common.close"))}">✕</button></div>
        <div class="modal-body">${bodyHtml}</div>
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
