// Saustall web app: boot, routing between the lobby and a table, language switch, rules.
import { initLang, setLang, lang, onLangChange, applyStatic, t } from "./i18n.js";
import { api } from "./net.js";
import { $, banner, modal } from "./ui.js";
import { html, render, element } from "./dom.js";
import { LobbyPage } from "./lobby.js";
import { TablePage } from "./table.js";
import { rulesContent, RULE_GAMES } from "./rules.js";
import { soundOn, setSound } from "./sound.js";

const state = { catalogue: null, page: null, rulesGame: null };

export function navigate(path) {
  history.pushState({}, "", path);
  route();
}

async function loadCatalogue() {
  if (state.catalogue) return state.catalogue;
  state.catalogue = await api("GET", "/api/games");
  return state.catalogue;
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
  const ctx = { catalogue, navigate, setRulesGame: (g) => (state.rulesGame = g) };
  state.rulesGame = null;
  state.page = match ? new TablePage(root, decodeURIComponent(match[1]), ctx) : new LobbyPage(root, ctx);
}

function showRules(game) {
  const games = RULE_GAMES;
  let current = game && games.includes(game) ? game : games[0];
  const body = modal(t("nav.rules"), html`<div class="tabs" role="tablist">${games
    .map((g) => html`<button type="button" role="tab" class="tab" data-game="${g}">${t("game." + g)}</button>`)
    }</div><article class="rules-text"></article>`, { wide: true, className: "rules-modal" });
  const show = () => {
    for (const b of body.querySelectorAll(".tab")) b.setAttribute("aria-selected", String(b.dataset.game === current));
    render(body.querySelector(".rules-text"), rulesContent(current, lang()));
  };
  body.querySelectorAll(".tab").forEach((b) => b.addEventListener("click", () => {
    current = b.dataset.game;
    show();
  }));
  show();
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
  $("#rules-btn").addEventListener("click", () => showRules(state.rulesGame));
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
