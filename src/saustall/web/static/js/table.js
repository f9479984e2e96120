// A table: the waiting room, the game board for each seat held on this device (hot-seat),
// the spectator view, the log, the end-of-game summary, rematch and record download.
import { t, tParts, has, lang, listOf } from "./i18n.js";
import { html, render } from "./dom.js";
import { api, loadSeats, saveSeats, rememberSeat, forgetSeat, TableSocket } from "./net.js";
import { $, $$, toast, banner, modal, closeModal, modalOpen } from "./ui.js";
import { gameModule } from "./games/index.js";
import { captureFocus, restoreFocus, focusFirst } from "./a11y.js";
import { TableFeedback } from "./feedback.js";
import { savedName, rulesetTitle, rulesetSummary, levelName, levelDescription, botLevelOptions, rememberedLevel, personName } from "./lobby.js";
import { citedPassage } from "./rules.js";

const LOG_MAX = 200;

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

export class TablePage {
  constructor(root, tableId, ctx) {
    this.root = root;
    this.tableId = tableId;
    this.ctx = ctx;
    const params = new URLSearchParams(location.search);
    const stored = loadSeats(tableId);
    this.invite = params.get("invite") || stored.invite;
    if (params.get("invite") && params.get("invite") !== stored.invite) {
      stored.invite = params.get("invite");
      saveSeats(tableId, stored);
    }
    this.sockets = {}; // seat number (or "spectator") -> TableSocket
    this.states = {}; // same keys -> last `state` message
    this.prevViews = {};
    this.status = {}; // same keys -> connection status
    this.table = null;
    this.clearLog();
    this.gameOver = null;
    this.summaryShown = 0;
    this.active = null; // the seat whose view is shown
    this.covered = false;
    this.pendingSeat = null;
    this.everLost = false;
    this.ui = {}; // per-game UI state (selected cards...), kept across renders
    this.feedback = new TableFeedback(this);
    this.onKey = (ev) => this.key(ev);
    document.addEventListener("keydown", this.onKey);
    // Effects are placed for one layout: when the window changes size they would float
    // over the wrong things, so they go.
    this.onResize = () => {
      const layer = $("#fx", this.root);
      if (layer) layer.replaceChildren();
      this.fitToScreen();
    };
    window.addEventListener("resize", this.onResize);
    // For tests and the curious: send a move as typed notation, as a stale tab might.
    window.saustallDebug = { act: (a) => this.act(a), page: this };
    this.start();
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("resize", this.onResize);
    for (const s of Object.values(this.sockets)) s.close();
    this.sockets = {};
    clearInterval(this.tick);
    banner(null);
    this.setDot(null);
  }

  tokens() {
    return loadSeats(this.tableId).tokens;
  }

  heldSeats() {
    return Object.keys(this.tokens()).map(Number).sort((a, b) => a - b);
  }

  hotseat() {
    return this.heldSeats().length > 1;
  }

  async start() {
    try {
      const info = await api("GET", `/api/tables/${encodeURIComponent(this.tableId)}`);
      this.table = info;
    } catch (err) {
      if (err.code === "unreachable") {
        banner(t("net.unreachable.title"), "error", { label: t("common.retry"), run: () => this.start() });
        render(this.root, html`<section class="panel unreachable"><h2>${t("net.unreachable.title")}</h2><p>${t("net.unreachable.body")}</p></section>`);
        setTimeout(() => !this.table && this.sockets && this.start(), 4000);
      } else {
        render(this.root, html`<section class="panel"><h2>${t("table.notfound")}</h2>
          <p>${err.message}</p><a class="button" data-nav href="/">${t("table.tolobby")}</a></section>`);
      }
      return;
    }
    banner(null);
    this.ctx.setRulesGame(this.table.game);
    this.mod = gameModule(this.table.game);
    this.connect();
    this.render();
    this.tick = setInterval(() => this.updateClock(), 500);
  }

  connect() {
    const held = this.heldSeats();
    const tokens = this.tokens();
    for (const seat of held) if (!this.sockets[seat]) this.openSocket(seat, { token: tokens[seat] });
    if (!held.length && this.invite && this.table.status !== "lobby" && !this.sockets.spectator) {
      this.openSocket("spectator", { invite: this.invite });
    }
    if (this.active === null || (this.active !== "spectator" && !held.includes(this.active))) {
      this.active = held.length ? held[0] : "spectator";
    }
  }

  watch() {
    if (!this.invite) return;
    if (!this.sockets.spectator) this.openSocket("spectator", { invite: this.invite });
    this.active = "spectator";
    this.watching = true;
    this.render();
  }

  primaryKey() {
    const keys = Object.keys(this.sockets);
    const seats = keys.filter((k) => k !== "spectator").map(Number).sort((a, b) => a - b);
    return seats.length ? seats[0] : keys.length ? "spectator" : null;
  }

  openSocket(key, auth) {
    const sock = new TableSocket(this.tableId, auth, {
      onMessage: (msg) => this.message(key, msg),
      onStatus: (status, code) => this.connStatus(key, status, code),
    });
    this.sockets[key] = sock;
  }

  connStatus(key, status, code) {
    this.status[key] = status;
    if (status === "closed") {
      delete this.sockets[key];
      if (code === 4001 && key !== "spectator") {
        forgetSeat(this.tableId, key);
        toast(t("table.seatlost"), "", "warn");
        this.active = null;
        this.connect();
        this.render();
      } else if (code === 4009) {
        banner(t("net.elsewhere"), "warn", {
          label: t("net.takeback"),
          run: () => {
            banner(null);
            this.connect();
          },
        });
      } else if (code === 4004) {
        render(this.root, html`<section class="panel"><h2>${t("table.notfound")}</h2><a class="button" data-nav href="/">${t("table.tolobby")}</a></section>`);
      }
    }
    const values = Object.values(this.status);
    if (values.includes("lost")) {
      this.everLost = true;
      banner(t("net.lost"), "warn");
      this.setDot("lost");
    } else if (values.every((v) => v === "open" || v === "closed")) {
      if (this.everLost) {
        this.everLost = false;
        banner(null);
        toast(t("net.back"), "", "ok", 2500);
      }
      this.setDot(values.includes("open") ? "open" : null);
    }
  }

  setDot(status) {
    const dot = $("#conn-dot");
    if (!dot) return;
    dot.hidden = !status;
    dot.className = `conn-dot ${status || ""}`;
    dot.title = status === "open" ? t("net.online") : t("net.lost");
  }

  message(key, msg) {
    const primary = key === this.primaryKey();
    switch (msg.type) {
      case "welcome":
        if (primary) this.clearLog();
        break;
      case "table": {
        const before = this.table;
        this.table = msg.table;
        const asked = this.askedRematch;
        if (before && before.status !== "lobby" && msg.table.status === "lobby" && !asked && this.heldSeats().length
            && Object.values(this.states).some((st) => st.view)) {
          // Someone else asked for a rematch: this page keeps the final board (and the
          // summary, if open) and offers to play again, instead of jumping to the waiting room.
          this.offer = true;
        } else if (before && before.status !== "lobby" && msg.table.status === "lobby") {
          this.askedRematch = false;
          this.gameOver = null;
          this.states = {};
          this.prevViews = {};
          this.clearLog();
          this.ui = {};
        }
        const held = this.heldSeats();
        const asking = msg.table.seats.some((x) => x.kind === "human" && x.ready && !held.includes(x.seat));
        if (this.offer && (msg.table.status !== "lobby" || !asking)) {
          // The game started without this page, or whoever asked left: the offer is gone.
          this.offer = false;
          if (msg.table.status === "lobby") {
            closeModal();
            this.gameOver = null;
            this.states = {};
            this.prevViews = {};
            this.clearLog();
            this.ui = {};
          }
        }
        if (msg.table.status !== "lobby" && !this.heldSeats().length && !this.sockets.spectator && this.invite) {
          this.openSocket("spectator", { invite: this.invite });
          this.active = "spectator";
        }
        this.render();
        break;
      }
      case "state": {
        if (this.offer && msg.status === "lobby") break; // the final board stays on show
        const old = this.states[key];
        if (old && old.game_number === msg.game_number && old.seq > msg.seq) break;
        this.prevViews[key] = old && old.game_number === msg.game_number ? old.view : null;
        this.states[key] = msg;
        if (primary) this.logViewEvents(msg);
        if (msg.game_number !== this.gameOver?.game_number && msg.status === "playing") this.gameOver = null;
        this.pending = false;
        this.chooseActive();
        this.render();
        this.feedback.state(key, msg);
        break;
      }
      case "event":
        if (!primary) break;
        if (msg.kind === "action" && msg.seq != null && this.log.some((e) => e.kind === "action" && e.seq === msg.seq && e.game_number === msg.game_number)) break;
        this.log.push(msg);
        if (this.log.length > LOG_MAX) this.log.splice(0, this.log.length - LOG_MAX);
        if (!msg.replay && this.mod.onEvent) this.lastEvent = msg;
        this.renderLog();
        this.feedback.event(msg);
        break;
      case "error":
        this.pending = false;
        this.refused(msg);
        break;
      case "game_over":
        if (!primary) break;
        this.gameOver = msg;
        this.render();
        break;
      default:
        break;
    }
  }

  refused(msg) {
    // A game may know better what a refusal means to the player (a grab lost by a hair).
    const ctx = this.gameCtx();
    const own = ctx && this.mod.refusal ? this.mod.refusal(msg, ctx) : null;
    if (own) {
      toast(own.title, own.detail, "info", 4000);
      this.render();
      return;
    }
    const title = has("error." + msg.code) ? t("error." + msg.code) : t("error.generic");
    let detail = msg.message || "";
    if (msg.rule && has("rule." + msg.rule)) detail = t("rule." + msg.rule);
    // A refusal that breaks one of the decisions in the rules links to its answer.
    const passage = msg.rule ? citedPassage(this.table?.game, msg.rule) : null;
    const why = passage ? html` <button type="button" class="small link why" data-passage="${passage}">${t("rules.why", { id: passage })}</button>` : "";
    const el = toast(title, html`${detail}${why}`, msg.code === "illegal-action" || msg.code === "not-your-turn" ? "warn" : "error", passage ? 9000 : 5000);
    const button = passage && el.querySelector("button.why");
    if (button) {
      button.addEventListener("click", (ev) => {
        ev.stopPropagation();
        el.remove();
        window.saustall.showRules(this.table.game, passage);
      });
    }
    this.render();
  }

  // --- hot-seat: whose view is on the screen -------------------------------------------
  chooseActive() {
    if (this.active === "spectator" || !this.hotseat()) return;
    const anyState = Object.values(this.states)[0];
    if (!anyState || this.mod.realtime) return;
    const toAct = anyState.to_act || [];
    const next = this.heldSeats().find((s) => toAct.includes(s));
    if (next !== undefined && next !== this.active) {
      this.pendingSeat = next;
      this.covered = true;
      this.ui = {};
    }
  }

  reveal() {
    if (this.pendingSeat !== null) this.active = this.pendingSeat;
    this.pendingSeat = null;
    this.covered = false;
    this.render();
  }

  // --- names -------------------------------------------------------------------------------
  names() {
    return (this.table?.seats || []).map((s) => personName(s.label || { name: s.name }) || t("table.seat", { n: s.seat + 1 }));
  }

  // --- actions -----------------------------------------------------------------------------
  act(action) {
    const sock = this.sockets[this.active];
    if (!sock || this.active === "spectator") return;
    if (!sock.send({ type: "action", action, id: sock.nextId++ })) {
      toast(t("net.notsent"), "", "warn");
      return;
    }
    this.pending = true;
    this.render();
  }

  async call(path, body, seat = null) {
    const tokens = this.tokens();
    const s = seat ?? this.heldSeats()[0];
    try {
      return await api("POST", `/api/tables/${encodeURIComponent(this.tableId)}/${path}`, { body: body ?? {}, token: tokens[s] });
    } catch (err) {
      toast(t("table.failed"), err.message, "error");
      throw err;
    }
  }

  async join(name, seat = null, extra = false) {
    if (!this.invite) {
      toast(t("table.noinvite"), "", "error");
      return;
    }
    const body = { invite: this.invite, name: name.slice(0, 32) || t("lobby.defaultname") };
    if (seat !== null) body.seat = seat;
    try {
      const res = await api("POST", `/api/tables/${encodeURIComponent(this.tableId)}/join`, { body });
      rememberSeat(this.tableId, res.seat, res.token, res.invite || this.invite);
      if (!extra) localStorage.setItem("saustall.name", body.name);
      this.table = res.table;
      if (this.sockets.spectator) {
        this.sockets.spectator.close();
        delete this.sockets.spectator;
        delete this.status.spectator;
      }
      this.active = null;
      this.connect();
      this.render();
    } catch (err) {
      toast(t("table.joinfailed"), err.message, "error");
    }
  }

  async startGame() {
    const held = this.heldSeats();
    try {
      for (const s of held) {
        const seatInfo = this.table.seats[s];
        if (seatInfo && seatInfo.kind === "human" && !seatInfo.ready) await this.call("ready", { ready: true }, s);
      }
      const res = await this.call("start", {}, held[0]);
      this.table = res.table;
      this.render();
    } catch {
      /* toast shown */
    }
  }

  async leave() {
    for (const s of this.heldSeats()) {
      try {
        await this.call("leave", {}, s);
      } catch {
        /* leaving anyway */
      }
      forgetSeat(this.tableId, s);
    }
    this.ctx.navigate("/");
  }

  async download() {
    const n = this.gameOver?.game_number || this.table.game_number;
    const tokens = this.tokens();
    const seat = this.heldSeats()[0];
    let url = `/api/tables/${encodeURIComponent(this.tableId)}/record?game=${n}`;
    const headers = {};
    if (seat !== undefined) headers.Authorization = `Bearer ${tokens[seat]}`;
    else if (this.invite) url += `&invite=${encodeURIComponent(this.invite)}`;
    try {
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error((await res.json()).error?.message || res.statusText);
      const blob = await res.blob();
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `saustall-${this.tableId}-${n}.json`;
      document.body.appendChild(a);
      a.click();
      setTimeout(() => {
        URL.revokeObjectURL(a.href);
        a.remove();
      }, 1000);
    } catch (err) {
      toast(t("table.downloadfailed"), String(err.message || err), "error");
    }
  }

  key(ev) {
    if (modalOpen() || this.covered || !this.mod?.onKey) return;
    if (ev.target.closest && ev.target.closest("input, select, textarea")) return;
    const ctx = this.gameCtx();
    if (ctx) this.mod.onKey(ev, ctx);
  }

  // --- rendering ---------------------------------------------------------------------------
  render() {
    if (!this.table) return;
    // A redraw replaces the controls: the keyboard focus goes back to the same one (or
    // the nearest of its group), or where the game asked for it (ui.focusTo).
    const focus = captureFocus(this.root);
    if (this.table.status === "lobby" && !this.offer) this.renderWaiting();
    else this.renderGame();
    const wanted = this.ui.focusTo;
    delete this.ui.focusTo;
    if (!(wanted && focusFirst(this.root, [() => wanted(this.root)]))) restoreFocus(this.root, focus);
  }

  inviteUrl() {
    return this.invite ? `${location.origin}/t/${encodeURIComponent(this.tableId)}?invite=${encodeURIComponent(this.invite)}` : "";
  }

  gameEntry() {
    const g = this.ctx.catalogue.games.find((x) => x.game === this.table.game);
    const rs = g?.rulesets.find((r) => r.name === this.table.ruleset);
    return { g, rs };
  }

  tableTitle() {
    const { rs } = this.gameEntry();
    const game = has("game." + this.table.game) ? t("game." + this.table.game) : this.table.game;
    const edition = rs ? rulesetTitle(this.table.game, rs) : this.table.title;
    return edition && edition !== game ? `${game} · ${edition}` : game;
  }

  renderWaiting() {
    closeModal();
    const tb = this.table;
    const held = this.heldSeats();
    const { g, rs } = this.gameEntry();
    const mine = held.length > 0;
    const free = tb.seats.filter((s) => s.kind === "empty").length;
    // One state for everyone: who is ready, who is not, which seats are empty. The game
    // can start once every seat is filled and every other person is ready (pressing Start
    // says you are ready too); each page words it for its reader.
    const others = tb.seats.filter((s) => s.kind === "human" && !held.includes(s.seat));
    const notReady = others.filter((s) => !s.ready);
    const canStart = mine && free === 0 && notReady.length === 0;
    const myReady = held.length && tb.seats[held[0]]?.ready;
    const waitNames = listOf(notReady.map((s) => personName(s.label || { name: s.name })));
    let hint;
    if (free) hint = t("table.needseats", { n: free });
    else if (notReady.length) hint = myReady ? t("table.waitready", { names: waitNames, count: notReady.length })
      : t("table.waityouand", { names: waitNames, count: notReady.length });
    else if (!others.length) hint = t("table.canstart");
    else hint = myReady ? t("table.allready") : t("table.othersready");
    // The waiting room is drawn again whenever the table changes (someone joins, a socket
    // connects): what the person was typing, and where, must survive that.
    const typing = document.activeElement;
    const typingId = typing && this.root.contains(typing) ? typing.id : null;
    const caret = typingId && typing.selectionStart != null ? [typing.selectionStart, typing.selectionEnd] : null;
    render(this.root, html`
      <section class="panel waiting">
        <h1>${this.tableTitle()}</h1>
        ${rs ? html`<p class="muted">${rulesetSummary(tb.game, rs)}</p>` : ""}
        ${tb.turn_timer ? html`<p class="muted timer-line">${t("table.timer", { n: Math.round(tb.turn_timer) })}</p>` : ""}
        ${tb.game_number > 1 ? html`<p class="badge-line">${t("table.rematchof", { n: tb.game_number })}</p>` : ""}
        ${this.invite ? html`<div class="invite"><label>${t("table.invite")}
            <input readonly id="invite-url" value="${this.inviteUrl()}"></label>
            <button type="button" id="copy">${t("table.copy")}</button></div>` : ""}
        <ol class="seat-list">
          ${tb.seats.map((s) => {
            const isMine = held.includes(s.seat);
            const badges = [];
            if (isMine) badges.push(html`<span class="badge you">${t("table.you")}</span>`);
            if (s.kind === "bot") badges.push(html`<span class="badge bot" title="${levelDescription(tb.game, s.bot_level)}">${t("table.bot")} · ${levelName(s.bot_level)}</span>`);
            if (s.kind === "human") badges.push(s.ready ? html`<span class="badge ok">✓ ${t("table.ready")}</span>` : html`<span class="badge wait">… ${t("table.notready")}</span>`);
            if (s.kind === "human" && !s.connected) badges.push(html`<span class="badge off">${t("table.offline")}</span>`);
            let actions = "";
            if (mine && s.kind === "empty") {
              actions = html`<select class="small" data-level="${s.seat}" aria-label="${t("lobby.botlevel")}">${botLevelOptions(g, rememberedLevel(tb.game))}</select>
                <button type="button" class="small" data-addbot="${s.seat}">${t("table.addbot")}</button>
                ${this.mod.realtime ? "" : html`<button type="button" class="small ghost" data-here="${s.seat}">${t("table.addhere")}</button>`}`;
            } else if (mine && s.kind === "bot") {
              actions = html`<button type="button" class="small ghost" data-removebot="${s.seat}">${t("table.removebot")}</button>`;
            } else if (!mine && s.kind === "empty") {
              actions = html`<button type="button" class="small" data-take="${s.seat}">${t("table.take")}</button>`;
            }
            return html`<li class="seat ${s.kind} ${isMine ? "mine" : ""}" data-seat="${s.seat}">
              <span class="seat-no">${s.seat + 1}</span>
              <span class="seat-name">${s.kind === "empty" ? html`<em>${t("table.empty")}</em>` : personName(s.label || { name: s.name })}</span>
              <span class="badges">${badges}</span><span class="seat-actions">${actions}</span></li>`;
          })}
        </ol>
        ${mine ? html`<div class="buttons">
            ${held.length === 1 && tb.seats.some((s) => s.kind === "human" && !held.includes(s.seat)) ? html`<button type="button" id="ready" class="${myReady ? "" : "primary"}">${myReady ? t("table.unready") : t("table.imready")}</button>` : ""}
            <button type="button" id="start" class="primary big" ${canStart ? "" : "disabled"}>${t("table.start")}</button>
            <button type="button" id="leave" class="ghost">${t("table.leave")}</button>
          </div>
          <p class="hint ready-state">${hint}</p>`
        : html`<form class="form-row" id="take-form">
            <label>${t("lobby.name")} <input id="join-name" maxlength="32" value="${this.joinDraft ?? savedName()}"></label>
            <button type="submit" class="primary" ${free ? "" : "disabled"}>${t("table.sitdown")}</button>
            <button type="button" id="watch" class="ghost">${t("table.watch")}</button></form>`}
        ${held.length > 1 ? html`<p class="hint">${t("table.hotseathint")}</p>` : ""}
      </section>
      <form id="here-form" class="panel here-form" hidden>
        <label>${t("table.herename")} <input id="here-name" maxlength="32"></label>
        <button type="submit" class="primary">${t("table.addhere")}</button></form>`);
    const on = (sel, fn) => $$(sel, this.root).forEach((el) => el.addEventListener("click", () => fn(el)));
    on("#copy", () => {
      const input = $("#invite-url", this.root);
      input.select();
      (navigator.clipboard ? navigator.clipboard.writeText(input.value) : Promise.reject()).then(
        () => toast(t("table.copied"), "", "ok", 2000),
        () => {
          document.execCommand && document.execCommand("copy");
          toast(t("table.copied"), "", "ok", 2000);
        },
      );
    });
    on("[data-addbot]", async (b) => {
      const seat = Number(b.dataset.addbot);
      const level = $(`[data-level="${seat}"]`, this.root).value;
      const res = await this.call("bots", { level, seat }).catch(() => null);
      if (res) {
        this.table = res.table;
        this.render();
      }
    });
    on("[data-removebot]", async (b) => {
      const tokens = this.tokens();
      try {
        const res = await api("DELETE", `/api/tables/${encodeURIComponent(this.tableId)}/bots/${b.dataset.removebot}`, { token: tokens[held[0]] });
        this.table = res.table;
        this.render();
      } catch (err) {
        toast(t("table.failed"), err.message, "error");
      }
    });
    const here = $("#here-form", this.root);
    const hereName = $("#here-name", this.root);
    const openHere = (draft) => {
      this.hereDraft = draft;
      here.hidden = false;
      here.dataset.seat = draft.seat;
      hereName.value = draft.name;
    };
    on("[data-here]", (b) => {
      openHere({ seat: b.dataset.here, name: t("table.seat", { n: Number(b.dataset.here) + 1 }) });
      hereName.focus();
      hereName.select();
    });
    // Still open from before this redraw, as long as that seat is still free to fill.
    const draft = this.hereDraft;
    if (draft && mine && tb.seats[Number(draft.seat)]?.kind === "empty") openHere(draft);
    else this.hereDraft = null;
    hereName.addEventListener("input", () => {
      if (this.hereDraft) this.hereDraft.name = hereName.value;
    });
    here.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.hereDraft = null;
      localStorage.setItem(`saustall.hotseat.${this.tableId}`, "1");
      this.join(hereName.value.trim(), Number(here.dataset.seat), true);
    });
    $("#join-name", this.root)?.addEventListener("input", (ev) => {
      this.joinDraft = ev.target.value;
    });
    const refocus = typingId && $(`#${typingId}`, this.root);
    if (refocus && !refocus.hidden && !refocus.closest("[hidden]")) {
      refocus.focus();
      if (caret && refocus.setSelectionRange) refocus.setSelectionRange(caret[0], caret[1]);
    }
    on("[data-take]", (b) => this.join(($("#join-name", this.root)?.value || savedName()).trim(), Number(b.dataset.take)));
    const take = $("#take-form", this.root);
    if (take) {
      take.addEventListener("submit", (ev) => {
        ev.preventDefault();
        this.join($("#join-name", this.root).value.trim());
      });
    }
    on("#watch", () => this.watch());
    on("#ready", async () => {
      const res = await this.call("ready", { ready: !myReady }).catch(() => null);
      if (res) {
        this.table = res.table;
        this.render();
      }
    });
    on("#start", () => this.startGame());
    on("#leave", () => this.leave());
  }

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
      table: this.table,
      timeMs: st.time_ms,
      pending: this.pending,
      ui: this.ui,
      act: (a) => this.act(a),
      rerender: () => this.render(),
      fx: (target, text, cls) => this.fx(target, text, cls),
    };
  }

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
  }

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
        <div class="status-bar" id="status"></div>
        <section class="board" aria-label="${t("table.board")}"><div id="board"></div><div class="fx-layer" id="fx" aria-hidden="true"></div></section>
        <aside class="side">
          <div class="side-box" id="scores"></div>
          <details class="side-box log-box" id="log-box" open><summary>${t("log.title")}</summary><ol id="log" class="log" tabindex="0" aria-label="${t("log.title")}"></ol></details>
          <div class="side-box table-actions" id="table-actions"></div>
        </aside></div>`);
      layout = this.root.querySelector(".game-layout");
      if (matchMedia("(max-width: 700px)").matches) $("#log-box", layout).open = false;
    }
    const board = $("#board", layout);
    this.mod.render(board, ctx);
    this.renderStatus(ctx);
    render($("#scores", layout), this.mod.side ? this.mod.side(ctx) : this.defaultSide(ctx));
    this.renderActions(ctx);
    this.renderLog();
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
  }

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
  }

  defaultSide(ctx) {
    return html`<h3>${t("table.players")}</h3><ul class="plist">${this.table.seats.map((s) =>
      html`<li class="${ctx.toAct.includes(s.seat) ? "to-act" : ""}">${ctx.names[s.seat]}${
        s.seat === ctx.seat ? html` <span class="badge you">${t("table.you")}</span>` : ""}${
        s.kind === "human" && !s.connected ? html` <span class="badge off">${t("table.offline")}</span>` : ""}</li>`)}</ul>`;
  }

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
  }

  turnText(ctx) {
    if (!ctx.toAct.length) return "";
    return t("status.waiting", { names: listOf(ctx.toAct.map((s) => ctx.names[s])), count: ctx.toAct.length });
  }

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
  }

  renderActions(ctx) {
    const el = $("#table-actions", this.root);
    if (this.offer) {
      render(el, html`<button type="button" id="play-again" class="primary">${t("table.playagain")}</button>
        <button type="button" id="summary-btn">${t("summary.show")}</button>
        <button type="button" id="download">${t("summary.download")}</button>
        <button type="button" class="ghost" id="leave">${t("table.leave")}</button>`);
      $("#play-again", el).addEventListener("click", () => this.acceptRematch());
      $("#summary-btn", el).addEventListener("click", () => this.showSummary());
      $("#download", el).addEventListener("click", () => this.download());
      $("#leave", el).addEventListener("click", () => this.leave());
      return;
    }
    const over = this.table.status === "over";
    const held = this.heldSeats();
    render(el, html`
      ${over ? html`<button type="button" id="summary-btn" class="primary">${t("summary.show")}</button>` : ""}
      ${over && held.length ? html`<button type="button" id="rematch">${t("summary.rematch")}</button>` : ""}
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
    on("#download", () => this.download());
    on("#rules-here", () => window.saustall.showRules(this.table.game));
    on("#leave-game", () => {
      if (confirm(t("table.leaveconfirm"))) this.leave();
    });
  }

  async rematch() {
    if (this.offer) {
      await this.acceptRematch();
      return;
    }
    this.askedRematch = true; // the table message may come before the answer
    try {
      const res = await this.call("rematch", {});
      this.askedRematch = false; // its table message came already, or finds the lobby
      closeModal();
      this.table = res.table;
      this.gameOver = null;
      this.states = {};
      this.clearLog();
      this.render();
    } catch {
      this.askedRematch = false; // toast shown
    }
  }

  /** Take up someone else's rematch: say ready, and start at once if that was the last
   * thing missing. */
  async acceptRematch() {
    this.offer = false;
    closeModal();
    this.gameOver = null;
    this.states = {};
    this.prevViews = {};
    this.clearLog();
    this.ui = {};
    const held = this.heldSeats();
    const full = !this.table.seats.some((s) => s.kind === "empty");
    const othersReady = this.table.seats.every((s) => s.kind !== "human" || s.ready || held.includes(s.seat));
    if (full && othersReady) {
      await this.startGame();
    } else {
      for (const s of held) {
        const res = await this.call("ready", { ready: true }, s).catch(() => null);
        if (res) this.table = res.table;
      }
    }
    this.render();
  }

  showSummary() {
    const ctx = this.gameCtx();
    if (!ctx) return;
    const over = this.gameOver || { winners: this.table.winners || [], names: [], returns: [] };
    const w = over.winners || [];
    const mine = !ctx.spectator && w.includes(ctx.seat);
    const head = w.length ? t("summary.winner", { names: listOf(w.map((s) => ctx.names[s])), count: w.length }) : t("summary.draw");
    const held = this.heldSeats();
    const body = modal(t("summary.title"), html`
      <div class="summary ${mine ? "won" : ""}">
        <div class="summary-art" aria-hidden="true">${this.mod.icon ? this.mod.icon() : ""}</div>
        <p class="summary-head">${head}</p>
        ${mine ? html`<p class="summary-cheer">${t("summary.youwon", { count: w.length })}</p>` : ""}
        ${this.mod.summary ? this.mod.summary(ctx, over) : ""}
        <div class="buttons">
          ${held.length ? html`<button type="button" class="primary" id="sum-rematch">${this.offer ? t("table.playagain") : t("summary.rematch")}</button>` : ""}
          <button type="button" id="sum-download">${t("summary.download")}</button>
          <button type="button" class="ghost" id="sum-close">${t("summary.look")}</button>
        </div></div>`, { wide: true, className: "summary-modal" });
    const on = (sel, fn) => {
      const b = $(sel, body);
      if (b) b.addEventListener("click", fn);
    };
    on("#sum-rematch", () => this.rematch());
    on("#sum-download", () => this.download());
    on("#sum-close", () => closeModal());
  }

  /** Empty the log, forgetting which derived lines it has shown. */
  clearLog() {
    this.log = [];
    this.logKeys = new Set(); // "<game number> <key>" of lines from logViewEvents
  }

  /** Log lines the game module derives from a new state (e.g. a finished round), each once,
   * after the action that caused them. After a reconnect the log starts empty, so the lines
   * of earlier rounds come back from the full view, after the replayed actions. */
  logViewEvents(msg) {
    if (!this.mod?.viewEvents || !msg.view) return;
    for (const ev of this.mod.viewEvents(msg.view)) {
      const id = `${msg.game_number} ${ev.key}`;
      if (this.logKeys.has(id)) continue; // kept even when the line is trimmed off the log
      this.logKeys.add(id);
      this.log.push({ ...ev, type: "event", kind: "game", game_number: msg.game_number, seq: msg.seq });
    }
    if (this.log.length > LOG_MAX) this.log.splice(0, this.log.length - LOG_MAX);
  }

  renderLog() {
    const ol = $("#log", this.root);
    if (!ol) return;
    const current = this.names();
    const items = this.log.filter((e) => e.game_number === undefined || e.game_number === (this.table.game_number)).slice(-80);
    render(ol, items.map((e) => {
      let body = null;
      // A line keeps the name its seat had when it happened (a player who left later
      // is still the one who sat down and played these moves).
      const names = e.who && e.seat != null ? current.map((n, i) => (i === e.seat ? personName(e.who, n) : n)) : current;
      if (e.kind === "table" && e.code && has("log.table." + e.code)) {
        const params = e.params || {};
        body = tParts("log.table." + e.code, { ...params, name: html`<b>${personName(params.who, names[e.seat] || "")}</b>` });
      } else if ((e.kind === "game" || (e.kind === "action" && (e.action || e.seat != null))) && this.mod.describe) {
        body = this.mod.describe(e, names, this.states[this.active]?.view);
      }
      if (body === false) return "";
      if (!body) {
        const text = e.text || "";
        const name = e.seat != null ? names[e.seat] || "" : "";
        body = name && !text.startsWith(name) ? html`<b>${name}</b>: ${text}` : text;
      }
      return html`<li class="log-${e.kind}${e.timeout ? " timeout" : ""}">${body}${e.timeout ? html` <small>(${t("log.timeout")})</small>` : ""}</li>`;
    }));
    ol.scrollTop = ol.scrollHeight;
  }
}

export { lang };
