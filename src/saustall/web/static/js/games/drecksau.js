// Drecksau: every player's pigs with barns, doors, rods and pretty pigs; my hand; the piles.
// A card is picked from the hand, then its target by clicking the pig (or barn).
import { t, tParts } from "../i18n.js";
import { html, render } from "../dom.js";
import { cardBackSVG } from "../art.js";
import { registerCue, tone, noise } from "../sound.js";
import { pigSVG, dreckCardSVG, awardSVG } from "./drecksau/art.js";
import * as rules from "./drecksau/rules.js";

// A low, wet splat: mud on a pig.
registerCue("mud", (ac) => {
  noise(ac, { length: 0.3, filter: 380, q: 2, volume: 0.45, kind: "lowpass" });
  tone(ac, { freq: 140, to: 60, length: 0.25, type: "triangle", volume: 0.25 });
});
import { roving, groupStop } from "../a11y.js";

const cardName = (kind) => t("dk.card." + kind);

/** A trophy or mud bucket, labelled in the chosen language. */
const award = (kind, points) => awardSVG(kind, points, t("dk.award." + kind, { n: points }));

/** Parse the legal list into plays by card, discards and the special moves. */
function parseLegal(legal) {
  const plays = {}; // card -> Set of "t.i" or "" (no target)
  const discards = new Set();
  const special = {};
  for (const { action } of legal) {
    const w = action.split(" ");
    if (w[0] === "play") {
      (plays[w[1]] ||= new Set()).add(w[2] || "");
    } else if (w[0] === "discard") {
      discards.add(w[1].split(",").sort().join(","));
    } else {
      special[w[0]] = action;
    }
  }
  return { plays, discards, special };
}

function pigLabel(flags, owner, i) {
  const bits = [];
  bits.push(flags.dirty ? t("dk.pig.dirty") : t("dk.pig.clean"));
  if (flags.pretty) bits.push(t("dk.pig.pretty"));
  if (flags.barn) bits.push(t("dk.pig.barn"));
  if (flags.door) bits.push(t("dk.pig.door"));
  if (flags.rod) bits.push(t("dk.pig.rod"));
  return t("dk.pig.label", { n: i + 1, owner, state: bits.join(", ") });
}

function sameFlags(a, b) {
  return a && b && a.dirty === b.dirty && a.barn === b.barn && a.door === b.door && a.rod === b.rod && a.pretty === b.pretty;
}

function playerArea(view, ctx, p, { mine, targets, legalFor }) {
  const names = ctx.names;
  const pigs = view.pigs[p] || [];
  const prevPigs = ctx.prev?.pigs?.[p];
  const toAct = view.to_act.includes(p);
  const t_ = view.tournament;
  const awards = t_ ? (t_.awards[p] || []).map((a) => award(a.kind, a.points)) : [];
  const out = !view.participants.includes(p);
  const handCount = view.hand_counts[p] || 0;
  const pigsHtml = pigs.map((f, i) => {
    const key = `${p}.${i}`;
    const isTarget = targets.has(key);
    const changed = prevPigs && !sameFlags(prevPigs[i], f);
    const label = pigLabel(f, names[p], i);
    // A target's name ends with the card its hint shows ("..., Mud"): what is read is what is seen.
    const name = isTarget && legalFor ? `${label} · ${cardName(legalFor)}` : label;
    return html`<button type="button" class="pig ${f.dirty ? "dirty" : ""} ${f.pretty ? "pretty" : ""} ${isTarget ? "target" : ""} ${changed ? "changed" : ""}"
      data-pig="${key}" aria-disabled="${isTarget ? null : "true"}" title="${label}" aria-label="${name}">
      ${pigSVG(f, label)}${isTarget && legalFor ? html`<span class="pig-hint">${cardName(legalFor)}</span>` : ""}</button>`;
  });
  const dirtyCount = pigs.filter((f) => f.dirty && !f.pretty).length;
  const prettyCount = pigs.filter((f) => f.pretty).length;
  return html`<section class="player-area ${mine ? "mine" : ""} ${toAct ? "to-act" : ""} ${out ? "out" : ""}" data-player="${p}">
    <header class="pa-head">
      <span class="pa-name" title="${ctx.titles?.[p]}">${names[p]}${mine ? html` <span class="badge you">${t("table.you")}</span>` : ""}</span>
      <span class="pa-meta">${out ? t("dk.sittingout") : `${t("dk.dirtycount", { n: dirtyCount, of: pigs.length })}${prettyCount ? " · " + t("dk.prettycount", { n: prettyCount }) : ""}`}</span>
      ${!mine && !out ? html`<span class="mini-hand" title="${t("dk.handcount", { n: handCount })}">${Array.from({ length: handCount }, () => html`<i class="mini-card"></i>`)}</span>` : ""}
      ${awards.length ? html`<span class="pa-awards">${awards}</span>` : ""}
    </header>
    <div class="pigs">${pigsHtml}</div></section>`;
}

export default {
  realtime: false,
  rules, // the rules dialog's text, questions and answers, and cited decisions

  /** The lobby's picture of the game, named after it. */
  tile() {
    return pigSVG({ dirty: true, barn: false }, t("game.drecksau"));
  },

  icon() {
    return pigSVG({ dirty: true, barn: true, rod: true }, "");
  },

  statusHint(ctx) {
    const ui = ctx.ui;
    const { special } = parseLegal(ctx.legal);
    if (special.show) return t("dk.hint.show");
    if (special.pass) return t("dk.hint.pass");
    if (ctx.view.phase === "lucky-bird") return t("dk.hint.lucky");
    if (ui.mode === "discard") return t("dk.hint.discard");
    if (ui.sel) return t("dk.hint.target", { card: cardName(ui.sel) });
    return t("dk.hint.pick");
  },

  render(el, ctx) {
    const view = ctx.view;
    const ui = ctx.ui;
    const seat = ctx.seat;
    const hand = view.hand || [];
    const { plays, discards, special } = parseLegal(ctx.legal);
    const exchangeStyle = view.ruleset !== "drecksau";
    // Keep the selection only while it still makes sense.
    if (ui.sel && !plays[ui.sel]) ui.sel = null;
    if (ui.mode === "discard" && !discards.size) ui.mode = null;
    ui.picked = (ui.picked || []).filter((i) => i < hand.length);
    if (ui.mode !== "discard") ui.picked = [];
    const targets = new Set(ui.sel ? [...plays[ui.sel]].filter(Boolean) : []);
    const order = [];
    const n = view.players;
    const me = seat !== null && seat !== undefined && seat < n ? seat : null;
    for (let k = 1; k <= n; k++) {
      const p = me === null ? k - 1 : (me + k) % n;
      if (p !== me) order.push(p);
    }
    const others = order.map((p) => playerArea(view, ctx, p, { mine: false, targets, legalFor: ui.sel }));
    const mineArea = me !== null ? playerArea(view, ctx, me, { mine: true, targets, legalFor: ui.sel }) : "";
    const prevHand = ctx.prev?.hand || [];
    const prevCount = {};
    for (const c of prevHand) prevCount[c] = (prevCount[c] || 0) + 1;
    const fresh = hand.map((c) => {
      if (prevCount[c]) {
        prevCount[c]--;
        return false;
      }
      return ctx.prev !== null;
    });
    const myTurn = ctx.legal.length > 0;
    const cards = hand.map((c, i) => {
      const playable = !!plays[c];
      // Said in words on the card, not only by greyer art: this one cannot be played now. The
      // name is the visible words in order ("Mud can't play now"): axe-core, like speech input,
      // matches a name against the text shown, and brackets around the note break the match.
      const unplayable = myTurn && !playable && ui.mode !== "discard";
      const selected = ui.mode === "discard" ? ui.picked.includes(i) : ui.sel === c && ui.selIndex === i;
      return html`<button type="button" class="hand-card ${playable ? "playable" : "dim"} ${unplayable ? "unplayable" : ""} ${selected ? "selected" : ""} ${fresh[i] ? "drawn" : ""}"
        data-card="${c}" data-index="${i}" aria-pressed="${String(selected)}" aria-label="${unplayable ? `${cardName(c)} ${t("dk.cantplay")}` : cardName(c)}">${
        dreckCardSVG(c, cardName(c))}${unplayable ? html`<span class="card-note" aria-hidden="true">${t("dk.cantplay")}</span>` : ""}</button>`;
    });
    const pickedCards = ui.picked.map((i) => hand[i]).sort().join(",");
    const canDiscard = ui.mode === "discard" && discards.has(pickedCards);
    const buttons = [];
    if (ui.sel && plays[ui.sel]?.has("")) {
      buttons.push(html`<button type="button" class="primary big" data-do="play ${ui.sel}">${t("dk.play", { card: cardName(ui.sel) })}</button>`);
    }
    if (special.show) buttons.push(html`<button type="button" class="primary big" data-do="show">${t("dk.show")}</button>`);
    if (special.pass) buttons.push(html`<button type="button" class="primary" data-do="pass">${t("dk.pass")}</button>`);
    if (special.done) buttons.push(html`<button type="button" data-do="done">${t("dk.done")}</button>`);
    if (discards.size) {
      if (ui.mode === "discard") {
        buttons.push(html`<button type="button" class="primary" data-discard ${canDiscard ? "" : "disabled"}>${
          exchangeStyle ? t("dk.exchange.go", { n: ui.picked.length }) : t("dk.discard.go")}</button>`);
        buttons.push(html`<button type="button" class="ghost" data-mode="">${t("common.cancel")}</button>`);
      } else {
        buttons.push(html`<button type="button" data-mode="discard">${exchangeStyle ? t("dk.exchange") : t("dk.discard")}</button>`);
      }
    }
    const last = view.last;
    const lastText = last ? describeAction(last.action, ctx.names, last.player) : "";
    const discardPrev = ctx.prev?.discard_count ?? view.discard_count;
    const tour = view.tournament;
    render(el, html`
      <div class="dk-table ${ctx.pending ? "pending" : ""}">
        <div class="others">${others}</div>
        <div class="dk-mid">
        <div class="center">
          <div class="pile draw-pile" title="${t("dk.deck", { n: view.deck_count })}">
            ${view.deck_count ? cardBackSVG() : html`<div class="pile-empty"></div>`}<span class="pile-count">${view.deck_count}</span>
            <span class="pile-label">${t("dk.drawpile")}</span></div>
          <div class="pile discard-pile ${view.discard_count > discardPrev ? "landed" : ""}" title="${t("dk.discardpile", { n: view.discard_count })}">
            ${view.discard_top ? dreckCardSVG(view.discard_top, cardName(view.discard_top)) : html`<div class="pile-empty"></div>`}
            <span class="pile-count">${view.discard_count}</span><span class="pile-label">${t("dk.discardlabel")}</span></div>
          <div class="last-move">${tour ? html`<div class="round-tag">${t(tour.deciding ? "dk.tour.deciding" : "dk.tour.round", { n: tour.round })}</div>` : ""}
            ${last ? html`<span>${lastText}</span>` : html`<span class="muted">${(view.to_act[0] === ctx.seat && !ctx.spectator ? t("dk.firstmove.you") : t("dk.firstmove", { name: ctx.names[view.to_act[0]] ?? "" }))}</span>`}
            ${last?.shown ? html`<div class="shown">${last.shown.map((c) => html`<span class="mini-face">${dreckCardSVG(c, cardName(c))}</span>`)}</div>` : ""}</div>
        </div>
        ${mineArea}</div>
        ${me !== null ? html`<div class="hand-zone">
          <div class="hand" role="group" aria-label="${t("dk.yourhand")}" data-focus-fallback>${cards.length ? cards : html`<span class="muted">${t("dk.emptyhand")}</span>`}</div>
          <div class="hand-buttons">${ctx.legal.length ? buttons : ""}</div></div>` : ""}
      </div>`);
    // The keyboard: the hand is one Tab stop and so are the pigs; arrow keys move inside.
    // The hand's stop is the selected card, else the first one that can be played.
    roving(el.querySelector(".hand"), "hand", ".hand-card", {
      current: (b) => b.classList.contains("selected") || (!ui.sel && b.classList.contains("playable")),
    });
    roving(el.querySelector(".dk-table"), "pigs", ".pig", {
      current: (b) => (targets.size ? b.classList.contains("target") : !!b.closest(".player-area.mine")),
    });
    // Clicking a card: select it (play mode) or toggle it (discard mode).
    // A click from the keyboard (Enter or Space: detail 0) moves the focus on to what comes
    // next; a pointer needs no such help, and the page does not jump under it.
    el.querySelectorAll(".hand-card").forEach((b) => b.addEventListener("click", (ev) => {
      if (!ctx.legal.length) return;
      const i = Number(b.dataset.index);
      const c = b.dataset.card;
      if (ui.mode === "discard") {
        ui.picked = ui.picked.includes(i) ? ui.picked.filter((x) => x !== i) : exchangeStyle ? [...ui.picked, i] : [i];
      } else if (plays[c]) {
        const again = ui.sel === c && ui.selIndex === i;
        ui.sel = again ? null : c;
        ui.selIndex = again ? null : i;
        // What comes next is picking a target (or playing it): the focus goes there.
        if (!again && ev.detail === 0) ui.focusTo = (root) => root.querySelector(".pig.target") || root.querySelector(".hand-buttons [data-do^='play ']");
      } else if (discards.size) {
        ui.mode = "discard";
        ui.sel = null;
        ui.picked = [i];
      }
      ctx.rerender();
    }));
    el.querySelectorAll(".pig").forEach((b) => b.addEventListener("click", (ev) => {
      if (!ui.sel || !targets.has(b.dataset.pig)) return;
      const action = `play ${ui.sel} ${b.dataset.pig}`;
      if (ev.detail === 0) backToHand(ui);
      ui.sel = null;
      ctx.act(action);
    }));
    el.querySelectorAll("[data-do]").forEach((b) => b.addEventListener("click", (ev) => {
      if (ev.detail === 0) backToHand(ui);
      ui.sel = null;
      ctx.act(b.dataset.do);
    }));
    el.querySelectorAll("[data-mode]").forEach((b) => b.addEventListener("click", () => {
      ui.mode = b.dataset.mode || null;
      ui.sel = null;
      ui.picked = [];
      ctx.rerender();
    }));
    const d = el.querySelector("[data-discard]");
    if (d) d.addEventListener("click", (ev) => {
      if (!canDiscard) return;
      if (ev.detail === 0) backToHand(ui);
      ui.mode = null;
      ui.picked = [];
      ctx.act(`discard ${pickedCards}`);
    });
  },

  onKey(ev, ctx) {
    // Escape puts a picked card back (and the focus on it).
    const ui = ctx.ui;
    if (ev.key !== "Escape" || !(ui.sel || ui.mode)) return;
    ev.preventDefault();
    const index = ui.selIndex;
    ui.sel = null;
    ui.mode = null;
    ui.picked = [];
    ui.focusTo = (root) => root.querySelector(`.hand-card[data-index="${index}"]`) || groupStop(root, "hand");
    ctx.rerender();
  },

  /** The sound cue for a move (see sound.js). */
  cue(ev) {
    const w = (ev.action || "").split(" ");
    if (w[0] !== "play") return null;
    return w[1] === "mud" ? "mud" : "card";
  },

  onEvent(el, ev, ctx) {
    const w = (ev.action || "").split(" ");
    if (w[0] !== "play") return;
    const pig = w[2] ? el.querySelector(`[data-pig="${w[2]}"]`) : null;
    if (w[1] === "mud" && pig) {
      ctx.fx(pig, t("dk.drecksau"), "burst mud-burst");
    } else if (w[1] === "rain") {
      ctx.fx(null, "", "rain-fx");
    } else if (w[1] === "lightning" && pig) {
      pig.classList.add("struck");
      ctx.fx(pig, t("dk.zap"), "burst bolt-burst");
    } else if (w[1] === "pretty" && pig) {
      ctx.fx(pig, t("dk.sauschoen"), "burst pretty-burst");
    }
  },

  /** A seat's hand face up, not to be played (the replay shows every hand). */
  hand(view) {
    return html`<span class="dk-hand-row">${(view.hand || []).map((c) => html`<span class="mini-face">${dreckCardSVG(c, cardName(c))}</span>`)}</span>`;
  },

  describe(ev, names) {
    if (ev.kind === "game" && ev.round) return describeRound(ev.round, names);
    return describeAction(ev.action, names, ev.seat);
  },

  // Lines the log derives from the view: one per finished tournament round. `key` tells
  // lines already shown from new ones.
  viewEvents(view) {
    return (view?.tournament?.rounds || []).map((r, i) => ({ key: `round ${i}`, round: r }));
  },

  side(ctx) {
    const v = ctx.view;
    const rows = Array.from({ length: v.players }, (_, p) => {
      const pigs = v.pigs[p] || [];
      const dirty = pigs.filter((f) => f.dirty && !f.pretty).length;
      const score = v.tournament ? html`<span class="score">${v.tournament.scores[p]}</span>` : "";
      return html`<li class="${v.to_act.includes(p) ? "to-act" : ""}"><span title="${ctx.titles?.[p]}">${ctx.names[p]}${p === ctx.seat ? html` <span class="badge you">${t("table.you")}</span>` : ""}</span>
        <span class="muted">${pigs.length ? t("dk.dirtycount", { n: dirty, of: pigs.length }) : ""}</span>${score}</li>`;
    });
    let tour = "";
    if (v.tournament) {
      const tt = v.tournament;
      tour = html`<div class="stacks"><div><small>${t("dk.tour.trophies")}</small><div>${tt.trophies.length ? tt.trophies.map((p) => award("trophy", p)) : "—"}</div></div>
        <div><small>${t("dk.tour.buckets")}</small><div>${tt.buckets.length ? tt.buckets.map((p) => award("bucket", p)) : "—"}</div></div></div>`;
    }
    return html`<h3>${t("table.players")}</h3><ul class="plist">${rows}</ul>${tour}
      <p class="muted small">${t("dk.turn", { n: v.turn + 1 })}</p>`;
  },

  summary(ctx, over) {
    const v = ctx.view;
    const w = over.winners || [];
    // A tournament is summed up as a whole; the last round's way of winning and its turns
    // are only that round's story (its line is in the list of rounds).
    let how = v.win_kind ? t("dk.win." + v.win_kind) : w.length ? "" : t("dk.win.cap");
    if (v.tournament) how = t("dk.tour.over", { n: v.tournament.rounds.length });
    let tour = "";
    if (v.tournament) {
      const tt = v.tournament;
      tour = html`<table class="score-table"><thead><tr><th>${t("table.players")}</th><th>${t("dk.tour.awards")}</th><th>${t("dk.tour.points")}</th></tr></thead><tbody>
        ${tt.scores.map((s, p) => html`<tr class="${w.includes(p) ? "winner" : ""}"><td>${ctx.names[p]}</td><td>${(tt.awards[p] || []).map((a) => award(a.kind, a.points))}</td><td>${s}</td></tr>`)}
        </tbody></table>
        <ol class="rounds">${tt.rounds.map((r) => html`<li>${t("dk.tour.roundline", { n: r.round, name: r.winner === null ? "—" : ctx.names[r.winner], how: r.how ? t("dk.win." + r.how) : t("dk.win.cap") })}</li>`)}</ol>`;
    }
    const pigs = Array.from({ length: v.players }, (_, p) => html`<div class="sum-row ${w.includes(p) ? "winner" : ""}">
      <span class="sum-name">${ctx.names[p]}</span><span class="sum-pigs">${(v.pigs[p] || []).map((f) => html`<span class="tiny-pig">${pigSVG(f, "")}</span>`)}</span></div>`);
    const lastRound = v.tournament?.rounds.length ? v.tournament.rounds[v.tournament.rounds.length - 1].round : null;
    return html`${how ? html`<p class="summary-how">${how}</p>` : ""}${tour}
      ${lastRound !== null ? html`<p class="muted">${t("dk.tour.lastboard", { n: lastRound })}</p>` : ""}<div class="sum-board">${pigs}</div>
      ${v.tournament ? "" : html`<p class="muted">${t("dk.turns", { n: v.turn })}</p>`}`;
  },
};

/** After a move made from the board, the keyboard focus goes back to the hand, at the
 * place of the card just played (the nearest card once it is gone). */
function backToHand(ui) {
  const index = ui.selIndex ?? 0;
  ui.focusTo = (root) => {
    if (!root.contains(document.activeElement) && document.activeElement !== document.body) return null;
    const cards = [...root.querySelectorAll(".hand .hand-card")];
    return cards[Math.min(index, cards.length - 1)] || groupStop(root, "hand");
  };
}

/** A log line in the chosen language for the end of a tournament round. */
export function describeRound(r, names) {
  const name = r.winner !== null && r.winner !== undefined ? html`<b>${names[r.winner] ?? "?"}</b>` : null;
  if (r.deciding) return name ? tParts("dk.log.round.deciding", { name }) : t("dk.log.round.decidingcap");
  if (!name) return t("dk.log.round.cap", { n: r.round });
  const prize = r.award ? t("dk.prize." + r.award.kind, { n: r.award.points }) : "";
  return tParts(r.how === "pretty" ? "dk.log.round.pretty" : "dk.log.round.dirty", { n: r.round, name, prize });
}

/** A log line in the chosen language for a Drecksau action notation. */
export function describeAction(action, names, seat) {
  if (!action) return "";
  const w = action.split(" ");
  const who = seat !== null && seat !== undefined ? names[seat] ?? "" : "";
  let text;
  if (w[0] === "play") {
    const card = cardName(w[1]);
    if (w[2]) {
      const [tp, ti] = w[2].split(".").map(Number);
      text = tp === seat
        ? t("dk.log.own", { card, n: ti + 1 })
        : t("dk.log.other", { card, n: ti + 1, owner: names[tp] ?? "?" });
    } else {
      text = t("dk.log.play", { card });
    }
  } else if (w[0] === "discard") {
    const cards = w[1].split(",");
    text = t("dk.log.discard", { n: cards.length, cards: cards.map(cardName).join(", ") });
  } else if (w[0] === "show") {
    text = t("dk.log.show");
  } else if (w[0] === "pass") {
    text = t("dk.log.pass");
  } else if (w[0] === "done") {
    text = t("dk.log.done");
  } else {
    return null;
  }
  return who ? html`<b>${who}</b> ${text}` : text;
}
