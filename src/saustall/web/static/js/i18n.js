// The three languages of the UI. Strings live in lang/<code>.js; English is the fallback.
import en from "./lang/en.js";
import de from "./lang/de.js";
import fr from "./lang/fr.js";

export const LANGS = { en, de, fr };
const KEY = "saustall.lang";
let current = "en";
const listeners = [];

function pickInitial() {
  const saved = localStorage.getItem(KEY);
  if (saved && LANGS[saved]) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (LANGS[code]) return code;
  }
  return "en";
}

export function initLang() {
  current = pickInitial();
  document.documentElement.lang = current;
  return current;
}

export function lang() {
  return current;
}

export function setLang(code) {
  if (!LANGS[code] || code === current) return;
  current = code;
  localStorage.setItem(KEY, code);
  document.documentElement.lang = code;
  applyStatic();
  for (const fn of listeners) fn(code);
}

export function onLangChange(fn) {
  listeners.push(fn);
}

const pluralRules = {};
function pluralOf(code, n) {
  pluralRules[code] ||= new Intl.PluralRules(code);
  return pluralRules[code].select(n);
}

/** The count that picks a plural form: `n`, or `count` where `n` means something else. */
function countOf(params) {
  const n = params.count !== undefined ? params.count : params.n;
  return n === undefined || n === null || n === "" || Number.isNaN(Number(n)) ? null : Number(n);
}

function lookup(key, params) {
  // Plural forms live under "<key>.<category>" (Intl.PluralRules: one, few, many, other);
  // the plain key serves every category without a form of its own (usually it is the
  // plural, and ".one" the singular). Each language picks by its own rules: French says
  // "0 carte", English "0 cards".
  const n = countOf(params);
  for (const code of current === "en" ? ["en"] : [current, "en"]) {
    const table = LANGS[code];
    if (n !== null) {
      const form = table[`${key}.${pluralOf(code, n)}`];
      if (form !== undefined) return form;
    }
    if (table[key] !== undefined) return table[key];
  }
  return key;
}

/** Names (or other words) as one list in the current language: "Anna, Ben and Cleo",
 * "Anna, Ben und Cleo", "Anna, Ben et Cleo". */
export function listOf(items) {
  const words = items.map(String);
  if (typeof Intl.ListFormat !== "function") return words.join(", ");
  return new Intl.ListFormat(current, { style: "long", type: "conjunction" }).format(words);
}

/** Translate `key` to plain text, filling {name} placeholders from `params` (a count in
 * `n`). Filled-in values are never read again, so a name like "{n}" stays as it is. */
export function t(key, params = {}) {
  return lookup(key, params).replace(/\{(\w+)\}/g, (m, name) => (params[name] !== undefined ? String(params[name]) : m));
}

/** Translate `key` into parts for dom.js: the text with each {name} placeholder replaced
 * by its value as it is (text, or a template such as html`<b>${name}</b>`). */
export function tParts(key, params = {}) {
  return lookup(key, params).split(/\{(\w+)\}/).map((part, i) =>
    i % 2 === 0 ? part : params[part] !== undefined ? params[part] : `{${part}}`);
}

/** True if `key` exists in English (so callers can fall back to server text). */
export function has(key) {
  return en[key] !== undefined;
}

/** Fill every [data-i18n] element of the static page. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
