// The three languages of the UI. The page's own strings live in lang/<code>.js; each
// game's words come from its package with the catalogue (`texts`, addGameTexts). English
// is the fallback.
import en from "./lang/en.js";
import de from "./lang/de.js";
import fr from "./lang/fr.js";

export const LANGS = { en, de, fr };
/** The games' words by language, merged from the catalogue (see addGameTexts). */
export const GAME_TEXTS = { en: {}, de: {}, fr: {} };
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

/** Add a game's words, `{language: {key: text}}` as the catalogue sends them, to the
 * lookup. The page's own strings win over a game's, and the first game to give a key
 * keeps it, so no package can reword the shell or another game. */
export function addGameTexts(texts) {
  for (const [code, table] of Object.entries(texts || {})) {
    if (!GAME_TEXTS[code] || !table || typeof table !== "object") continue;
    for (const [key, text] of Object.entries(table)) {
      if (typeof text === "string" && !Object.hasOwn(GAME_TEXTS[code], key)) GAME_TEXTS[code][key] = text;
    }
  }
}

function lookup(key, params) {
  // Plural forms live under "<key>.<category>" (Intl.PluralRules: one, few, many, other);
  // the plain key serves every category without a form of its own (usually it is the
  // plural, and ".one" the singular). Each language picks by its own rules: French says
  // "0 carte", English "0 cards". Order: the page's string in its language, the game's
  // in that language, then the same two in English.
  const n = countOf(params);
  for (const code of current === "en" ? ["en"] : [current, "en"]) {
    for (const table of [LANGS[code], GAME_TEXTS[code]]) {
      if (n !== null) {
        const form = table[`${key}.${pluralOf(code, n)}`];
        if (form !== undefined) return form;
      }
      if (Object.hasOwn(table, key)) return table[key];
    }
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

/** True if `key` has a text in the page's language or in English, the page's own or a
 * game's (so callers can fall back to server text). */
export function has(key) {
  return [current, "en"].some((code) => Object.hasOwn(LANGS[code], key) || Object.hasOwn(GAME_TEXTS[code], key));
}

/** Fill every [data-i18n] element of the static page. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
