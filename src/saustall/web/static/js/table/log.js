// The table's log: the events of the game in words, newest last.
// Methods of TablePage (table.js mixes them in): `this` is the page.
import { t, tParts, has } from "../i18n.js";
import { html, render } from "../dom.js";
import { $ } from "../ui.js";
import { personName } from "../lobby.js";

/** The most lines the log keeps. */
export const LOG_MAX = 200;

export const tableLog = {
  /** Empty the log, forgetting which derived lines it has shown. */
  clearLog() {
    this.log = [];
    this.logKeys = new Set(); // "<game number> <key>" of lines from logViewEvents
  },

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
  },

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
  },
};
