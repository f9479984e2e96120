// Pigasus: cards revealed in real time, the big Pigasus button (Space), then click the pair.
import { t, listOf } from "../i18n.js";
import { html, render } from "../dom.js";
import { cardBackSVG } from "../art.js";
import { registerCue, tone } from "../sound.js";
import { pigasusCardSVG, pigasusToySVG } from "./pigasus/art.js";
import * as rules from "./pigasus/rules.js";

// A quick squeak up: somebody grabbed the Pigasus.
registerCue("grab", (ac) => tone(ac, { freq: 520, to: 1400, length: 0.16, type: "square", volume: 0.08 }));

const BACK = ["#4a148c", "#6a1b9a"]; // the purple of the card backs
import { roving, usingKeyboard, announce } from "../a11y.js";
import { toast } from "../ui.js";

// How long a grab may wait for the table's verdict before the page says it got none. The
// verdict normally comes after the simultaneity window (150 ms) and the trip to the server.
const GRAB_VERDICT_WAIT_MS = 3000;

const ANIMALS = { P: "pig", C: "crocodile", G: "giraffe", E: "elephant", H: "horse", S: "sheep", D: "duck", R: "rabbit", O: "owl" };

export function cardLabel(code) {
  return t("pg.cardname", { body: t("pg.animal." + ANIMALS[code[0]]), head: t("pg.head." + ANIMALS[code[1]]) });
}

function unitOf(view, seat) {
  return view.team_of ? view.team_of[seat] : seat;
}

function unitName(view, names, unit) {
  if (view.teams) return t("pg.team", { n: unit + 1, names: listOf(view.teams[unit].map((s) => names[s])) });
  return names[unit];
}

function holderOf(view, seat) {
  return view.pigasus ? view.pigasus.holders.find((h) => h.player === seat) : null;
}

function canGrab(ctx) {
  return ctx.legal.some((l) => / grab$/.test(l.action));
}

function canReveal(ctx) {
  return ctx.legal.some((l) => / reveal$/.test(l.action));
}

function canPoint(ctx) {
  return ctx.legal.some((l) => / point /.test(l.action));
}

/**
 * Grab: the button shows "Grabbing…" in the same task as the tap (the page renders as the
 * action is sent), screen readers hear that it was sent, and a second tap while the table
 * judges sends nothing. The timing and the rules are the server's as before: the grab is
 * sent at once. The pending state ends with the verdict (render, refusal) or, with no
 * answer after GRAB_VERDICT_WAIT_MS, with a message saying so.
 */
function grabPigasus(ctx) {
  const ui = ctx.ui;
  if (ui.grabPending || !canGrab(ctx)) return;
  const pending = { at: performance.now() };
  ui.grabPending = pending;
  if (!ctx.act("grab")) { // not sent (no connection): the page said so already
    ui.grabPending = null;
    ctx.rerender();
    return;
  }
  announce(t("pg.grab.pending"));
  setTimeout(() => {
    if (ui.grabPending !== pending) return;
    ui.grabPending = null;
    toast(t("pg.grab.noanswer"), t("pg.grab.noanswer.detail"), "warn");
    announce(t("pg.grab.noanswer"));
    ctx.rerender();
  }, GRAB_VERDICT_WAIT_MS);
}

/** Who holds the Pigasus, as a sentence: "You grabbed ...", "Ben and Cleo grabbed ...". */
function heldText(holders, names, seat) {
  const others = holders.filter((p) => p !== seat).map((p) => names[p]);
  if (others.length === holders.length) return t("pg.held", { names: listOf(others), count: others.length });
  if (!others.length) return t("pg.held.you");
  return t("pg.held.youand", { names: listOf([t("pg.youcap"), ...others]) });
}

/** A sentence about the latest settled grab, for the feedback line. */
export function outcomeText(view, names, seat) {
  const mine = view.outcome.find((o) => o.player === seat);
  const lines = [];
  let kind = "info";
  for (const o of view.outcome) {
    // Sentences about you have keys of their own ("You were too slow", not "you was").
    const you = o.player === seat ? ".you" : "";
    const who = names[o.player];
    if (o.result === "right") lines.push(t("pg.res.right" + you, { who, n: o.cards.length }));
    else if (o.result === "split") lines.push(t("pg.res.split" + you, { who }));
    else if (o.result === "crowded") lines.push(t("pg.res.crowded" + you, { who }));
    // Nothing collected yet: nothing goes back, and the line says so (not "0 cards").
    else lines.push(t("pg.res.wrong" + (o.paid ? "" : ".none") + you, { who, n: o.paid }));
  }
  if (mine) kind = mine.result === "wrong" ? "wrong" : "right";
  return { text: lines.join(" · "), kind };
}

export default {
  realtime: true,
  rules, // the rules dialog's text, questions and answers, and cited decisions

  /** The lobby's picture of the game, named after it. */
  tile() {
    return pigasusCardSVG("giraffe", "pig", t("game.pigasus"));
  },

  icon() {
    return pigasusToySVG();
  },

  statusHint(ctx) {
    const v = ctx.view;
    if (v.phase === "over") return "";
    if (v.pigasus) {
      return heldText(v.pigasus.holders.map((h) => h.player), ctx.names, ctx.seat);
    }
    const dealer = v.dealer === ctx.seat ? t("pg.youdeal") : t("pg.dealer", { name: ctx.names[v.dealer] });
    return `${dealer} · ${t("pg.left", { n: v.deck_count })}${v.tiebreak ? " · " + t("pg.tiebreak") : ""}`;
  },

  render(el, ctx) {
    const v = ctx.view;
    const ui = ctx.ui;
    const me = ctx.seat;
    const holding = me !== null && holderOf(v, me);
    // The verdict on a grab sent from here: this seat holds the Pigasus (alone or with
    // others), or may no longer grab (a refusal says why, see refusal()).
    if (ui.grabPending && (holding || ctx.spectator || !canGrab(ctx))) ui.grabPending = null;
    const grabbing = Boolean(ui.grabPending);
    const pointing = holding && holding.pointed === null && canPoint(ctx);
    if (!pointing) ui.picked = [];
    ui.picked = (ui.picked || []).filter((c) => v.table.some((x) => x.card === c));
    const prevCards = new Set((ctx.prev?.table || []).map((x) => `${x.slot}:${x.card}`));
    const maxSlot = v.table.reduce((m, x) => Math.max(m, x.slot), -1);
    const bySlot = {};
    for (const x of v.table) bySlot[x.slot] = x;
    const cells = [];
    for (let s = 0; s <= maxSlot; s++) {
      const x = bySlot[s];
      if (!x) {
        cells.push(html`<div class="pg-slot empty"></div>`);
        continue;
      }
      const fresh = ctx.prev && !prevCards.has(`${x.slot}:${x.card}`);
      const picked = ui.picked.includes(x.card);
      const label = cardLabel(x.card);
      cells.push(html`<button type="button" class="pg-card ${fresh ? "new" : ""} ${pointing ? "pickable" : ""} ${picked ? "picked" : ""}"
        data-code="${x.card}" aria-label="${label}" aria-pressed="${String(picked)}" tabindex="${pointing ? null : "-1"}">
        ${pigasusCardSVG(ANIMALS[x.card[0]], ANIMALS[x.card[1]], label)}<span class="pg-label">${label}</span></button>`);
    }
    const fb = v.outcome.length ? outcomeText(v, ctx.names, me) : null;
    let feedback = "";
    if (pointing) feedback = html`<div class="pg-feedback info">${t("pg.pointnow")}</div>`;
    else if (grabbing) feedback = html`<div class="pg-feedback info pending">${t("pg.grab.pending")}</div>`;
    else if (holding) feedback = html`<div class="pg-feedback info">${t("pg.waitjudge")}</div>`;
    else if (v.pigasus) feedback = html`<div class="pg-feedback info">${heldText(v.pigasus.holders.map((h) => h.player), ctx.names, ctx.seat)}</div>`;
    else if (fb) feedback = html`<div class="pg-feedback ${fb.kind}">${fb.text}</div>`;
    else feedback = html`<div class="pg-feedback"></div>`;
    const grabOk = !ctx.spectator && canGrab(ctx);
    const reveal = !ctx.spectator && canReveal(ctx);
    const units = v.scores.map((s, u) => ({ u, s }));
    const holdersUnits = new Set((v.pigasus?.holders || []).map((h) => unitOf(v, h.player)));
    render(el, html`
      <div class="pg-wrap">
        <div class="pg-top">
          <div class="pg-deck"><span class="pg-back">${cardBackSVG(BACK)}</span>
            <span><b>${t("pg.left", { n: v.deck_count })}</b><br><small>${t("pg.aside", { n: v.set_aside_count })} · ${t("pg.box", { n: v.box_count })}</small></span></div>
          ${reveal ? html`<button type="button" class="primary big" id="pg-reveal">${t("pg.reveal")} <kbd>Enter</kbd></button>` : html`<span class="muted">${this.statusHint(ctx)}</span>`}
        </div>
        <div class="pg-grid">${cells.length ? cells : html`<p class="muted">${t("pg.nocards")}</p>`}</div>
        ${feedback}
        <div class="grab-zone">
          ${ctx.spectator ? "" : pointing
            ? html`<div class="buttons"><span class="pg-pick">${t("pg.picked", { n: ui.picked.length })}</span>
               <button type="button" class="ghost" id="pg-none">${t("pg.nopair")} <kbd>N</kbd></button></div>`
            : html`<button type="button" class="grab-btn ${holding ? "held" : ""} ${grabbing ? "pending" : ""}" id="pg-grab" ${grabOk ? "" : "disabled"} aria-keyshortcuts="Space">
                ${pigasusToySVG()}<span>${holding ? t("pg.holding") : grabbing ? t("pg.grabbing") : t("pg.grab")}</span><kbd>${t("pg.space")}</kbd></button>`}
          <p class="pg-keys">${t("pg.keys")}</p>
        </div>
        <div class="pg-piles">${units.map(({ u, s }) => html`<div class="pg-pile ${holdersUnits.has(u) ? "holder" : ""} ${me !== null && unitOf(v, me) === u ? "mine" : ""}">
          <span class="stack" data-height="${4 + Math.min(40, s * 2)}"></span><span>${unitName(v, ctx.names, u)}: <b>${s}</b></span></div>`)}</div>
      </div>`);
    // Heights through the CSSOM: the Content-Security-Policy forbids style="..." markup.
    el.querySelectorAll(".stack[data-height]").forEach((st) => (st.style.height = `${st.dataset.height}px`));
    // Pointing: the cards are one Tab stop (arrow keys move), and the focus goes there
    // as soon as the grab is won.
    if (pointing) {
      roving(el.querySelector(".pg-grid"), "cards", ".pg-card", { current: (b) => b.classList.contains("picked") });
      if (!ui.pointing && usingKeyboard()) ui.focusTo = (root) => root.querySelector(".pg-grid .pg-card[tabindex='0']");
    }
    ui.pointing = pointing;
    const grab = el.querySelector("#pg-grab");
    if (grab) grab.addEventListener("click", () => grabOk && grabPigasus(ctx));
    const rv = el.querySelector("#pg-reveal");
    if (rv) rv.addEventListener("click", () => ctx.act("reveal"));
    el.querySelectorAll(".pg-card.pickable").forEach((b) => b.addEventListener("click", () => {
      const c = b.dataset.code;
      ui.picked = ui.picked.includes(c) ? ui.picked.filter((x) => x !== c) : [...ui.picked, c].slice(-2);
      if (ui.picked.length === 2) {
        const [a, z] = ui.picked;
        ui.picked = [];
        ctx.act(`point ${a},${z}`);
        return;
      }
      ctx.rerender();
    }));
    const none = el.querySelector("#pg-none");
    if (none) none.addEventListener("click", () => ctx.act("point none"));
  },

  /** A grab that came too late is not a wrong move: say who was quicker. */
  refusal(msg, ctx) {
    ctx.ui.grabPending = null; // the table answered: whatever was sent is judged
    if (msg.rule !== "pigasus-held") return null;
    const holders = (ctx.view.pigasus?.holders || []).filter((h) => h.player !== ctx.seat).map((h) => ctx.names[h.player]);
    return { title: t("pg.late.title"), detail: holders.length ? t("pg.late", { names: holders.join(", ") }) : t("pg.late.someone") };
  },

  onKey(ev, ctx) {
    if (ctx.spectator) return;
    if (ev.code === "Space" || ev.key === " ") {
      ev.preventDefault();
      if (canGrab(ctx)) grabPigasus(ctx);
    } else if (ev.key === "Enter" || ev.key === "r" || ev.key === "R") {
      if (canReveal(ctx)) {
        ev.preventDefault();
        ctx.act("reveal");
      }
    } else if (ev.key === "Escape" || ev.key === "n" || ev.key === "N") {
      if (canPoint(ctx) && holderOf(ctx.view, ctx.seat)?.pointed === null) ctx.act("point none");
    }
  },

  /** The sound cue for a move (see sound.js). */
  cue(ev) {
    return (ev.action || "").split(" ")[1] === "grab" ? "grab" : null;
  },

  /** Lines for screen readers about a new state: each card just turned face up. */
  news(ctx) {
    if (!ctx.prev) return [];
    const before = new Set((ctx.prev.table || []).map((x) => `${x.slot}:${x.card}`));
    return ctx.view.table.filter((x) => !before.has(`${x.slot}:${x.card}`)).map((x) => cardLabel(x.card));
  },

  describe(ev, names) {
    const w = (ev.action || "").split(" ");
    const kind = w[1];
    if (kind === "tick" || kind === "reveal") return false;
    const who = ev.seat != null ? html`<b>${names[ev.seat] ?? ""}</b>` : "";
    if (kind === "grab") return html`${who} ${t("pg.log.grab")}`;
    if (kind === "point") {
      if (w[2] === "none") return html`${who} ${t("pg.log.none")}`;
      const [a, b] = w[2].split(",");
      if (!b) return html`${who} ${t("pg.log.point1", { a: cardLabel(a) })}`; // one finger at a time
      return html`${who} ${t("pg.log.point", { a: cardLabel(a), b: cardLabel(b) })}`;
    }
    return null;
  },

  side(ctx) {
    const v = ctx.view;
    const stats = v.stats || [];
    return html`<h3>${t("pg.scores")}</h3><table class="score-table"><thead><tr><th>${t("table.players")}</th><th class="num">${t("pg.cards")}</th><th class="num">${t("pg.rightwrong")}</th></tr></thead><tbody>
      ${ctx.names.slice(0, v.players).map((n, p) => html`<tr class="${p === ctx.seat ? "winner" : ""}"><td title="${ctx.titles?.[p]}">${n}${v.teams ? html` <small>(${t("pg.teamshort", { n: unitOf(v, p) + 1 })})</small>` : ""}</td>
        <td class="num">${v.teams ? "" : v.scores[p]}</td><td class="num">${stats[p] ? `${stats[p].right + stats[p].split}/${stats[p].wrong}` : ""}</td></tr>`)}
      </tbody></table>${v.teams ? html`<ul class="plist">${v.scores.map((s, u) => html`<li><span>${unitName(v, ctx.names, u)}</span><b>${s}</b></li>`)}</ul>` : ""}`;
  },

  summary(ctx) {
    const v = ctx.view;
    const rows = v.scores.map((s, u) => ({ u, s })).sort((a, b) => b.s - a.s);
    return html`<table class="score-table"><thead><tr><th></th><th class="num">${t("pg.cards")}</th></tr></thead><tbody>
      ${rows.map(({ u, s }) => html`<tr><td>${unitName(v, ctx.names, u)}</td><td class="num">${s}</td></tr>`)}</tbody></table>
      <p class="muted">${t("pg.end." + (v.end_reason || "most-cards"))}</p>`;
  },

  onEvent(el, ev, ctx) {
    const w = (ev.action || "").split(" ");
    if (w[1] === "grab" && ev.seat !== ctx.seat) {
      const zone = el.querySelector(".pg-feedback");
      if (zone) zone.classList.add("flash");
    }
  },
};
