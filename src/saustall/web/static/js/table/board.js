// The game board of the seat on the screen: the game's own drawing, effects, the
// status line, the clock, the action buttons, fitting the board to the window.
// Methods of TablePage (table.js mixes them in): `this` is the page.
import { t, listOf } from "../i18n.js";
import { html, render } from "../dom.js";
import { $, $$ } from "../ui.js";

// Effects never cover these: players' names, badges, counts and the contract line.
const FX_KEEP_CLEAR = ".pa-head, .sk-name, .sk-info, .badge, .sk-contract, .sk-last, .pile-count, .pile-label";
// How much bigger than its resting size an effect gets at the top of its pop (see .burst).
const FX_GROW = 1.2;
// The board never gets shorter than this (a tiny window scrolls the page instead), and its
// content shrinks to no less than MIN_FIT of its size, in steps of FIT_STEP.
const MIN_BOARD_PX = 300;
const MIN_FIT = 0.5;
const FIT_STEP = 0.06;

/** Where an element's content is actually drawn (a block's text, not its whole width). */
function inkBox(el) {
  const range = document.createRange();
  range.selectNodeContents(el);
  const r = range.getBoundingClientRect();
  return { left: r.left - 3, right: r.right + 3, top: r.top - 3, bottom: r.bottom + 3 };
}

/** The area two rectangles share (0 if they do not meet). */
function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

export const board = {
  gameCtx() {
    const key = this.active;
    const st = this.states[key];
    if (!st || !st.view) return null;
    const seat = key === "spectator" ? null : Number(key);
    return {
      view: st.view,
      prev: this.prevViews[key] || null,
      legal: seat === null ? [] : st.legal || [],
      toAct: st.to_act || [],
      seat,
      spectator: seat === null,
      names: this.names(),
      titles: this.seatTitles(),
      table: this.table,
      timeMs: st.time_ms,
      pending: this.pending,
      ui: this.ui,
      act: (a) => this.act(a),
      rerender: () => this.render(),
      fx: (target, text, cls) => this.fx(target, text, cls),
    };
  },

  /**
   * Show a short effect over `target` (or the whole board) that survives re-renders.
   * A text effect never covers a name or a badge: it goes on the target's middle if that
   * is clear, else just above, below, right or left of the target, or inside it at one
   * end, whichever is clear (or, failing that, covers least).
   */
  fx(target, text, cls) {
    const layer = $("#fx", this.root);
    if (!layer) return;
    const box = layer.getBoundingClientRect();
    const el = document.createElement("span");
    el.className = `fx ${cls}`;
    el.textContent = text || "";
    layer.appendChild(el);
    if (target) {
      const r = target.getBoundingClientRect();
      // The effect is centred on (x, y); it pops up to FX_GROW times its size.
      const w = el.offsetWidth * FX_GROW;
      const h = el.offsetHeight * FX_GROW;
      const keep = $$(FX_KEEP_CLEAR, $("#board", this.root) || this.root).map(inkBox);
      const candidates = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + r.width / 2, r.top - h / 2 - 2],
        [r.left + r.width / 2, r.bottom + h / 2 + 2],
        [r.right + w / 2 + 2, r.top + r.height / 2],
        [r.left - w / 2 - 2, r.top + r.height / 2],
        [r.left + w / 2 + 4, r.top + r.height / 2],
        [r.right - w / 2 - 4, r.top + r.height / 2],
      ];
      const cost = ([x, y]) => {
        const a = { left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2 };
        let c = 0;
        for (const k of keep) c += overlap(a, k);
        // Outside the board the effect would be cut off: count that as covering too.
        c += w * h - overlap(a, box);
        return Math.round(c); // whole pixels: rounding noise is no reason to move it
      };
      let best = candidates[0];
      let bestCost = cost(best);
      for (const cand of candidates.slice(1)) {
        if (bestCost === 0) break;
        const c = cost(cand);
        if (c < bestCost) [best, bestCost] = [cand, c];
      }
      el.style.left = `${best[0] - box.left}px`;
      el.style.top = `${best[1] - box.top}px`;
    } else {
      el.classList.add("fx-full");
    }
    setTimeout(() => el.remove(), 1500);
  },

  renderGame() {
    const ctx = this.gameCtx();
    const held = this.heldSeats();
    if (!ctx) {
      if (!held.length && !this.invite) {
        render(this.root, html`<section class="panel"><h2>${t("table.noinvite")}</h2><a class="button" data-nav href="/">${t("table.tolobby")}</a></section>`);
      } else if (!this.root.querySelector(".game-layout")) {
        render(this.root, html`<div class="loading">${t("common.loading")}</div>`);
      }
      return;
    }
    if (this.covered) {
      render(this.root, html`<section class="cover" role="dialog">
        <div class="cover-card"><div class="cover-pig" aria-hidden="true">${this.mod.icon ? this.mod.icon() : ""}</div>
        <h2>${t("hotseat.pass", { name: this.names()[this.pendingSeat] })}</h2>
        <p>${t("hotseat.hidden")}</p>
        <button type="button" class="primary big" id="reveal" data-focus-fallback>${t("hotseat.show", { name: this.names()[this.pendingSeat] })}</button></div></section>`);
      $("#reveal", this.root).addEventListener("click", () => this.reveal());
      return;
    }
    let layout = this.root.querySelector(".game-layout");
    if (!layout || layout.dataset.game !== this.table.game) {
      render(this.root, html`<div class="game-layout game-${this.table.game}" data-game="${this.table.game}">
        <h1 class="sr-only" id="table-heading"></h1>
        <div class="status-bar" id="status"></div>
        <section class="board" aria-labelledby="board-heading"><h2 class="sr-only" id="board-heading">${t("table.board")}</h2><div id="board"></div><div class="fx-layer" id="fx" aria-hidden="true"></div></section>
        <aside class="side">
          <div class="side-box" id="scores"></div>
          <p class="side-box bot-legend" id="bot-legend" hidden></p>
          <details class="side-box log-box" id="log-box" open><summary>${t("log.title")}</summary><ol id="log" class="log" tabindex="0" aria-label="${t("log.title")}"></ol></details>
          ${this.chatBox()}
          <div class="side-box table-actions" id="table-actions"></div>
        </aside></div>`);
      layout = this.root.querySelector(".game-layout");
      if (matchMedia("(max-width: 700px)").matches) $("#log-box", layout).open = false;
      this.wireChat(layout);
    }
    $("#table-heading", layout).textContent = this.tableTitle(); // (in the page's language)
    const board = $("#board", layout);
    this.mod.render(board, ctx);
    this.renderStatus(ctx);
    render($("#scores", layout), this.mod.side ? this.mod.side(ctx) : this.defaultSide(ctx));
    const legend = $("#bot-legend", layout);
    legend.textContent = this.botLegend();
    legend.hidden = !legend.textContent;
    this.renderActions(ctx);
    this.renderLog();
    this.renderChat();
    this.fitToScreen(); // before the effects, which are placed where things now are
    if (this.lastEvent) {
      const ev = this.lastEvent;
      this.lastEvent = null;
      if (this.mod.onEvent) this.mod.onEvent(board, ev, ctx);
    }
    if (this.gameOver && this.summaryShown !== this.gameOver.game_number) {
      this.summaryShown = this.gameOver.game_number;
      setTimeout(() => this.showSummary(), this.mod.realtime ? 400 : 900);
    }
  },

  /**
   * Fit the board between the status bar and the bottom of the window, so that the hand,
   * the status and the main controls are seen without scrolling. The board gets the height
   * that is left; if its content is taller, everything on it shrinks in steps (`--fit`,
   * used by the games' sizes in app.css) until it fits, down to a smallest size below
   * which the board scrolls instead.
   */
  fitToScreen() {
    const layout = this.root.querySelector(".game-layout");
    const content = layout && $("#board", layout);
    if (!content) return;
    const board = content.parentElement;
    const bottomGap = 10;
    const top = board.getBoundingClientRect().top + window.scrollY;
    const height = Math.max(MIN_BOARD_PX, Math.floor(window.innerHeight - top - bottomGap));
    layout.style.setProperty("--fit-h", `${height}px`);
    let fit = 1;
    layout.style.setProperty("--fit", "1");
    while (content.scrollHeight > content.clientHeight + 1 && fit > MIN_FIT) {
      fit = Math.max(MIN_FIT, Math.round((fit - FIT_STEP) * 100) / 100);
      layout.style.setProperty("--fit", String(fit));
    }
  },

  defaultSide(ctx) {
    return html`<h3>${t("table.players")}</h3><ul class="plist">${this.table.seats.map((s) =>
      html`<li class="${ctx.toAct.includes(s.seat) ? "to-act" : ""}" title="${ctx.titles[s.seat]}">${ctx.names[s.seat]}${
        s.seat === ctx.seat ? html` <span class="badge you">${t("table.you")}</span>` : ""}${
        s.kind === "human" && !s.connected ? html` <span class="badge off">${t("table.offline")}</span>` : ""}</li>`)}</ul>`;
  },

  renderStatus(ctx) {
    const el = $("#status", this.root);
    if (!el) return;
    const over = this.table.status === "over" || ctx.view.phase === "over";
    let text;
    let cls = "";
    if (this.offer) {
      const askers = this.table.seats.filter((s) => s.kind === "human" && s.ready && s.seat !== ctx.seat);
      text = t("table.rematchasked", { names: askers.map((s) => s.name).join(", ") });
      cls = "over";
    } else if (over) {
      const w = this.gameOver?.winners ?? this.table.winners ?? [];
      text = w.length ? t("status.won", { names: listOf(w.map((s) => ctx.names[s])), count: w.length }) : t("status.draw");
      cls = "over";
    } else if (ctx.spectator) {
      text = [t("status.watching"), " · ", this.turnText(ctx)];
    } else if (this.mod.realtime) {
      text = this.mod.statusHint ? this.mod.statusHint(ctx) : "";
    } else if (ctx.toAct.includes(ctx.seat)) {
      text = [t("status.yourturn"), this.hotseat() ? ` (${ctx.names[ctx.seat]})` : "", this.mod.statusHint ? [" · ", this.mod.statusHint(ctx)] : ""];
      cls = "mine";
    } else {
      text = this.turnText(ctx);
    }
    const offline = this.table.seats.filter((s) => s.kind === "human" && !s.connected && s.seat !== ctx.seat);
    el.className = `status-bar ${cls}`;
    render(el, html`<span class="status-text">${text}</span><span id="clock" class="clock"></span>${
      offline.length ? html`<span class="status-off">${t("status.offline", { names: listOf(offline.map((s) => ctx.names[s.seat])), count: offline.length })}</span>` : ""}`);
    this.updateClock();
  },

  turnText(ctx) {
    if (!ctx.toAct.length) return "";
    return t("status.waiting", { names: listOf(ctx.toAct.map((s) => ctx.names[s])), count: ctx.toAct.length });
  },

  updateClock() {
    const el = $("#clock", this.root);
    if (!el) return;
    const st = this.states[this.active];
    if (!st || !st.deadline) {
      el.textContent = "";
      return;
    }
    if (!st._deadlineAt) st._deadlineAt = Date.now() + st.deadline.remaining_ms;
    const left = Math.max(0, Math.ceil((st._deadlineAt - Date.now()) / 1000));
    const who = st.deadline.seat;
    el.textContent = who === this.active ? t("status.clock", { n: left }) : t("status.clockof", { n: left, name: this.names()[who] ?? "" });
    el.classList.toggle("urgent", left <= 10);
  },

  renderActions(ctx) {
    const el = $("#table-actions", this.root);
    if (this.offer) {
      render(el, html`<button type="button" id="play-again" class="primary">${t("table.playagain")}</button>
        <button type="button" id="summary-btn">${t("summary.show")}</button>
        <button type="button" id="replay-btn">${t("replay.open")}</button>
        <button type="button" id="download">${t("summary.download")}</button>
        <button type="button" class="ghost" id="leave">${t("table.leave")}</button>`);
      $("#play-again", el).addEventListener("click", () => this.acceptRematch());
      $("#summary-btn", el).addEventListener("click", () => this.showSummary());
      $("#replay-btn", el).addEventListener("click", () => this.openReplay());
      $("#download", el).addEventListener("click", () => this.download());
      $("#leave", el).addEventListener("click", () => this.leave());
      return;
    }
    const over = this.table.status === "over";
    const held = this.heldSeats();
    render(el, html`
      ${over ? html`<button type="button" id="summary-btn" class="primary">${t("summary.show")}</button>` : ""}
      ${over && held.length ? html`<button type="button" id="rematch">${t("summary.rematch")}</button>` : ""}
      ${over ? html`<button type="button" id="replay-btn">${t("replay.open")}</button>` : ""}
      ${over ? html`<button type="button" id="download">${t("summary.download")}</button>` : ""}
      <button type="button" class="ghost" id="rules-here">${t("nav.rules")}</button>
      ${held.length && !over ? html`<button type="button" class="ghost" id="leave-game">${t("table.leave")}</button>` : ""}
      ${!held.length ? html`<a class="button ghost" data-nav href="/">${t("table.tolobby")}</a>` : ""}
      ${held.length && over ? html`<a class="button ghost" data-nav href="/">${t("table.tolobby")}</a>` : ""}`);
    const on = (sel, fn) => {
      const b = $(sel, el);
      if (b) b.addEventListener("click", fn);
    };
    on("#summary-btn", () => this.showSummary());
    on("#rematch", () => this.rematch());
    on("#replay-btn", () => this.openReplay());
    on("#download", () => this.download());
    on("#rules-here", () => window.saustall.showRules(this.table.game));
    on("#leave-game", () => {
      if (confirm(t("table.leaveconfirm"))) this.leave();
    });
  },
};
