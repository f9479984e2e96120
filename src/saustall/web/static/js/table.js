// A table: the waiting room, the game board for each seat held on this device (hot-seat),
// the spectator view, the log, the end-of-game summary, rematch and record download.
import { t, has, lang } from "./i18n.js";
import { html, render } from "./dom.js";
import { api, loadSeats, saveSeats, rememberSeat, forgetSeat, TableSocket } from "./net.js";
import { $, toast, banner, closeModal, modalOpen } from "./ui.js";
import { gameModule } from "./games/index.js";
import { captureFocus, restoreFocus, focusFirst, groupStop, usingKeyboard } from "./a11y.js";
import { TableFeedback } from "./feedback.js";
import { rulesetTitle, personName, personTitle, botLegend } from "./lobby.js";
import { citedPassage } from "./rules.js";
import { waitingRoom } from "./table/waiting.js";
import { board } from "./table/board.js";
import { afterGame } from "./table/after_game.js";
import { LOG_MAX, tableLog } from "./table/log.js";
import { tableChat } from "./table/chat.js";

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
    this.clearChat();
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
    clearInterval(this.poll);
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
    if (!this.invite && !this.heldSeats().length) await this.inviteFromList();
    if (!this.invite && !this.heldSeats().length) {
      // A link without its invitation: the page says so, and keeps the table's state
      // current (no socket without an invite), picking up the invite if the table shows
      // in the open-tables list again.
      this.poll = setInterval(() => this.refreshWithoutInvite(), 5000);
    }
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

  /** A public table in the lobby with a free seat shows its invite in the open-tables
   * list (docs/protocol.md): a link without the invite can use that one. Private tables
   * never show it, so they stay closed to anyone without the full link. */
  async inviteFromList() {
    try {
      const { tables } = await api("GET", "/api/tables");
      const entry = (tables || []).find((x) => x.table_id === this.tableId);
      if (!entry?.invite) return false;
      this.invite = entry.invite;
      const stored = loadSeats(this.tableId);
      stored.invite = entry.invite;
      saveSeats(this.tableId, stored);
      return true;
    } catch {
      return false;
    }
  }

  async refreshWithoutInvite() {
    if (this.invite || this.heldSeats().length) {
      clearInterval(this.poll);
      return;
    }
    try {
      this.table = await api("GET", `/api/tables/${encodeURIComponent(this.tableId)}`);
    } catch {
      return;
    }
    if (this.table.public && this.table.status === "lobby" && (await this.inviteFromList())) {
      clearInterval(this.poll);
      this.connect();
    }
    this.render();
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
        if (primary) {
          this.clearLog();
          this.clearChat(); // the server sends the table's recent chat again
        }
        break;
      case "chat":
        if (primary) this.chatMessage(msg);
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

  /** Each seat's tooltip: a bot's name with its level ("Bot 2 (Club player)"), else null. */
  seatTitles() {
    return (this.table?.seats || []).map((s) => personTitle(s.label));
  }

  /** The bots' level, said once for the table ("Bots: Club player"; "" without bots). */
  botLegend() {
    return botLegend((this.table?.seats || []).map((s) => s.label));
  }

  // --- actions -----------------------------------------------------------------------------
  /** Send `action` for the seat on the screen; false if it could not be sent. */
  act(action) {
    const sock = this.sockets[this.active];
    if (!sock || this.active === "spectator") return false;
    if (!sock.send({ type: "action", action, id: sock.nextId++ })) {
      toast(t("net.notsent"), "", "warn");
      return false;
    }
    this.pending = true;
    this.render();
    return true;
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
      if (extra) {
        // Seated on this device next to its holder (hot-seat): ready at once, as the
        // holder's Start would make them, so every page shows the seat as ready.
        const ready = await this.call("ready", { ready: true }, res.seat).catch(() => null);
        if (ready) this.table = ready.table;
      }
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
    if (!this.invite && !this.heldSeats().length) this.renderNoInvite();
    else if (this.table.status === "lobby" && !this.offer) this.renderWaiting();
    else this.renderGame();
    const wanted = this.ui.focusTo;
    delete this.ui.focusTo;
    if (!(wanted && focusFirst(this.root, [() => wanted(this.root)]))) restoreFocus(this.root, focus);
    this.placeFirstFocus();
  }

  /** A keyboard user who arrived here (e.g. "Play now" by Enter) finds the focus on the
   * table, not on the page's <body>: on their hand (or the hot-seat cover's button), else
   * on the page's heading or the status bar. Once per page, and never taken from a control. */
  placeFirstFocus() {
    if (this.focusPlaced) return;
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) {
      if (this.root.contains(now)) this.focusPlaced = true;
      return;
    }
    if (!usingKeyboard()) return;
    const landmark = (sel) => {
      const el = this.root.querySelector(sel);
      if (el && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
      return el;
    };
    this.focusPlaced = focusFirst(this.root, [
      () => {
        const fallback = this.root.querySelector("[data-focus-fallback]");
        return fallback && (fallback.dataset.roving ? groupStop(this.root, fallback.dataset.roving) : fallback);
      },
      () => landmark("h1"),
      () => landmark(".status-bar"),
    ]);
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

}

// The sections of a table page, each in its module (table/*.js), as methods of the page.
Object.assign(TablePage.prototype, waitingRoom, board, afterGame, tableLog, tableChat);

export { lang };
