// After a game: the rematch offer and the end-of-game summary.
// Methods of TablePage (table.js mixes them in): `this` is the page.
import { t, listOf } from "../i18n.js";
import { html } from "../dom.js";
import { $, toast, modal, closeModal } from "../ui.js";
import { replayHref } from "../replay.js";

export const afterGame = {
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
  },

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
  },

  /** The replay of the game just finished (or of the table's last finished game). */
  openReplay() {
    const n = this.gameOver?.game_number || (this.table.status === "over" ? this.table.game_number : this.table.game_number - 1);
    closeModal({ restore: false });
    this.ctx.navigate(replayHref(this.tableId, n, this.heldSeats().length ? null : this.invite));
  },

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
          <button type="button" id="sum-replay">${t("replay.open")}</button>
          <button type="button" id="sum-download">${t("summary.download")}</button>
          <button type="button" class="ghost" id="sum-close">${t("summary.look")}</button>
        </div></div>`, { wide: true, className: "summary-modal" });
    const on = (sel, fn) => {
      const b = $(sel, body);
      if (b) b.addEventListener("click", fn);
    };
    on("#sum-rematch", () => this.rematch());
    on("#sum-replay", () => this.openReplay());
    on("#sum-download", () => this.download());
    on("#sum-close", () => closeModal());
  },
};
