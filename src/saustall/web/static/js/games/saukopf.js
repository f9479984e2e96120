// Saukopf: bidding (Grunzen/Quieken), declaring, Kontra/Re, tricks, scoring and the ledger.
import { t, listOf } from "../i18n.js";
import { html, render } from "../dom.js";
import { cardBackSVG } from "../art.js";
import { sauCardSVG, suitIcon } from "./saukopf/art.js";
import * as rules from "./saukopf/rules.js";
import { roving } from "../a11y.js";

const SUITS = { E: "eichel", G: "gras", H: "herz", S: "schellen" };
const SUIT_ORDER = ["eichel", "gras", "herz", "schellen"];

function parseCard(text) {
  return { suit: SUITS[text[0]], rank: text.slice(1) };
}

export function cardLabel(text) {
  const { suit, rank } = parseCard(text);
  return t("sk.cardname", { suit: t("sk.suit." + suit), rank: t("sk.rank." + rank) });
}

function face(text, label = cardLabel(text)) {
  const { suit, rank } = parseCard(text);
  return sauCardSVG(suit, rank, label);
}

/** A declared game's name from its notation words, e.g. "sauerei gras spiess". */
export function gameTitle(words) {
  const w = words.split(" ");
  const spiess = w[w.length - 1] === "spiess";
  if (spiess) w.pop();
  let text = t("sk.kind." + w[0]);
  if (w[1]) {
    if (w[0] === "sauerei" || w[0] === "unreine-sauerei") text += " " + t("sk.calls", { suit: t("sk.suit." + w[1]) });
    else if (w[0] === "knorpel") text += ` (${cardLabel(w[1])})`;
    else text += ` (${t("sk.suit." + w[1])})`;
  }
  if (spiess) text += " " + t("sk.spiess");
  return text;
}

function parseLegal(legal) {
  const out = { bids: [], pass: false, declares: [], cards: new Set(), gives: new Set(), kontra: false, re: false, join: false };
  for (const { action } of legal) {
    const w = action.split(" ");
    if (w[0] === "bid") out.bids.push(w[1]);
    else if (w[0] === "pass") out.pass = true;
    else if (w[0] === "declare") out.declares.push(w.slice(1).join(" "));
    else if (w[0] === "card") out.cards.add(w[1]);
    else if (w[0] === "give") out.gives.add(w[1]);
    else if (w[0] === "kontra") out.kontra = true;
    else if (w[0] === "re") out.re = true;
    else if (w[0] === "join") out.join = true;
  }
  return out;
}

// What "pass" means in each phase (the event's `phase` is the one before the action).
const PASS_TEXT = {
  bidding: "sk.log.pass",
  partner: "sk.log.nojoin",
  kontra: "sk.log.nokontra",
  re: "sk.log.nore",
};

const POS4 = ["bottom", "left", "top", "right"];
const POS3 = ["bottom", "left", "right"];

function position(view, me, p) {
  const n = view.players;
  const rel = (p - me + n) % n;
  return (n === 3 ? POS3 : POS4)[rel];
}

function seatBox(view, ctx, p, pos, me) {
  const d = view.declared;
  const roles = [];
  if (p === view.dealer) roles.push(html`<span class="badge">${t("sk.dealer")}</span>`);
  if (d && p === d.declarer) roles.push(html`<span class="badge you">${t("sk.declarer")}</span>`);
  if (d && d.partner === p) roles.push(html`<span class="badge you">${t("sk.partner")}</span>`);
  if (view.kontra === p) roles.push(html`<span class="badge off">${t("sk.kontra")}</span>`);
  if (view.re === p) roles.push(html`<span class="badge off">${t("sk.re")}</span>`);
  const bids = view.bidding.log.filter((e) => e[1] === p);
  const lastBid = view.phase === "bidding" && bids.length ? bids[bids.length - 1][2] : null;
  const tricks = view.tricks_won[p] || 0;
  return html`<div class="sk-seat sk-${pos} ${view.to_act.includes(p) ? "to-act" : ""} ${d && (p === d.declarer || p === d.partner) ? "player" : ""}" data-seat="${p}">
    <div class="sk-name" title="${ctx.titles?.[p]}">${ctx.names[p]}${p === me && !ctx.spectator ? html` <span class="badge you">${t("table.you")}</span>` : ""}</div>
    <div class="sk-info">${roles.map((r, i) => [i ? " " : "", r])}</div>
    <div class="sk-info">${pos !== "bottom" ? t("sk.cards", { n: view.hand_counts[p] }) + " · " : ""}${t("sk.tricks", { n: tricks })}
      <span class="sk-tricks">${Array.from({ length: tricks }, () => html`<i></i>`)}</span></div>
    ${lastBid ? html`<div class="sk-info"><b>${lastBid === "pass" ? t("sk.squeak") : t("sk.grunt", { bid: lastBid })}</b></div>` : ""}
  </div>`;
}

function trickHtml(view, me) {
  let cards = view.trick;
  let winner = null;
  let last = false;
  if (!cards.length && view.tricks.length && view.phase !== "bidding" && view.phase !== "declaring") {
    const tr = view.tricks[view.tricks.length - 1];
    const n = view.players;
    cards = tr.cards.map((c, i) => [(tr.leader + i) % n, c]);
    winner = tr.winner;
    last = true;
  }
  return html`${last ? html`<div class="sk-last">${t("sk.lasttrick")}</div>` : ""}${cards.map(([p, c]) =>
    html`<div class="trick-card pos-${position(view, me, p)} ${winner === p ? "winner" : ""} ${last ? "old" : ""}" data-card="${c}">${face(c)}</div>`)}`;
}

// The scoring terms stay as the card names them; each explains itself on hover (title)
// and on a tap (a <details> that opens under it). Keyed by the term as the server sends it.
const TERMS = {
  "Schlachtung": "schlachtung", "Extrawurst": "extrawurst", "Mit Schwarte": "schwarte",
  "Ohne Schwarte": "schwarte", "Glücksschwein": "gluecksschwein", "Armes Schwein": "armesschwein",
  "Stallgeruch": "stallgeruch", "Porco Negro": "porconegro", "Bolzenschuss": "bolzenschuss",
  "Übergrunzer": "uebergrunzer", "Spießer": "spiesser", "Huftreter": "huftreter",
  "Gegenhuftreter": "gegenhuftreter",
};
// Which explanations are open, so that they stay open when the board is drawn again.
const openTerms = new Set();
document.addEventListener("toggle", (ev) => {
  const term = ev.target.closest?.("details.sk-term");
  if (!term) return;
  if (term.open) openTerms.add(term.dataset.term);
  else openTerms.delete(term.dataset.term);
}, true);

/** A scoring term with its explanation: `label` as shown, `slug` of its "sk.term." key. */
function termHtml(label, slug) {
  const text = t("sk.term." + slug);
  return html`<details class="sk-term" data-term="${slug}" ${openTerms.has(slug) ? "open" : ""}><summary title="${text}"
    aria-label="${label}. ${t("sk.term.help", { term: label })}"><span class="sk-term-name">${label}</span> <span class="sk-term-mark" aria-hidden="true">?</span></summary>
    <span class="sk-term-text">${text}</span></details>`;
}

/** A meat or roughness item from the server ("Ohne Schwarte (ohne 2)", "Übergrunzer (bid 90)"). */
function scoreTerm(label) {
  const m = /^(.*?)(?: \((.*)\))?$/.exec(label);
  const slug = TERMS[m[1]];
  if (!slug) return label;
  const bid = m[2] && /^bid (.+)$/.exec(m[2]);
  const shown = m[2] ? `${m[1]} (${bid ? t("sk.term.bidnote", { bid: bid[1] }) : m[2]})` : m[1];
  return termHtml(shown, slug);
}

/** The declaring party's players (the declarer, and the partner if there is one). */
function partyMembers(r, names) {
  return [r.declarer, r.partner].filter((x) => x !== null && x !== undefined).map((p) => names[p]);
}

/** "Anna and Ben won with 70 ..." / "Anna lost with 50 ...": the verb agrees with the party
 * (one player declaring alone is singular in German and French). */
function partyResult(r, names) {
  const members = partyMembers(r, names);
  return t(r.declarer_won ? "sk.res.won" : "sk.res.lost",
    { party: listOf(members), count: members.length, points: r.declarer_points, other: r.opponent_points });
}

function resultHtml(r, names) {
  if (!r) return "";
  if (r.thrown_in) return html`<p>${t("sk.thrownin")}</p>`;
  const meat = r.meat_items.map(([label, v]) => html`<tr><td>${scoreTerm(label)}</td><td class="num">${v > 0 ? "+" : ""}${v}</td></tr>`);
  const rough = r.roughness_items.map(([seat, label, v]) => html`<tr><td>${names[seat]}: ${scoreTerm(label)}</td><td class="num">${v}</td></tr>`);
  return html`<div class="sk-result">
    <p><b>${gameTitle(r.game)}</b> · ${t("sk.bidwas", { bid: r.bid })} · ${listOf(partyMembers(r, names))}</p>
    <p>${partyResult(r, names)}</p>
    <div class="small">${termHtml(t("sk.laufende", { text: r.laufende }), "laufende")}${r.kontra !== null ? " · " + t("sk.kontraby", { name: names[r.kontra] }) : ""}${r.re !== null ? " · " + t("sk.reby", { name: names[r.re] }) : ""}</div>
    <table class="breakdown"><tbody>${meat}${r.multiplier > 1 ? html`<tr><td>${termHtml(t("sk.huftritt"), "huftritt")}</td><td class="num">×${r.multiplier}</td></tr>` : ""}
      <tr><td><b>${t("sk.meateach", { names: listOf(r.winners.map((p) => names[p])), count: r.winners.length })}</b></td><td class="num"><b>${Math.max(...r.meat)}</b></td></tr>
      ${rough.length ? html`<tr><td colspan="2"><b>${t("sk.roughness")}</b></td></tr>${rough}` : ""}</tbody></table></div>`;
}

/** The last deal's result in one line: which deal, the game, who won with how many points. */
export function resultLine(r, names) {
  if (r.thrown_in) return html`<b>${t("sk.lastdeal", { n: r.deal })}</b> · ${t("sk.thrownin")}`;
  return html`<b>${t("sk.lastdeal", { n: r.deal })}</b> · ${gameTitle(r.game)} · ${partyResult(r, names)}`;
}

function ledgerHtml(view, names) {
  const l = view.ledger;
  const played = l.meat.some((x) => x) || l.roughness.some((x) => x);
  const cup = (list, p) => (played && list.includes(p) ? " ★" : "");
  return html`<table class="score-table"><thead><tr><th>${t("table.players")}</th><th class="num">${t("sk.meat")}</th><th class="num">${t("sk.rough")}</th><th class="num">${t("sk.net")}</th></tr></thead>
    <tbody>${names.slice(0, view.players).map((n, p) => html`<tr class="${played && l.schlachtmeister.includes(p) ? "winner" : ""}"><td>${n}${cup(l.schlachtmeister, p)}</td>
      <td class="num">${l.meat[p]}</td><td class="num">${l.roughness[p]}</td><td class="num">${l.net[p]}</td></tr>`)}</tbody></table>
    ${played ? html`<p class="small">${t("sk.trophy.meister")}: ${l.schlachtmeister.map((p) => names[p]).join(", ") || "—"}<br>
    ${t("sk.trophy.rauborstler")}: ${l.oberrauborstler.map((p) => names[p]).join(", ") || "—"}</p>` : ""}`;
}

/** A card small, for the trick history: its suit sign and rank letter, named in full. */
function miniCard(text, won) {
  const { suit, rank } = parseCard(text);
  return html`<span class="sk-mini suit-${suit} ${won ? "won" : ""}" role="img" aria-label="${cardLabel(text)}${won ? ` (${t("sk.history.wins")})` : ""}">${suitIcon(suit)}<b aria-hidden="true">${rank}</b></span>`;
}

// Whether the trick history is open; it stays as the player left it across redraws (open
// on a wide screen, folded on a phone, where it sits under the board).
let historyOpen = typeof matchMedia === "function" ? !matchMedia("(max-width: 700px)").matches : true;
document.addEventListener("toggle", (ev) => {
  if (ev.target.matches?.("details.sk-history-box")) historyOpen = ev.target.open;
}, true);

/** The tricks of the deal so far, as everyone at the table saw them (played tricks are
 * open in Schafkopf): who led, the cards in the order played, who took it and its points. */
function historyHtml(view, names) {
  const tricks = view.tricks || [];
  const n = view.players;
  return html`<details class="sk-history-box" ${historyOpen ? "open" : ""}><summary><h3>${t("sk.history", { n: tricks.length })}</h3></summary>
    ${tricks.length ? html`<ol class="sk-history">${tricks.map((tr, i) => html`<li data-trick="${i + 1}">
      <span class="sk-h-lead">${t("sk.history.led", { name: names[tr.leader] ?? "" })}</span>
      <span class="sk-h-cards">${tr.cards.map((c, k) => miniCard(c, (tr.leader + k) % n === tr.winner))}</span>
      <span class="sk-h-took">${t("sk.history.took", { name: names[tr.winner] ?? "", points: tr.points, count: tr.points })}</span></li>`)}</ol>`
    : html`<p class="small muted">${t("sk.history.none")}</p>`}</details>`;
}

function declarePanel(legal, ui) {
  // Group the legal declarations: kind -> param -> {plain, spiess}.
  const kinds = {};
  for (const d of legal.declares) {
    const w = d.split(" ");
    const spiess = w[w.length - 1] === "spiess";
    if (spiess) w.pop();
    const k = (kinds[w[0]] ||= {});
    const param = w[1] || "";
    (k[param] ||= {})[spiess ? "spiess" : "plain"] = d;
  }
  const names = Object.keys(kinds);
  if (!names.includes(ui.kind)) ui.kind = null;
  const params = ui.kind ? Object.keys(kinds[ui.kind]) : [];
  if (ui.kind && !params.includes(ui.param)) ui.param = params.length === 1 ? params[0] : null;
  const choice = ui.kind && ui.param !== null ? kinds[ui.kind][ui.param] : null;
  const action = choice ? (ui.spiess ? choice.spiess : choice.plain) : null;
  const paramButtons = ui.kind && params.length > 1 || (params.length === 1 && params[0] !== "")
    ? html`<div class="sk-choices">${params.map((p) => {
      const label = p.length <= 3 && /^[EGHS]/.test(p) ? cardLabel(p) : html`${suitIcon(p)} ${t("sk.suit." + p)}`;
      return html`<button type="button" class="small ${ui.param === p ? "primary" : ""}" data-param="${p}">${label}</button>`;
    })}</div>` : "";
  return html`<h3>${t("sk.declare.title")}</h3>
    <div class="sk-choices">${names.map((k) => html`<button type="button" class="small ${ui.kind === k ? "primary" : ""}" data-kind="${k}" title="${t("sk.kinddesc." + k)}">${t("sk.kind." + k)}</button>`)}</div>
    ${ui.kind ? html`<p class="small muted">${t("sk.kinddesc." + ui.kind)}</p>` : ""}
    ${ui.kind && ui.kind.includes("sauerei") ? html`<p class="small">${t("sk.callace")}</p>` : ""}
    ${ui.kind === "knorpel" ? html`<p class="small">${t("sk.namecard")}</p>` : ""}
    ${paramButtons}
    <div class="buttons"><label class="check"><input type="checkbox" id="sk-spiess" ${ui.spiess ? "checked" : ""}> ${t("sk.spiess.check")}</label>
    <button type="button" class="primary" id="sk-declare" ${action ? "" : "disabled"} data-action="${action || ""}">${action ? t("sk.declare.go", { game: gameTitle(action) }) : t("sk.declare.pick")}</button></div>`;
}

export default {
  realtime: false,
  rules, // the rules dialog's text, questions and answers, and cited decisions

  /** The lobby's picture of the game, named after it. */
  // Two cards fanned out: one picture named after the game (not "O O A A").
  tile() {
    return html`<span class="icon-fan" role="img" aria-label="${t("game.saukopf")}">${sauCardSVG("gras", "O", "")}${sauCardSVG("herz", "A", "")}</span>`;
  },

  icon() {
    return html`<span class="icon-fan">${sauCardSVG("eichel", "O", "")}${sauCardSVG("gras", "A", "")}</span>`;
  },

  statusHint(ctx) {
    const legal = parseLegal(ctx.legal);
    const phase = ctx.view.phase;
    if (phase === "bidding") return t("sk.hint.bid");
    if (phase === "declaring") return t("sk.hint.declare");
    if (phase === "partner") return t("sk.hint.partner");
    if (phase === "giving") return t("sk.hint.give");
    if (legal.kontra) return t("sk.hint.kontra");
    if (legal.re) return t("sk.hint.re");
    // Asked in the Huftritt round with "no" the only answer (the declarer's hidden partner
    // for Kontra, an opponent for Re): the line says what is asked, not "play a card".
    if (phase === "kontra") return t("sk.hint.kontra.no");
    if (phase === "re") return t("sk.hint.re.no");
    return t("sk.hint.card");
  },

  render(el, ctx) {
    const view = ctx.view;
    const ui = ctx.ui;
    const me = ctx.seat ?? 0;
    const legal = parseLegal(ctx.legal);
    const d = view.declared;
    const trumps = new Set(d ? d.trumps : []);
    const hand = view.hand || [];
    const n = view.players;
    const seats = Array.from({ length: n }, (_, p) => seatBox(view, ctx, p, position(view, me, p), me));
    let contract = "";
    if (d) {
      contract = `${t(d.declarer === ctx.seat && !ctx.spectator ? "sk.contract.you" : "sk.contract", { name: ctx.names[d.declarer], game: gameTitle(d.game), bid: d.bid })}${d.napf ? " · " + t("sk.napf") : " · " + t("sk.trog")}`;
      if (d.open_trump) contract += ` · ${t("sk.opentrump", { card: cardLabel(d.open_trump) })}`;
      if (d.given) contract += ` · ${t("sk.given", { card: cardLabel(d.given) })}`;
    } else if (view.phase === "bidding" || view.phase === "declaring") {
      const b = view.bidding;
      contract = `${t(b.stage === "napf" ? "sk.stage.napf" : "sk.stage.trog")} · ${b.top_bid ? t("sk.topbid", { bid: b.top_bid, name: ctx.names[b.top_bidder] }) : t("sk.nobid")}`;
    }
    let panel = "";
    const mine = ctx.legal.length > 0;
    if (mine && view.phase === "bidding") {
      const bids = legal.bids;
      if (!bids.includes(ui.bid)) ui.bid = bids[0];
      const quick = [...new Set([bids[0], bids.find((b) => Number(b) >= 70), bids.find((b) => Number(b) >= 91)])].filter(Boolean);
      panel = html`<h3>${t("sk.bid.title")}</h3><p class="small muted">${t("sk.bid.help")}</p>
        <div class="sk-choices">${quick.map((b) => html`<button type="button" data-do="bid ${b.toLowerCase()}" title="${t("sk.grunt", { bid: b })}">${b}</button>`)}
        ${bids.length > quick.length ? html`<select id="sk-bid" aria-label="${t("sk.bid.title")}">${bids.map((b) => html`<option ${b === ui.bid ? "selected" : ""}>${b}</option>`)}</select>
          <button type="button" id="sk-bid-go">${t("sk.bid.go")}</button>` : ""}
        <button type="button" class="ghost" data-do="pass">${t("sk.pass")}</button></div>`;
    } else if (mine && view.phase === "declaring") {
      panel = declarePanel(legal, ui);
    } else if (mine && view.phase === "partner") {
      panel = html`<h3>${t("sk.partner.title")}</h3><div class="sk-choices"><button type="button" class="primary" data-do="join">${t("sk.join")}</button>
        <button type="button" class="ghost" data-do="pass">${t("sk.nojoin")}</button></div>`;
    } else if (mine && view.phase === "giving") {
      panel = html`<h3>${t("sk.give.title")}</h3><p class="small">${t("sk.give.help")}</p>`;
    } else if (mine && !legal.kontra && !legal.re && (view.phase === "kontra" || view.phase === "re")) {
      // The one answer is "no": say why the kick is not open to this player, and offer it.
      const kontra = view.phase === "kontra";
      const declarer = ctx.names[d?.declarer] ?? "";
      panel = html`<h3>${t(kontra ? "sk.kontra.closed.title" : "sk.re.closed.title")}</h3>
        <p class="small sk-why">${t(kontra ? "sk.kontra.closed.why" : "sk.re.closed.why", { name: declarer })}</p>
        <div class="sk-choices"><button type="button" class="primary" data-do="pass">${t(kontra ? "sk.kontra.closed.go" : "sk.re.closed.go")}</button></div>`;
    } else if (mine && (legal.kontra || legal.re || view.phase === "kontra" || view.phase === "re")) {
      panel = html`<h3>${t(legal.re ? "sk.re.title" : "sk.kontra.title")}</h3><div class="sk-choices">
        ${legal.kontra ? html`<button type="button" class="primary" data-do="kontra">${t("sk.kontra.go")}</button>` : ""}
        ${legal.re ? html`<button type="button" class="primary" data-do="re">${t("sk.re.go")}</button>` : ""}
        <button type="button" class="ghost" data-do="pass">${t("sk.nothanks")}</button></div>`;
    }
    const last = view.results.length ? view.results[view.results.length - 1] : null;
    const showLast = last && !view.trick.length && !view.tricks.length && view.phase !== "over";
    const cards = hand.map((c) => {
      const playable = legal.cards.has(c) || legal.gives.has(c);
      return html`<button type="button" class="hand-card ${playable ? "playable" : mine && (view.phase === "playing" || view.phase === "giving") ? "dim" : ""} ${trumps.has(c) ? "trump" : ""}"
        data-card="${c}" aria-disabled="${playable ? null : "true"}">${face(c, `${cardLabel(c)}${trumps.has(c) ? " (" + t("sk.trump") + ")" : ""}`)}</button>`;
    });
    render(el, html`
      <div class="sk-wrap ${ctx.pending ? "pending" : ""}">
        <div class="sk-contract">${t("sk.deal", { n: view.deal, of: view.deals })}${contract ? " · " + contract : ""}</div>
        ${view.aside.length ? html`<div class="sk-out"><small>${t("sk.aside")}</small>${view.aside.map((c) => html`<span>${face(c)}</span>`)}</div>` : ""}
        <div class="sk-table">${seats}<div class="sk-trick">${trickHtml(view, me)}</div></div>
        ${showLast ? html`<details class="sk-panel sk-lastdeal" ${ui.lastOpen ? "open" : ""}><summary>${resultLine(last, ctx.names)}</summary>${resultHtml(last, ctx.names)}</details>` : ""}
        ${panel ? html`<div class="sk-panel">${panel}</div>` : ""}
        ${ctx.spectator ? "" : html`<div class="sk-hand" role="group" aria-label="${t("dk.yourhand")}" data-focus-fallback>${cards}</div>`}
      </div>`);
    // The hand is one Tab stop (arrow keys move inside), on its first playable card.
    roving(el.querySelector(".sk-hand"), "hand", ".hand-card", { current: (b) => b.classList.contains("playable") });
    el.querySelectorAll("[data-do]").forEach((b) => b.addEventListener("click", () => ctx.act(b.dataset.do)));
    // The last deal's result is one line until opened; opened, it stays open across redraws.
    const lastDeal = el.querySelector(".sk-lastdeal");
    if (lastDeal) lastDeal.addEventListener("toggle", () => {
      if (Boolean(ui.lastOpen) === lastDeal.open) return;
      ui.lastOpen = lastDeal.open;
      ctx.rerender();
    });
    const go = el.querySelector("#sk-bid-go");
    if (go) go.addEventListener("click", () => ctx.act(`bid ${el.querySelector("#sk-bid").value.toLowerCase()}`));
    const sel = el.querySelector("#sk-bid");
    if (sel) sel.addEventListener("change", () => (ui.bid = sel.value));
    el.querySelectorAll("[data-kind]").forEach((b) => b.addEventListener("click", () => {
      ui.kind = b.dataset.kind;
      ui.param = null;
      ctx.rerender();
    }));
    el.querySelectorAll("[data-param]").forEach((b) => b.addEventListener("click", () => {
      ui.param = b.dataset.param;
      ctx.rerender();
    }));
    const sp = el.querySelector("#sk-spiess");
    if (sp) sp.addEventListener("change", () => {
      ui.spiess = sp.checked;
      ctx.rerender();
    });
    const dec = el.querySelector("#sk-declare");
    if (dec) dec.addEventListener("click", () => dec.dataset.action && ctx.act(`declare ${dec.dataset.action}`));
    el.querySelectorAll(".sk-hand .hand-card").forEach((b) => b.addEventListener("click", () => {
      const c = b.dataset.card;
      if (legal.cards.has(c)) ctx.act(`card ${c}`);
      else if (legal.gives.has(c)) ctx.act(`give ${c}`);
    }));
  },

  describe(ev, names) {
    if (ev.seat == null) return null;
    const w = (ev.action || "").split(" ");
    const who = html`<b>${names[ev.seat] ?? ""}</b>`;
    let text;
    if (!ev.action) text = t("sk.log.give"); // the one secret action: a card handed face down
    else if (w[0] === "bid") text = t("sk.log.bid", { bid: w[1] === "schwarz" ? "Schwarz" : w[1] });
    else if (w[0] === "pass") text = t(Object.hasOwn(PASS_TEXT, ev.phase) ? PASS_TEXT[ev.phase] : "sk.log.passes");
    else if (w[0] === "declare") text = t("sk.log.declare", { game: gameTitle(w.slice(1).join(" ")) });
    else if (w[0] === "card") text = t("sk.log.card", { card: cardLabel(w[1]) });
    else if (w[0] === "give") text = t("sk.log.give");
    else if (w[0] === "kontra") text = t("sk.log.kontra");
    else if (w[0] === "re") text = t("sk.log.re");
    else if (w[0] === "join") text = t("sk.log.join");
    else return null;
    return html`${who} ${text}`;
  },

  side(ctx) {
    const playing = ctx.view.declared && ctx.view.phase !== "bidding" && ctx.view.phase !== "declaring";
    return html`${playing || ctx.view.tricks?.length ? historyHtml(ctx.view, ctx.names) : ""}<h3>${t("sk.ledger")}</h3>${ledgerHtml(ctx.view, ctx.names)}`;
  },

  /** A seat's hand face up, not to be played (the replay shows every hand). */
  hand(view) {
    return html`<span class="sk-hand-row">${(view.hand || []).map((c) => html`<span class="mini-face">${face(c)}</span>`)}</span>`;
  },

  summary(ctx) {
    const v = ctx.view;
    const deals = v.results.map((r) => html`<details ${r === v.results[v.results.length - 1] ? "open" : ""}><summary>${t("sk.lastdeal", { n: r.deal })}</summary>${resultHtml(r, ctx.names)}</details>`);
    return html`${ledgerHtml(v, ctx.names)}<div class="sk-deals">${deals}</div>`;
  },

  /** The sound cue for a move (see sound.js). */
  cue(ev) {
    return /^card /.test(ev.action || "") ? "card" : null;
  },

  onEvent(el, ev, ctx) {
    if (ev.action === "kontra" || ev.action === "re") {
      const seat = el.querySelector(`.sk-seat[data-seat="${ev.seat}"]`);
      ctx.fx(seat, ev.action === "kontra" ? t("sk.kontra") + "!" : t("sk.re") + "!", "burst mud-burst");
    }
  },
};

export { cardBackSVG, SUIT_ORDER };
