// The waiting room: the seats, who is ready, the invite, and seating people and bots.
// Methods of TablePage (table.js mixes them in): `this` is the page.
import { t, listOf } from "../i18n.js";
import { html, render } from "../dom.js";
import { api } from "../net.js";
import { $, $$, toast, closeModal } from "../ui.js";
import { savedName, rulesetSummary, levelName, levelDescription, botLevelOptions, rememberedLevel, personName, personTitle } from "../lobby.js";

export const waitingRoom = {
  /** Draw the waiting room, keeping what the person was typing, and where. */
  renderWaiting() {
    closeModal();
    const room = this.waitingState();
    // The waiting room is drawn again whenever the table changes (someone joins, a socket
    // connects): what the person was typing, and where, must survive that.
    const typing = document.activeElement;
    const typingId = typing && this.root.contains(typing) ? typing.id : null;
    const caret = typingId && typing.selectionStart != null ? [typing.selectionStart, typing.selectionEnd] : null;
    render(this.root, this.waitingHtml(room));
    this.wireWaiting(room);
    const refocus = typingId && $(`#${typingId}`, this.root);
    if (refocus && !refocus.hidden && !refocus.closest("[hidden]")) {
      refocus.focus();
      if (caret && refocus.setSelectionRange) refocus.setSelectionRange(caret[0], caret[1]);
    }
  },

  /** A table link without its invitation: who sits there and what the table is doing
   * (public facts), that the link is incomplete, and what the person can do about it. */
  renderNoInvite() {
    const tb = this.table;
    render(this.root, html`
      <section class="panel waiting no-invite">
        <h1>${this.tableTitle()}</h1>
        <p class="table-state">${t("table.state." + tb.status)}</p>
        <ol class="seat-list">
          ${tb.seats.map((s) => html`<li class="seat ${s.kind}" data-seat="${s.seat}"><span class="seat-no">${s.seat + 1}</span>
            <span class="seat-name" title="${personTitle(s.label)}">${s.kind === "empty" ? html`<em>${t("table.empty")}</em>` : personName(s.label || { name: s.name })}</span></li>`)}
        </ol>
        <div class="notice" role="status">
          <h2 tabindex="-1" id="noinvite-title">${t("table.noinvite.title")}</h2>
          <p>${t("table.noinvite.body")}</p>
          <p>${t(tb.public ? "table.noinvite.public" : "table.noinvite.private")}</p>
        </div>
        <div class="buttons"><a class="button primary" data-nav href="/">${t("table.tolobby")}</a></div>
      </section>`);
  },

  /** Who holds which seat here, who is ready, whether the game can start, and the hint. */
  waitingState() {
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
    return { tb, held, g, rs, mine, free, canStart, myReady, hint };
  },

  /** The waiting room's markup. */
  waitingHtml(room) {
    const { tb, held, rs, mine, free, canStart, myReady, hint } = room;
    return html`
      <section class="panel waiting">
        <h1>${this.tableTitle()}</h1>
        ${rs ? html`<p class="muted">${rulesetSummary(tb.game, rs)}</p>` : ""}
        ${tb.turn_timer ? html`<p class="muted timer-line">${t("table.timer", { n: Math.round(tb.turn_timer) })}</p>` : ""}
        ${tb.game_number > 1 ? html`<p class="badge-line">${t("table.rematchof", { n: tb.game_number })}</p>` : ""}
        ${this.invite ? html`<div class="invite"><label>${t("table.invite")}
            <input readonly id="invite-url" value="${this.inviteUrl()}"></label>
            <button type="button" id="copy">${t("table.copy")}</button></div>` : ""}
        <ol class="seat-list">
          ${tb.seats.map((s) => this.seatRow(s, room))}
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
        <button type="submit" class="primary">${t("table.addhere")}</button></form>`;
  },

  /** One seat of the list: who sits there, their badges, what this page may do with it. */
  seatRow(s, room) {
    const { tb, held, g, mine } = room;
    const isMine = held.includes(s.seat);
    const badges = [];
    if (isMine) badges.push(html`<span class="badge you">${t("table.you")}</span>`);
    if (s.kind === "bot") badges.push(html`<span class="badge bot" title="${levelDescription(tb.game, s.bot_level)}">${t("table.bot")} · ${levelName(s.bot_level)}</span>`);
    // A second seat held on this device (hot-seat) is ready as far as anyone can tell:
    // Start readies every seat held here, so "not ready" under "Everyone is here" is wrong.
    const ready = s.ready || (isMine && held.length > 1);
    if (s.kind === "human") badges.push(ready ? html`<span class="badge ok">✓ ${t("table.ready")}</span>` : html`<span class="badge wait">… ${t("table.notready")}</span>`);
    if (s.kind === "human" && !s.connected) badges.push(html`<span class="badge off">${t("table.offline")}</span>`);
    let actions = "";
    if (mine && s.kind === "empty") {
      actions = html`<select class="small" data-level="${s.seat}" aria-label="${t("lobby.botlevel")}">${botLevelOptions(g, rememberedLevel(tb.game), room.rs, tb.seats.length)}</select>
        <button type="button" class="small" data-addbot="${s.seat}">${t("table.addbot")}</button>
        ${this.mod.realtime ? "" : html`<button type="button" class="small ghost" data-here="${s.seat}">${t("table.addhere")}</button>`}`;
    } else if (mine && s.kind === "bot") {
      actions = html`<button type="button" class="small ghost" data-removebot="${s.seat}">${t("table.removebot")}</button>`;
    } else if (!mine && s.kind === "empty") {
      actions = html`<button type="button" class="small" data-take="${s.seat}">${t("table.take")}</button>`;
    }
    return html`<li class="seat ${s.kind} ${isMine ? "mine" : ""}" data-seat="${s.seat}">
      <span class="seat-no">${s.seat + 1}</span>
      <span class="seat-name" title="${personTitle(s.label)}">${s.kind === "empty" ? html`<em>${t("table.empty")}</em>` : personName(s.label || { name: s.name })}</span>
      <span class="badges">${badges}</span><span class="seat-actions">${actions}</span></li>`;
  },

  /** Clicks on the invite, the seats' buttons and the room's own buttons. */
  wireWaiting(room) {
    const { held, myReady } = room;
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
    this.wireHereForm(room, on);
    $("#join-name", this.root)?.addEventListener("input", (ev) => {
      this.joinDraft = ev.target.value;
    });
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
  },

  /** The form that seats another person at this device (hot-seat), kept open across redraws. */
  wireHereForm(room, on) {
    const { tb, mine } = room;
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
  },
};
