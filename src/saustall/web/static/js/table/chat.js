// The table's chat (issue 28): quick phrases worded in the reader's language, free text
// shown as text only, a mute per sender kept in localStorage, new lines announced politely.
// Methods of TablePage (table.js mixes them in): `this` is the page.
import { t } from "../i18n.js";
import { html, render } from "../dom.js";
import { $, toast } from "../ui.js";
import { personName } from "../lobby.js";

/** The quick phrases the server knows (docs/protocol.md, "Chat"), as ids. */
export const QUICK_PHRASES = ["hello", "gg", "wp", "oops", "thanks", "sorry", "nice", "bye"];
/** The most chat lines the page keeps (the server sends its last 100 on connect). */
const CHAT_MAX = 100;
const MAX_TEXT = 200;

export const tableChat = {
  clearChat() {
    this.chat = [];
  },

  /** Who sent a chat line, as a key the mute list keeps: seat and name, or spectator number. */
  chatSender(m) {
    return m.seat != null ? `seat:${m.seat}:${m.who?.name ?? ""}` : `spectator:${m.spectator}`;
  },

  chatName(m) {
    if (m.seat != null) return personName(m.who || { name: null }, this.names()[m.seat]) || t("table.seat", { n: m.seat + 1 });
    return t("chat.spectator", { n: m.spectator ?? "?" });
  },

  chatBody(m) {
    return m.quick ? t("chat.quick." + m.quick) : m.text || "";
  },

  mutedKey() {
    return `saustall.chat.muted.${this.tableId}`;
  },

  muted() {
    try {
      const list = JSON.parse(localStorage.getItem(this.mutedKey()) || "[]");
      return new Set(Array.isArray(list) ? list : []);
    } catch {
      return new Set();
    }
  },

  setMuted(sender, on) {
    const list = this.muted();
    if (on) list.add(sender);
    else list.delete(sender);
    localStorage.setItem(this.mutedKey(), JSON.stringify([...list]));
    this.renderChat();
  },

  /** Whose lines are the viewer's own (never muted, never announced). */
  ownSender(m) {
    if (m.seat != null) return this.heldSeats().includes(m.seat);
    return false;
  },

  chatMessage(msg) {
    if (!this.chat) this.clearChat();
    this.chat.push(msg);
    if (this.chat.length > CHAT_MAX) this.chat.splice(0, this.chat.length - CHAT_MAX);
    this.renderChat();
    if (!msg.replay && !this.ownSender(msg) && !this.muted().has(this.chatSender(msg))) {
      const live = $("#chat-live", this.root);
      if (live) live.textContent = t("chat.said", { name: this.chatName(msg), text: this.chatBody(msg) });
    }
  },

  /** May this page write now: a seat's socket, or a spectator's when the table allows it. */
  chatWriter() {
    if (this.active === "spectator" || !this.heldSeats().length) {
      return this.table?.spectator_chat ? this.sockets.spectator : null;
    }
    return this.sockets[this.active] || this.sockets[this.heldSeats()[0]] || null;
  },

  sendChat(body) {
    const sock = this.chatWriter();
    if (!sock || !sock.send({ type: "chat", ...body, id: sock.nextId++ })) {
      return false;
    }
    return true;
  },

  /** The chat box, made once with the game layout (the typed text survives redraws). */
  chatBox() {
    if (this.hotseat()) return ""; // one device, everyone at it: nobody to chat with
    const quick = QUICK_PHRASES.map((id) => html`<button type="button" class="chat-quick" data-quick="${id}">${t("chat.quick." + id)}</button>`);
    return html`<details class="side-box chat-box" id="chat-box" open><summary>${t("chat.title")}</summary>
      <ol id="chat-list" class="chat-list" tabindex="0" aria-label="${t("chat.title")}"></ol>
      <p class="chat-muted" id="chat-muted" hidden></p>
      <div class="chat-write" id="chat-write">
        <div class="chat-quicks" role="group" aria-label="${t("chat.quicks")}">${quick}</div>
        <form class="chat-form" id="chat-form">
          <label class="sr-only" for="chat-text">${t("chat.label")}</label>
          <input id="chat-text" type="text" maxlength="${MAX_TEXT}" autocomplete="off" placeholder="${t("chat.placeholder")}">
          <button type="submit" class="chat-send">${t("chat.send")}</button>
        </form>
      </div>
      <p class="chat-readonly" id="chat-readonly" hidden>${t("chat.readonly")}</p>
      <div class="sr-only" id="chat-live" aria-live="polite" aria-atomic="true"></div>
    </details>`;
  },

  wireChat(layout) {
    const box = $("#chat-box", layout);
    if (!box) return;
    if (matchMedia("(max-width: 700px)").matches) box.open = false;
    for (const b of box.querySelectorAll("[data-quick]")) {
      b.addEventListener("click", () => {
        if (!this.sendChat({ quick: b.dataset.quick })) toast(t("chat.notsent"), "", "warn");
      });
    }
    $("#chat-form", box).addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = $("#chat-text", box);
      const text = input.value.trim();
      if (!text) return;
      if (this.sendChat({ text })) input.value = "";
      else toast(t("chat.notsent"), "", "warn");
    });
    box.addEventListener("click", (ev) => {
      const b = ev.target.closest("[data-mute]");
      if (b) this.setMuted(b.dataset.mute, b.dataset.on === "1");
    });
    this.renderChat();
  },

  renderChat() {
    const list = $("#chat-list", this.root);
    if (!list) return;
    const muted = this.muted();
    const shown = (this.chat || []).filter((m) => !muted.has(this.chatSender(m)));
    render(list, shown.map((m) => {
      const sender = this.chatSender(m);
      const name = this.chatName(m);
      const mute = this.ownSender(m) ? "" : html` <button type="button" class="chat-mute link small" data-mute="${sender}" data-on="1" aria-label="${t("chat.mute", { name })}">${t("chat.mutebutton")}</button>`;
      return html`<li class="chat-line${m.quick ? " chat-quickline" : ""}"><b>${name}</b>: <span class="chat-body">${this.chatBody(m)}</span>${mute}</li>`;
    }));
    list.scrollTop = list.scrollHeight;
    const mutedLine = $("#chat-muted", this.root);
    const names = new Map();
    for (const m of this.chat || []) if (muted.has(this.chatSender(m))) names.set(this.chatSender(m), this.chatName(m));
    mutedLine.hidden = !names.size;
    render(mutedLine, names.size ? html`${t("chat.mutedlist")} ${[...names].map(([key, name]) => html`<button type="button" class="chat-unmute link small" data-mute="${key}" data-on="0" aria-label="${t("chat.unmute", { name })}">${name}</button> `)}` : "");
    const canWrite = !!this.chatWriter() || (this.heldSeats().length > 0 && this.active !== "spectator");
    $("#chat-write", this.root).hidden = !canWrite;
    $("#chat-readonly", this.root).hidden = canWrite;
  },
};
