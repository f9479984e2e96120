// The replay of a finished game: move by move, every hand shown, drawn by the game's own
// renderer (games/<name>.js) from the server's positions (GET .../replay, .../replay/positions:
// only once the game is over), with the expert's analysis of a seat's decisions
// (POST/GET .../analysis, made by the server's bot workers). Keyboard: arrows, Home/End;
// touch: the buttons and the slider.
import { t, has, listOf } from "./i18n.js";
import { html, svg, render } from "./dom.js";
import { api, loadSeats } from "./net.js";
import { $, $$, toast, modalOpen } from "./ui.js";
import { gameModule } from "./games/index.js";
import { announce, captureFocus, restoreFocus } from "./a11y.js";
import { rulesetTitle, personName, personTitle } from "./lobby.js";

const POLL_MS = 800;

// The step buttons' signs, drawn (the usual ⏮ ⏭ characters are missing from many fonts).
const ICONS = {
  first: svg`<path d="M5 5h2.5v14H5zM19 5v14L8.5 12z"/>`,
  prev: svg`<path d="M17 5v14L6 12z"/>`,
  next: svg`<path d="M7 5v14l11-7z"/>`,
  last: svg`<path d="M16.5 5H19v14h-2.5zM5 5v14l10.5-7z"/>`,
};

function stepButton(go, label) {
  return html`<button type="button" data-go="${go}" aria-label="${label}" title="${label}"><svg class="step-icon" viewBox="0 0 24 24" aria-hidden="true">${ICONS[go]}</svg></button>`;
} // how often a waiting page asks how far the analysis got

/** The address of the replay of game `n` at a table (with the invite when there is one). */
export function replayHref(tableId, n, invite = null) {
  const query = new URLSearchParams({ game: String(n) });
  if (invite) query.set("invite", invite);
  return `/t/${encodeURIComponent(tableId)}/replay?${query}`;
}

/** A number of net points in the page's language ("1.3", "1,3"). */
function points(value) {
  return new Intl.NumberFormat(document.documentElement.lang || "en", { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value);
}

export class ReplayPage {
  constructor(root, tableId, ctx) {
    this.root = root;
    this.tableId = tableId;
    this.ctx = ctx;
    const params = new URLSearchParams(location.search);
    const stored = loadSeats(tableId);
    const held = Object.keys(stored.tokens || {}).map(Number).sort((a, b) => a - b);
    this.token = held.length ? stored.tokens[held[0]] : null;
    this.invite = params.get("invite") || stored.invite || null;
    this.number = /^\d{1,9}$/.test(params.get("game") || "") ? Number(params.get("game")) : null;
    this.step = 0;
    this.parts = new Map(); // part number -> its positions (or the promise of them)
    this.ui = {};
    this.analyses = {}; // seat -> the analysis status last heard
    this.onKey = (ev) => this.key(ev);
    // Capturing: the arrows step even with the focus on a card of a drawn hand (whose own
    // arrow keys would move along the hand; nothing is played in a replay).
    document.addEventListener("keydown", this.onKey, true);
    this.onResize = () => this.fit();
    window.addEventListener("resize", this.onResize);
    window.saustallReplay = this; // for tests and the curious
    this.start();
  }

  destroy() {
    this.gone = true;
    document.removeEventListener("keydown", this.onKey, true);
    window.removeEventListener("resize", this.onResize);
    clearTimeout(this.polling);
  }

  /** The query that proves the right to see the game: the seat's token, else the invite. */
  auth(extra = {}) {
    const query = new URLSearchParams(extra);
    if (this.number !== null) query.set("game", String(this.number));
    if (!this.token && this.invite) query.set("invite", this.invite);
    return { query: `?${query}`, token: this.token || undefined };
  }

  async call(method, path, extra = {}) {
    const { query, token } = this.auth(extra);
    return api(method, `/api/tables/${encodeURIComponent(this.tableId)}/${path}${query}`, { token });
  }

  async start() {
    try {
      this.summary = await this.call("GET", "replay");
    } catch (err) {
      this.failed = err;
      this.render();
      return;
    }
    if (this.gone) return;
    this.number = this.summary.game_number;
    this.mod = gameModule(this.summary.game);
    this.ctx.setRulesGame(this.summary.game);
    this.total = this.summary.positions - 1;
    this.perspective = this.summary.seat ?? 0;
    this.analysisSeat = this.perspective;
    const wanted = new URLSearchParams(location.search).get("step");
    await this.goTo(/^\d+$/.test(wanted || "") ? Math.min(Number(wanted), this.total) : 0);
    if (this.summary.analysis) this.lookAtAnalysis(this.analysisSeat);
  }

  // --- positions ---------------------------------------------------------------------------
  part(k) {
    return Math.floor(k / this.summary.max_positions);
  }

  /** The positions of part `p` (fetched once; a failed fetch is tried again next time). */
  loadPart(p) {
    if (!this.parts.has(p)) {
      const size = this.summary.max_positions;
      const from = p * size;
      const count = Math.min(size, this.summary.positions - from);
      const loading = this.call("GET", "replay/positions", { from: String(from), count: String(count) })
        .then((answer) => {
          this.parts.set(p, answer.positions);
          return answer.positions;
        }, (err) => {
          this.parts.delete(p);
          throw err;
        });
      this.parts.set(p, loading);
    }
    return Promise.resolve(this.parts.get(p));
  }

  position(k) {
    const got = this.parts.get(this.part(k));
    return Array.isArray(got) ? got[k % this.summary.max_positions] : null;
  }

  async goTo(k) {
    if (!this.summary) return;
    const to = Math.max(0, Math.min(this.total, k));
    this.step = to;
    try {
      // (the deal too: it tells whether the game has hands to show)
      await Promise.all([this.loadPart(0), this.loadPart(this.part(to)), to > 0 ? this.loadPart(this.part(to - 1)) : null]);
    } catch (err) {
      toast(t("replay.failed"), err.message, "error");
      return;
    }
    if (this.gone || this.step !== to) return; // a later step was asked for meanwhile
    this.render();
    const ahead = this.part(Math.min(this.total, to + this.summary.max_positions / 2));
    this.loadPart(ahead).catch(() => {}); // the next part, before it is needed
    const url = new URL(location.href);
    url.searchParams.set("game", String(this.number));
    url.searchParams.set("step", String(to));
    history.replaceState(history.state, "", url);
  }

  key(ev) {
    if (modalOpen() || ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target.closest && ev.target.closest("input, select, textarea, .modal")) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
    let to = null;
    if (ev.key in moves) to = this.step + moves[ev.key];
    else if (ev.key === "Home") to = 0;
    else if (ev.key === "End") to = this.total;
    if (to === null || !this.summary) return;
    ev.preventDefault();
    if (ev.target.closest?.("#board")) ev.stopPropagation();
    this.goTo(to);
  }

  // --- names and words ---------------------------------------------------------------------
  names() {
    return this.summary.labels.map((l, i) => personName(l, t("table.seat", { n: i + 1 })) || t("table.seat", { n: i + 1 }));
  }

  title() {
    const g = this.ctx.catalogue.games.find((x) => x.game === this.summary.game);
    const rs = g?.rulesets.find((r) => r.name === this.summary.ruleset);
    const game = has("game." + this.summary.game) ? t("game." + this.summary.game) : this.summary.game;
    const edition = rs ? rulesetTitle(this.summary.game, rs) : "";
    return edition && edition !== game ? `${game} · ${edition}` : game;
  }

  /** Step `i` (from 0) in words, as the table's log says it. */
  describe(i, names = this.names()) {
    const step = this.summary.steps[i];
    const ev = { kind: "action", seat: step.seat, action: step.action, phase: step.phase, text: step.text };
    const said = this.mod.describe ? this.mod.describe(ev, names, this.position(i + 1)?.views?.[this.perspective]) : null;
    if (said) return said;
    const name = step.seat != null ? names[step.seat] : "";
    return name ? html`<b>${name}</b>: ${step.text}` : step.text;
  }

  /** An alternative of an analysed decision in words: the action as the log would say it. */
  alternative(decision, action) {
    const names = this.names();
    const ev = { kind: "action", seat: decision.seat, action, phase: this.summary.steps[decision.index]?.phase };
    const said = this.mod.describe ? this.mod.describe(ev, names, null) : null;
    if (said) return said;
    return decision.alternatives.find((a) => a.action === action)?.text || action;
  }

  // --- drawing -----------------------------------------------------------------------------
  gameCtx(pos) {
    const seat = this.perspective;
    const before = this.step > 0 ? this.position(this.step - 1) : null;
    return {
      view: pos.views[seat],
      prev: before ? before.views[seat] : null,
      legal: [],
      toAct: pos.to_act,
      seat,
      spectator: false,
      replay: true,
      names: this.names(),
      titles: this.summary.labels.map((l) => personTitle(l)),
      table: { game: this.summary.game, ruleset: this.summary.ruleset, status: this.step === this.total ? "over" : "playing", seats: [] },
      timeMs: pos.views[seat]?.now ?? 0,
      pending: false,
      ui: this.ui,
      act: () => false,
      rerender: () => this.render(),
      fx: () => {},
    };
  }

  render() {
    if (this.gone) return;
    if (this.failed) {
      const err = this.failed;
      const notYet = err.status === 409 || err.status === 404;
      render(this.root, html`<section class="panel"><h1>${t("replay.heading")}</h1>
        <p>${notYet ? t("replay.notyet") : t("replay.failed")}</p><p class="muted">${err.message}</p>
        <a class="button" data-nav href="/t/${encodeURIComponent(this.tableId)}">${t("replay.totable")}</a></section>`);
      return;
    }
    const pos = this.position(this.step);
    if (!pos) {
      render(this.root, html`<div class="loading">${t("common.loading")}</div>`);
      return;
    }
    const names = this.names();
    let layout = this.root.querySelector(".replay-layout");
    if (!layout || layout.dataset.lang !== document.documentElement.lang) { // (a new language: all words anew)
      render(this.root, html`<div class="replay-layout game-layout game-${this.summary.game}" data-game="${this.summary.game}">
        <div class="replay-head"><h1>${t("replay.heading")} · ${this.title()} · ${t("replay.gamenumber", { n: this.number })}</h1>
          <a class="button small ghost" data-nav href="/t/${encodeURIComponent(this.tableId)}">${t("replay.totable")}</a></div>
        <div class="status-bar replay-status" id="status" aria-live="polite"></div>
        <section class="board" aria-label="${t("table.board")}"><div id="board"></div><div class="fx-layer" id="fx" aria-hidden="true"></div></section>
        <div class="replay-controls" role="group" aria-label="${t("replay.controls")}">
          ${stepButton("first", t("replay.first"))}${stepButton("prev", t("replay.prev"))}
          <input type="range" id="replay-slider" min="0" max="${this.total}" value="0" aria-label="${t("replay.slider")}">
          ${stepButton("next", t("replay.next"))}${stepButton("last", t("replay.last"))}
          <label class="replay-seat">${t("replay.seenfrom")} <select id="replay-seat"></select></label>
        </div>
        <p class="muted small replay-keys">${t("replay.keys")}</p>
        <aside class="side">
          <div class="side-box replay-hands" id="hands"></div>
          <div class="side-box replay-analysis" id="analysis"></div>
          <div class="side-box" id="scores"></div>
          <details class="side-box log-box" id="moves-box"><summary>${t("replay.moves")}</summary><ol id="moves" class="log replay-moves"></ol></details>
        </aside></div>`);
      layout = this.root.querySelector(".replay-layout");
      layout.dataset.lang = document.documentElement.lang;
      $("#moves", layout).addEventListener("click", (ev) => {
        const b = ev.target.closest("[data-step]");
        if (b) this.goTo(Number(b.dataset.step));
      });
      $$("[data-go]", layout).forEach((b) => b.addEventListener("click", () => {
        const to = { first: 0, prev: this.step - 1, next: this.step + 1, last: this.total }[b.dataset.go];
        this.goTo(to);
      }));
      const slider = $("#replay-slider", layout);
      slider.addEventListener("input", () => this.goTo(Number(slider.value)));
      const seat = $("#replay-seat", layout);
      seat.addEventListener("change", () => {
        this.perspective = Number(seat.value);
        this.ui = {};
        this.render();
      });
      if (!matchMedia("(max-width: 700px)").matches) $("#moves-box", layout).open = true;
    }
    const seat = $("#replay-seat", layout);
    render(seat, names.map((n, i) => html`<option value="${i}" ${i === this.perspective ? "selected" : ""}>${n}</option>`));
    seat.value = String(this.perspective);
    const slider = $("#replay-slider", layout);
    slider.value = String(this.step);
    slider.setAttribute("aria-valuetext", t("replay.step", { k: this.step, n: this.total }));
    for (const b of $$("[data-go]", layout)) {
      const back = b.dataset.go === "first" || b.dataset.go === "prev";
      b.disabled = back ? this.step === 0 : this.step === this.total;
    }
    const ctx = this.gameCtx(pos);
    this.mod.render($("#board", layout), ctx);
    // In a replay nothing on the board is played: the hand's cards are pictures.
    $$("#board button.hand-card", layout).forEach((b) => b.setAttribute("aria-disabled", "true"));
    this.renderStatus(names);
    this.renderHands(pos, names);
    render($("#scores", layout), this.mod.side ? this.mod.side(ctx) : "");
    this.renderMoves(names);
    this.renderAnalysis(names);
    this.fit();
  }

  renderStatus(names) {
    const el = $("#status", this.root);
    const over = this.step === this.total;
    const w = this.summary.winners;
    const what = this.step === 0 ? t("replay.deal") : this.describe(this.step - 1, names);
    render(el, html`<span class="status-text"><b class="replay-step">${t("replay.step", { k: this.step, n: this.total })}</b> · ${what}${
      over ? html` · <b>${w.length ? t("status.won", { names: listOf(w.map((s) => names[s])), count: w.length }) : t("status.draw")}</b>` : ""}</span>`);
    el.classList.toggle("over", over);
  }

  /** Every seat's hand at this position: the game draws a hand (`hand`), else its cards
   * as text. */
  renderHands(pos, names) {
    const el = $("#hands", this.root);
    // A game without hands (a real-time game whose cards lie open) shows no such box.
    const dealt = this.position(0)?.views || [];
    el.hidden = !dealt.some((v) => Array.isArray(v?.hand) && v.hand.length);
    if (el.hidden) return;
    render(el, html`<h2 class="side-title">${t("replay.hands")}</h2><ul class="replay-hand-list">${pos.views.map((v, i) => {
      const cards = Array.isArray(v?.hand) ? v.hand : null;
      const drawn = cards && this.mod.hand ? this.mod.hand(v) : cards ? cards.join(" ") : "";
      return html`<li class="${pos.to_act.includes(i) ? "to-act" : ""} ${i === this.perspective ? "seen" : ""}" data-seat="${i}">
        <span class="replay-hand-name">${names[i]}</span>
        <span class="replay-hand-cards">${cards && cards.length ? drawn : html`<span class="muted">${t("replay.nocards")}</span>`}</span></li>`;
    })}</ul>`);
  }

  renderMoves(names) {
    const ol = $("#moves", this.root);
    if (!ol.childElementCount) {
      render(ol, this.summary.steps.map((s, i) => html`<li><button type="button" class="replay-move" data-step="${i + 1}">${this.describe(i, names)}</button></li>`));
    }
    for (const b of $$(".replay-move", ol)) {
      const here = Number(b.dataset.step) === this.step;
      if (here) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    const current = $(".replay-move[aria-current]", ol);
    if (current && ol.closest("details")?.open) {
      const top = current.offsetTop - ol.offsetTop;
      if (top < ol.scrollTop || top > ol.scrollTop + ol.clientHeight - current.offsetHeight) ol.scrollTop = top - ol.clientHeight / 2;
    }
  }

  // --- analysis ----------------------------------------------------------------------------
  async lookAtAnalysis(seat) {
    try {
      this.analyses[seat] = await this.call("GET", "analysis", { seat: String(seat) });
    } catch {
      return;
    }
    this.renderAnalysis();
    if (["queued", "running"].includes(this.analyses[seat].status)) this.poll(seat);
  }

  async askAnalysis(seat) {
    this.analysisSeat = seat;
    try {
      this.analyses[seat] = await this.call("POST", "analysis", { seat: String(seat) });
    } catch (err) {
      toast(t("analysis.failed", { message: "" }), err.message, "error");
      return;
    }
    this.renderAnalysis();
    this.poll(seat);
  }

  poll(seat) {
    clearTimeout(this.polling);
    const status = this.analyses[seat]?.status;
    if (status !== "queued" && status !== "running") {
      if (status === "done") announce(t("analysis.ready", { name: this.names()[seat] }));
      return;
    }
    this.polling = setTimeout(async () => {
      if (this.gone) return;
      try {
        this.analyses[seat] = await this.call("GET", "analysis", { seat: String(seat) });
      } catch {
        /* asked again on the next round */
      }
      this.renderAnalysis();
      this.poll(seat);
    }, POLL_MS);
  }

  renderAnalysis(names = this.summary ? this.names() : []) {
    const el = $("#analysis", this.root);
    if (!el) return;
    if (!this.summary.analysis) {
      render(el, html`<h2 class="side-title">${t("analysis.title")}</h2><p class="muted small">${t("analysis.none")}</p>`);
      return;
    }
    const seat = this.analysisSeat;
    const status = this.analyses[seat] || { status: "not-started" };
    const picker = html`<label class="analysis-seat">${t("analysis.seat")} <select id="analysis-seat">${names.map((n, i) =>
      html`<option value="${i}" ${i === seat ? "selected" : ""}>${n}</option>`)}</select></label>`;
    let body;
    if (status.status === "not-started") {
      body = html`<p class="small">${t("analysis.intro")}</p>
        <button type="button" class="primary" id="analysis-go">${t("analysis.go", { name: names[seat] })}</button>`;
    } else if (status.status === "queued" || status.status === "running") {
      const total = status.total;
      body = html`<p class="analysis-wait"><span class="spinner" aria-hidden="true"></span>${total === null || total === undefined
        ? t("analysis.wait.start") : t("analysis.wait", { done: status.done, total })}</p>
        ${total ? html`<progress max="${total}" value="${status.done}" aria-label="${t("analysis.title")}"></progress>` : ""}`;
    } else if (status.status === "failed") {
      body = html`<p class="small">${t("analysis.failed", { message: status.message || "" })}</p>
        <button type="button" id="analysis-go">${t("common.retry")}</button>`;
    } else {
      body = this.analysisBody(status.analysis, names);
    }
    const focus = captureFocus(el); // (redrawn as the analysis goes: the focus stays put)
    render(el, html`<h2 class="side-title">${t("analysis.title")}</h2>${picker}${body}`);
    restoreFocus(el, focus);
    const select = $("#analysis-seat", el);
    select.addEventListener("change", () => {
      this.analysisSeat = Number(select.value);
      if (!this.analyses[this.analysisSeat]) this.lookAtAnalysis(this.analysisSeat);
      this.renderAnalysis();
    });
    const go = $("#analysis-go", el);
    if (go) go.addEventListener("click", () => this.askAnalysis(seat));
    $$("[data-jump]", el).forEach((b) => b.addEventListener("click", () => this.goTo(Number(b.dataset.jump))));
  }

  analysisBody(analysis, names) {
    const decisions = analysis.decisions;
    const total = decisions.reduce((sum, d) => sum + d.cost, 0);
    const mistakes = decisions.filter((d) => d.mistake).length;
    // The move on the screen (position k came of action k - 1), if it is one of the seat's.
    const here = decisions.find((d) => d.index === this.step - 1);
    const costly = decisions.filter((d) => d.cost > 0).sort((a, b) => b.cost - a.cost);
    let now;
    if (here) {
      const agrees = here.best === here.chosen;
      now = html`<div class="analysis-now ${here.mistake ? "mistake" : agrees ? "agrees" : ""}">
        <p><b>${t("analysis.thismove")}</b> ${this.alternative(here, here.chosen)}</p>
        ${agrees ? html`<p>${t("analysis.same")}</p>` : html`<p>${t("analysis.best")} ${this.alternative(here, here.best)}</p>
          <p>${t("analysis.cost", { cost: points(here.cost) })}${here.mistake ? html` · <b class="badge off">${t("analysis.mistake")}</b>` : ""}</p>`}
        <details class="analysis-alts"><summary>${t("analysis.alternatives", { n: here.alternatives.length })}</summary>
          <table class="score-table"><thead><tr><th>${t("analysis.move")}</th><th class="num">${t("analysis.net")}</th><th class="num">${t("analysis.win")}</th></tr></thead>
          <tbody>${here.alternatives.slice(0, 12).map((a) => html`<tr class="${a.chosen ? "chosen" : ""}"><td>${this.alternative(here, a.action)}</td>
            <td class="num">${points(a.net)}</td><td class="num">${Math.round(a.win * 100)} %</td></tr>`)}</tbody></table></details></div>`;
    } else {
      now = html`<p class="small muted">${t("analysis.nothere", { name: names[analysis.seats[0]] })}</p>`;
    }
    return html`<p class="small analysis-summary">${t("analysis.summary", { n: decisions.length, count: decisions.length, mistakes, cost: points(total) })}</p>
      ${now}
      ${costly.length ? html`<h3 class="small-title">${t("analysis.costliest")}</h3><ol class="analysis-list">${costly.slice(0, 8).map((d) =>
        html`<li><button type="button" class="small link" data-jump="${d.index + 1}">${t("replay.step.short", { k: d.index + 1 })}: ${
          this.alternative(d, d.chosen)} · −${points(d.cost)}</button></li>`)}</ol>` : ""}
      <p class="muted small">${t("analysis.level", { level: t("bot." + analysis.level), worlds: analysis.worlds })}</p>`;
  }

  /** Fit the board to the window, as the table does (the games' sizes read --fit). */
  fit() {
    const layout = this.root.querySelector(".replay-layout");
    const content = layout && $("#board", layout);
    if (!content) return;
    const board = content.parentElement;
    const top = board.getBoundingClientRect().top + window.scrollY;
    const phone = matchMedia("(max-width: 700px)").matches;
    const height = Math.max(300, Math.floor(window.innerHeight - top - (phone ? 150 : 80)));
    layout.style.setProperty("--fit-h", `${height}px`);
    let fit = 1;
    layout.style.setProperty("--fit", "1");
    while (content.scrollHeight > content.clientHeight + 1 && fit > 0.5) {
      fit = Math.max(0.5, Math.round((fit - 0.06) * 100) / 100);
      layout.style.setProperty("--fit", String(fit));
    }
  }
}
