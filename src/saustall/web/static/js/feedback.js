// What a table tells a player besides the picture: a polite line for screen readers
// ("Your turn", what the others did) and, when sound is on, a short cue.
import { t } from "./i18n.js";
import { fragment } from "./dom.js";
import { announce, textOf } from "./a11y.js";
import { playCue } from "./sound.js";

export class TableFeedback {
  /** `page` is the TablePage whose messages this follows. */
  constructor(page) {
    this.page = page;
    this.myTurn = {}; // seat key -> whether the last state asked that seat to move
  }

  /** Forget what was seen (a new game starts). */
  reset() {
    this.myTurn = {};
  }

  /** A new `state` message `msg` arrived for the seat (or spectator) `key`. */
  state(key, msg) {
    const page = this.page;
    if (key !== page.active || !page.mod) return;
    const seat = key === "spectator" ? null : Number(key);
    const mine = seat !== null && !page.mod.realtime && msg.status === "playing" && (msg.to_act || []).includes(seat);
    const was = this.myTurn[key];
    this.myTurn[key] = mine;
    if (mine && !was) {
      announce(page.hotseat() ? `${t("status.yourturn")} (${page.names()[seat] ?? ""})` : t("status.yourturn"));
      playCue("turn");
    }
    if (page.mod.news && msg.view) {
      const ctx = page.gameCtx();
      if (ctx) for (const line of page.mod.news(ctx)) announce(line);
    }
  }

  /** A live (not replayed) `event` message about an action: a line for the others'
   * moves and the action's cue. */
  event(msg) {
    const page = this.page;
    if (msg.kind !== "action" || msg.replay || !page.mod) return;
    const cue = page.mod.cue ? page.mod.cue(msg) : null;
    if (cue) playCue(cue);
    if (msg.seat === null || msg.seat === undefined || msg.seat === page.active) return;
    let body = page.mod.describe ? page.mod.describe(msg, page.names(), page.states[page.active]?.view) : null;
    if (body === false) return;
    if (!body) body = msg.text || "";
    announce(textOf(fragment(body)));
  }
}
