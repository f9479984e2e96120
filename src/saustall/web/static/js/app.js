// Saustall web app: boot, routing between the lobby and a table, language switch, rules.
import { initLang, setLang, lang, onLangChange, applyStatic, t, addGameTexts } from "./i18n.js";
import { api } from "./net.js";
import { $, banner, modal } from "./ui.js";
import { html, render, element } from "./dom.js";
import { LobbyPage } from "./lobby.js";
import { TablePage } from "./table.js";
import { ReplayPage } from "./replay.js";
import { loadRenderers } from "./games/index.js";
import { rulesContent, questions, searchRules, ruleGames, passageElements, passageId } from "./rules.js";
import { soundOn, setSound } from "./sound.js";

const state = { catalogue: null, page: null, rulesGame: null };

export function navigate(path) {
  history.pushState({}, "", path);
  route();
}

/** The catalogue the server put in the page (a JSON data block: the first screen needs
 * it, so it comes with the page), read once; null if it is not there or not readable. */
function embeddedCatalogue() {
  const block = document.getElementById("saustall-catalogue");
  if (!block) return null;
  block.remove();
  try {
    const catalogue = JSON.parse(block.textContent);
    return catalogue && Array.isArray(catalogue.games) ? catalogue : null;
  } catch {
    return null;
  }
}

let catalogueLoading = null; // the load under way: a second caller waits for the same one

/** The catalogue, with every game's words merged and its renderer loaded. */
function loadCatalogue() {
  if (state.catalogue) return Promise.resolve(state.catalogue);
  catalogueLoading ||= (async () => {
    const catalogue = embeddedCatalogue() || await api("GET", "/api/games");
    for (const g of catalogue.games) addGameTexts(g.texts); // before anything is worded
    await loadRenderers(catalogue);
    state.catalogue = catalogue;
    return catalogue;
  })().finally(() => {
    catalogueLoading = null;
  });
  return catalogueLoading;
}

async function route() {
  if (state.page) state.page.destroy();
  state.page = null;
  const root = $("#app");
  render(root, html`<div class="loading">${t("common.loading")}</div>`);
  let catalogue;
  try {
    catalogue = await loadCatalogue();
    banner(null);
  } catch {
    render(root, html`<section class="panel unreachable"><h2>${t("net.unreachable.title")}</h2>
      <p>${t("net.unreachable.body")}</p><button type="button" id="retry">${t("common.retry")}</button></section>`);
    banner(t("net.unreachable.title"), "error");
    $("#retry").addEventListener("click", route);
    setTimeout(() => {
      if (!state.catalogue && $("#retry")) route();
    }, 4000);
    return;
  }
  const match = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  const replay = location.pathname.match(/^\/t\/([^/]+)\/replay\/?$/);
  const ctx = { catalogue, navigate, setRulesGame: (g) => (state.rulesGame = g) };
  state.rulesGame = null;
  if (replay) state.page = new ReplayPage(root, decodeURIComponent(replay[1]), ctx);
  else state.page = match ? new TablePage(root, decodeURIComponent(match[1]), ctx) : new LobbyPage(root, ctx);
}

/** The rules dialog: the rules of a game, its questions and answers, and a ranked search
 * over the rules text and the answers of every game (rules.js, search.js). A question found
 * shows open in the list; a rules passage found is a button that shows it in its game's
 * rules, scrolled to and marked. With `passage` (a decision id such as "D5") it opens at
 * that answer, marked, e.g. from the refusal of a move that breaks it. */
function showRules(game, passage = null) {
  const games = ruleGames();
  if (!games.length) return;
  let current = game && games.includes(game) ? game : games[0];
  const body = modal(t("nav.rules"), html`<div class="tabs" role="tablist">${games
    .map((g) => html`<button type="button" role="tab" class="tab" data-game="${g}">${t("game." + g)}</button>`)
    }</div>
    <div class="rules-search"><label for="rules-q">${t("rules.search")}</label>
      <input type="search" id="rules-q" autocomplete="off" placeholder="${t("rules.search.placeholder")}"></div>
    <p class="muted rules-count" id="rules-count" aria-live="polite"></p>
    <article class="rules-text"></article>
    <section class="rules-qa"></section>`, { wide: true, className: "rules-modal" });
  const search = body.querySelector("#rules-q");
  const where = (g, heading) => html`<span class="hit-where">${t("game." + g)}${heading ? ` · ${heading}` : ""}</span>`;
  const entry = (e, open, cited, g = null) => html`<details class="qa ${cited ? "cited" : ""}" id="qa-${e.id}" data-qa="${e.id}" ${open ? "open" : ""}>
      <summary><span class="qa-id">${e.id}</span> ${e.q}${g ? where(g, "") : ""}</summary><p>${e.a}</p></details>`;
  const hit = (h) => html`<li class="hit" data-passage="${h.kind === "qa" ? `qa-${h.id}` : h.id}">${h.kind === "qa"
    ? entry(h.entry, true, false, h.game)
    : html`<button type="button" class="hit-link" data-game="${h.game}" data-target="${h.id}">${where(h.game, h.heading)}
        <span class="hit-text">${h.text}</span></button>`}</li>`;
  const show = () => {
    const query = search.value.trim();
    for (const b of body.querySelectorAll(".tab")) b.setAttribute("aria-selected", String(!query && b.dataset.game === current));
    const text = body.querySelector(".rules-text");
    const list = body.querySelector(".rules-qa");
    const count = body.querySelector("#rules-count");
    if (!query) {
      text.hidden = false;
      count.textContent = "";
      render(text, rulesContent(current, lang()));
      passageElements(text).forEach((p, n) => (p.el.id = passageId(current, n)));
      render(list, html`<h3>${t("rules.qa")}</h3>${questions(current, lang()).map((e) => entry(e, e.id === passage, e.id === passage))}`);
      return;
    }
    // Searching ranks the rules passages and answers of every game, the current one ahead.
    text.hidden = true;
    const found = searchRules(lang(), query, current);
    count.textContent = found.length ? t("rules.found", { n: found.length }) : t("rules.none", { q: query });
    render(list, found.length ? html`<ol class="rules-results" aria-label="${t("rules.results")}">${found.map(hit)}</ol>` : "");
    list.querySelectorAll(".hit-link").forEach((b) => b.addEventListener("click", () => jump(b.dataset.game, b.dataset.target)));
  };
  // A rules passage found: its game's rules, scrolled to the passage, marked and focused.
  const jump = (g, id) => {
    current = g;
    passage = null;
    search.value = "";
    show();
    const el = body.querySelector(`#${CSS.escape(id)}`);
    if (!el) return;
    el.classList.add("hit-mark");
    if (el.previousElementSibling?.tagName === "DT") el.previousElementSibling.classList.add("hit-mark");
    el.tabIndex = -1;
    el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
  };
  body.querySelectorAll(".tab").forEach((b) => b.addEventListener("click", () => {
    current = b.dataset.game;
    passage = null;
    search.value = "";
    show();
  }));
  search.addEventListener("input", show);
  search.addEventListener("keydown", (ev) => { // down arrow or Enter: to the first result
    if (ev.key !== "ArrowDown" && ev.key !== "Enter") return;
    const first = body.querySelector(".rules-results .hit-link, .rules-results summary");
    if (!first) return;
    ev.preventDefault();
    first.focus();
  });
  show();
  if (passage) {
    const cited = body.querySelector(`#qa-${CSS.escape(passage)}`);
    if (cited) {
      cited.scrollIntoView({ block: "center" });
      cited.querySelector("summary").focus();
    }
  }
}

/** The header's sound switch: off by default, remembered on this device (see sound.js). */
function setUpSoundToggle() {
  const button = element(html`<button id="sound-btn" class="ghost sound-btn" type="button" aria-pressed="false">
    <span class="sound-icon" aria-hidden="true"></span><span class="sound-label"></span></button>`);
  $(".topbar-right").insertBefore(button, $("#rules-btn"));
  const show = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", String(on));
    button.classList.toggle("on", on);
    button.title = t(on ? "nav.sound.on" : "nav.sound.off");
    $(".sound-label", button).textContent = t("nav.sound");
  };
  button.addEventListener("click", () => {
    setSound(!soundOn());
    show();
  });
  onLangChange(show);
  show();
}

function boot() {
  initLang();
  applyStatic();
  const select = $("#lang-select");
  select.value = lang();
  select.addEventListener("change", () => setLang(select.value));
  onLangChange((code) => {
    select.value = code;
    if (state.page) state.page.render();
  });
  // The rules come from the games' renderers: a click before they are loaded waits for them
  // (it showed only the games loaded so far).
  $("#rules-btn").addEventListener("click", () => {
    loadCatalogue().then(() => showRules(state.rulesGame), () => showRules(state.rulesGame));
  });
  setUpSoundToggle();
  window.addEventListener("popstate", route);
  document.addEventListener("click", (ev) => {
    const a = ev.target.closest("a[data-nav]");
    if (a && !ev.ctrlKey && !ev.metaKey && !ev.shiftKey) {
      ev.preventDefault();
      navigate(a.getAttribute("href"));
    }
  });
  window.saustall = { showRules };
  route();
}

boot();
