// The lobby: pick a game and ruleset, create a table (or play bots at once), open tables.
import { t, has, lang, listOf } from "./i18n.js";
import { html, render } from "./dom.js";
import { api, rememberSeat, heldTables, forgetTable, forgetSeat } from "./net.js";
import { $, $$, toast } from "./ui.js";
import { gameIcon } from "./games/index.js";
import { captureFocus, restoreFocus, roving } from "./a11y.js";

const NAME_KEY = "saustall.name";
const LEVEL_KEY = "saustall.level.";

/** The bot level last chosen in the lobby for a game (null: none chosen yet). */
export function rememberedLevel(game) {
  return localStorage.getItem(LEVEL_KEY + game);
}

function rememberLevel(game, level) {
  localStorage.setItem(LEVEL_KEY + game, level);
}

export function savedName() {
  return localStorage.getItem(NAME_KEY) || "";
}

export function rulesetTitle(game, rs) {
  const key = `ruleset.${game}.${rs.name}.title`;
  return has(key) ? t(key) : rs.title;
}

export function rulesetSummary(game, rs) {
  const key = `ruleset.${game}.${rs.name}.summary`;
  return has(key) ? t(key) : rs.summary;
}

/** A bot level's name in the page's language (the level's own name when untranslated). */
export function levelName(level) {
  return has("bot." + level) ? t("bot." + level) : level;
}

/** A seat's name in the page's language: the server's names for bots ("Club bot 2",
 * "Ben (bot)") are worded here, short ("Bot 2": the level is said once, see botLegend,
 * and in personTitle); people's names stay exactly as typed. `label` is a seat's or an
 * event's `label`/`who` (docs/protocol.md); `fallback` when it has no name. */
export function personName(label, fallback = "") {
  if (!label) return fallback;
  if (label.bot) return t("bot.name", { n: label.number });
  if (label.stand_in_for != null) return t("bot.standin", { name: label.stand_in_for });
  return label.name ?? fallback;
}

/** A server-named bot's name with its level ("Bot 2 (Club player)"), for a seat's tooltip;
 * null for anyone else (their name says all there is). */
export function personTitle(label) {
  if (!label?.bot) return null;
  return t("bot.full", { name: personName(label), level: levelName(label.bot) });
}

/** The bots' level said once for a table ("Bots: Club player"; with mixed levels each bot
 * with its own), "" when no seat holds a server-named bot. `labels`: the seats' labels. */
export function botLegend(labels) {
  const bots = (labels || []).filter((l) => l?.bot);
  if (!bots.length) return "";
  const levels = [...new Set(bots.map((l) => l.bot))];
  const what = levels.length === 1 ? levelName(levels[0]) : listOf(bots.map(personTitle));
  return t("bot.legend", { levels: what });
}

/** What a bot level means for this game, in a sentence ("" when nothing is said). */
export function levelDescription(game, level) {
  for (const key of [`level.${game}.${level}.desc`, `level.${level}.desc`]) {
    if (has(key)) return t(key);
  }
  return "";
}

/**
 * The bot levels a table of ruleset `rs` with `seats` players can seat: the game's levels,
 * then those of the ruleset's `table_bot_levels` (a learned policy, offered only at the
 * table sizes it plays) that play `seats`. Without `rs`, the game's levels alone.
 */
export function tableLevels(g, rs, seats) {
  const extra = Object.entries(rs?.table_bot_levels || {})
    .filter(([, sizes]) => sizes.includes(seats)).map(([level]) => level);
  return [...(g?.bot_levels || []), ...extra];
}

/**
 * The <option>s of a bot level <select>: the named levels weakest to strongest, then the
 * other bots under their own heading (with the levels only this table plays, see
 * tableLevels); `selected` (default: the game's default level) is preselected.
 */
export function botLevelOptions(g, selected, rs = null, seats = null) {
  const all = tableLevels(g, rs, seats);
  const named = (g?.named_bot_levels || []).filter((l) => all.includes(l));
  const others = all.filter((l) => !named.includes(l));
  const chosen = all.includes(selected) ? selected : g?.default_bot_level || all[0];
  const option = (l) => html`<option value="${l}" ${l === chosen ? "selected" : ""}>${levelName(l)}</option>`;
  if (!named.length) return others.map(option);
  return html`<optgroup label="${t("lobby.levels")}">${named.map(option)}</optgroup>${
    others.length ? html`<optgroup label="${t("lobby.otherbots")}">${others.map(option)}</optgroup>` : ""}`;
}

/** A rating's number as its scale shows it (`decimals`, a sign on a difference), in the
 * page's language: "1,8" in German. */
function ratingNumber(rating, value) {
  return new Intl.NumberFormat(lang(), {
    minimumFractionDigits: rating.decimals, maximumFractionDigits: rating.decimals, useGrouping: false,
    signDisplay: rating.signed ? "exceptZero" : "auto",
  }).format(value);
}

/** A bot level's measured strength in a sentence ("" when it has none): a ruleset's
 * `bot_level_ratings[level]` from the catalogue (docs/protocol.md), worded by its unit. */
export function levelRatingText(rating) {
  if (!rating) return "";
  const key = `rating.${rating.unit}`;
  if (!has(key)) return t("rating.line", { rating: rating.text });
  // the scale's yardstick, exact by definition: said as such, not as a measurement
  if (rating.low == null && has(`${key}.exact`)) return t(`${key}.exact`, { figure: ratingNumber(rating, rating.figure) });
  const interval = rating.low != null && rating.high != null
    ? t("rating.interval", { low: ratingNumber(rating, rating.low), high: ratingNumber(rating, rating.high) }) : "";
  let text = t(key, { figure: ratingNumber(rating, rating.figure), interval });
  if (rating.provisional) text += t("rating.provisional");
  return t("rating.line", { rating: text });
}

/** The description shown under a bot level <select> for its current choice, and the
 * level's measured rating in `ratings` (a ruleset's `bot_level_ratings`) in `ratingBox`. */
export function showLevelDescription(select, game, box, ratings = {}, ratingBox = null) {
  const level = select.value;
  const text = levelDescription(game, level);
  render(box, text ? html`${text}` : html`${t("lobby.otherbots.desc")}`);
  if (ratingBox) {
    const rated = levelRatingText(ratings[level]);
    ratingBox.hidden = !rated;
    render(ratingBox, html`${rated}`);
  }
}

// Seconds a person may think about a move (0: no limit); the server takes 5-3600.
// "Your games" looks up at most this many tables.
const MAX_MINE = 20;

const TIMER_CHOICES = [0, 15, 30, 60, 120];

// Options a newcomer may want to set; the rest keep their defaults.
const SHOWN_OPTIONS = ["hand_size", "num_teams", "deals"];

function lobbyOptions(rs) {
  return (rs.options || []).filter((o) => o.choices && SHOWN_OPTIONS.includes(o.name)).map((o) => {
    if (o.name !== "deals") return o;
    const n = rs.max_players;
    const wanted = [...new Set([1, n, 2 * n, 3 * n, o.default])].filter((c) => o.choices.includes(c)).sort((a, b) => a - b);
    return { ...o, choices: wanted };
  });
}

export class LobbyPage {
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.games = ctx.catalogue.games;
    this.game = this.games[0]?.game;
    this.ruleset = {};
    this.level = {}; // the bot level chosen per game (default: the game's default level)
    this.tables = [];
    this.timer = 0; // seconds per move (0: no limit)
    this.busy = false;
    this.render();
    this.refresh();
    this.poll = setInterval(() => this.refresh(), 5000);
  }

  destroy() {
    clearInterval(this.poll);
  }

  entry() {
    return this.games.find((g) => g.game === this.game);
  }

  rs() {
    const g = this.entry();
    const name = this.ruleset[this.game] || g.default_ruleset;
    return g.rulesets.find((r) => r.name === name) || g.rulesets[0];
  }

  async refresh() {
    this.refreshMine();
    try {
      const data = await api("GET", "/api/tables");
      this.tables = data.tables || [];
      this.renderTables();
    } catch {
      /* the banner of the app shows unreachable servers on navigation */
    }
  }

  render() {
    const g = this.entry();
    if (!g) {
      render(this.root, html`<section class="panel"><p>${t("lobby.nogames")}</p></section>`);
      return;
    }
    const rs = this.rs();
    const seatOptions = [];
    for (let n = rs.min_players; n <= rs.max_players; n++) seatOptions.push(n);
    const seats = Math.min(Math.max(this.seats || rs.default_players, rs.min_players), rs.max_players);
    const options = lobbyOptions(rs);
    const focus = captureFocus(this.root);
    render(this.root, html`
      <div class="lobby">
        <section class="panel hero">
          <h1>${t("lobby.title")}</h1>
          <p class="lead">${t("lobby.lead")}</p>
          <div class="game-tiles" role="radiogroup" aria-label="${t("lobby.pickgame")}">
            ${this.games.map((x) => html`
              <button type="button" class="game-tile ${x.game === this.game ? "selected" : ""}" data-game="${x.game}"
                role="radio" aria-checked="${String(x.game === this.game)}">
                <span class="tile-art" aria-hidden="true">${gameIcon(x.game)}</span>
                <span class="tile-name">${has("game." + x.game) ? t("game." + x.game) : x.title}</span>
                <span class="tile-tag">${has("game." + x.game + ".tag") ? t("game." + x.game + ".tag") : ""}</span>
              </button>`)}
          </div>
          <div class="buttons quick-row">
            <button type="button" class="primary big" id="quick">${t("lobby.quick")}</button>
            <span class="quick-what muted" id="quick-what"></span>
          </div>
        </section>
        <div class="lobby-side">
        <section class="panel your-games" id="your-games" hidden>
          <h2>${t("lobby.yours")}</h2>
          <div id="my-list"></div>
        </section>
        <section class="panel open-tables">
          <h2>${t("lobby.open")}</h2>
          <div id="table-list"></div>
          <form id="join-link" class="form-row">
            <label class="grow">${t("lobby.joinlink")} <input id="link" placeholder="https://…/t/…?invite=…"></label>
            <button type="submit">${t("lobby.go")}</button>
          </form>
        </section>
        </div>
        <section class="panel setup">
          <h2>${t("lobby.setup")}</h2>
          <fieldset class="rulesets"><legend>${t("lobby.ruleset")}</legend>
            ${g.rulesets.map((r) => html`
              <label class="ruleset ${r.name === rs.name ? "selected" : ""}">
                <input type="radio" name="ruleset" value="${r.name}" ${r.name === rs.name ? "checked" : ""}>
                <span class="rs-title">${rulesetTitle(g.game, r)}
                  <small>${r.min_players === r.max_players ? t("lobby.players.exact", { n: r.min_players }) : t("lobby.players", { min: r.min_players, max: r.max_players })}</small></span>
                <span class="rs-summary">${rulesetSummary(g.game, r)}</span>
              </label>`)}
          </fieldset>
          <div class="form-row">
            <label>${t("lobby.name")} <input id="name" maxlength="32" autocomplete="nickname"
              value="${savedName()}" placeholder="${t("lobby.name.placeholder")}"></label>
            <label>${t("lobby.seats")} <select id="seats">${seatOptions
              .map((n) => html`<option ${n === seats ? "selected" : ""}>${n}</option>`)}</select></label>
            <label>${t("lobby.botlevel")} <select id="botlevel" aria-describedby="botlevel-desc botlevel-rating">${botLevelOptions(g, this.level[g.game] || rememberedLevel(g.game), rs, seats)}</select>
              <small id="botlevel-desc" class="level-desc"></small>
              <small id="botlevel-rating" class="level-desc level-rating" hidden></small></label>
            ${options.map((o) => html`<label>${has(`option.${o.name}`) ? t(`option.${o.name}`) : o.help}
              <select data-option="${o.name}">${o.choices.map((c) => html`<option value='${JSON.stringify(c)}' ${
                c === o.default ? "selected" : ""}>${String(c)}</option>`)}</select></label>`)}
          </div>
          ${rs.realtime ? "" : html`<div class="form-row">
            <label>${t("lobby.timer")} <select id="turn-timer">${TIMER_CHOICES.map((n) => html`<option value="${n}" ${
              n === this.timer ? "selected" : ""}>${n ? t("lobby.timer.s", { n }) : t("lobby.timer.off")}</option>`)}</select></label></div>`}
          <div class="form-row checks">
            <label class="check"><input type="checkbox" id="public" checked> ${t("lobby.public")}</label>
            ${rs.realtime ? "" : html`<label class="check"><input type="checkbox" id="hotseat"> ${t("lobby.hotseat")}</label>`}
          </div>
          <div class="buttons">
            <button type="button" id="create">${t("lobby.create")}</button>
            <button type="button" class="ghost" data-rules="${g.game}">${t("lobby.readrules")}</button>
          </div>
          <p class="hint">${t("lobby.hint")}</p>
        </section>
      </div>`);
    this.renderTables();
    this.renderMine();
    // The game tiles are radio buttons: one Tab stop, arrow keys choose.
    roving($(".game-tiles", this.root), "games", ".game-tile", { current: (b) => b.dataset.game === this.game, select: true });
    restoreFocus(this.root, focus);
    $$(".game-tile", this.root).forEach((b) => b.addEventListener("click", () => {
      this.game = b.dataset.game;
      this.seats = null;
      this.render();
    }));
    $$("input[name=ruleset]", this.root).forEach((i) => i.addEventListener("change", () => {
      this.ruleset[this.game] = i.value;
      this.render();
    }));
    const levelSelect = $("#botlevel", this.root);
    $("#seats", this.root).addEventListener("change", (e) => {
      this.seats = Number(e.target.value);
      // a level that plays only some table sizes comes and goes with the number of seats
      render(levelSelect, botLevelOptions(g, levelSelect.value, this.rs(), this.seats));
      describeLevel();
      this.showQuickWhat();
    });
    const describeLevel = () => showLevelDescription(levelSelect, this.game, $("#botlevel-desc", this.root),
      this.rs()?.bot_level_ratings || {}, $("#botlevel-rating", this.root));
    describeLevel();
    levelSelect.addEventListener("change", () => {
      this.level[this.game] = levelSelect.value;
      rememberLevel(this.game, levelSelect.value);
      describeLevel();
      this.showQuickWhat();
    });
    this.showQuickWhat();
    $("#turn-timer", this.root)?.addEventListener("change", (e) => (this.timer = Number(e.target.value)));
    $("#name", this.root).addEventListener("change", (e) => localStorage.setItem(NAME_KEY, e.target.value.trim()));
    $("#quick", this.root).addEventListener("click", () => this.create(true));
    $("#create", this.root).addEventListener("click", () => this.create(false));
    $("[data-rules]", this.root).addEventListener("click", () => window.saustall.showRules(this.game));
    $("#join-link", this.root).addEventListener("submit", (ev) => {
      ev.preventDefault();
      const text = $("#link", this.root).value.trim();
      const m = text.match(/\/t\/([^/?#]+)(\?[^#]*)?/);
      if (m) this.ctx.navigate(`/t/${m[1]}${m[2] || ""}`);
      else toast(t("lobby.badlink"), "", "warn");
    });
  }

  /** Next to "Play now": what it will start (ruleset, players, bot level), set below. */
  showQuickWhat() {
    const box = $("#quick-what", this.root);
    if (!box) return;
    const n = Number($("#seats", this.root).value);
    const level = $("#botlevel", this.root).value;
    box.textContent = t("lobby.quickwhat", { ruleset: rulesetTitle(this.game, this.rs()), n, level: levelName(level) });
  }

  /** Look up the tables this device holds seats at; forget those that are gone or where
   * the seat is no longer this device's (a bot took it over after a leave). */
  async refreshMine() {
    const held = heldTables().slice(0, MAX_MINE);
    const found = await Promise.all(held.map(async (h) => {
      try {
        const info = await api("GET", `/api/tables/${encodeURIComponent(h.tableId)}`);
        const seats = Object.keys(h.tokens).map(Number).filter((n) => info.seats[n]?.kind === "human");
        if (!seats.length) {
          forgetTable(h.tableId);
          return null;
        }
        return { ...h, info, seats };
      } catch (err) {
        if (err.status === 404) forgetTable(h.tableId);
        return null; // unreachable: try again on the next poll
      }
    }));
    this.mine = found.filter(Boolean);
    this.renderMine();
  }

  renderMine() {
    const box = $("#my-list", this.root);
    if (!box) return;
    const mine = this.mine || [];
    $("#your-games", this.root).hidden = !mine.length;
    render(box, html`<ul class="my-games">${mine.map((m) => {
      const x = m.info;
      const players = x.seats.map((s) => s.name).filter(Boolean).join(", ") || "—";
      const href = `/t/${encodeURIComponent(m.tableId)}${m.invite ? `?invite=${encodeURIComponent(m.invite)}` : ""}`;
      // Whose move it is in a running game: "Your turn" stands out; else who is thought to move.
      const toAct = x.status === "playing" ? x.to_act || [] : [];
      const mineToAct = toAct.some((s) => m.seats.includes(s));
      const turn = mineToAct ? html` <span class="badge your-turn">${t("lobby.yourturn")}</span>`
        : toAct.length ? html` <span class="turn-of">${t("lobby.turnof", { names: listOf(toAct.map((s) => personName(x.seats[s]?.label || { name: x.seats[s]?.name }))), count: toAct.length })}</span>` : "";
      // The last finished game at the table can be replayed (this one, or the one before a rematch).
      const finished = x.status === "over" ? x.game_number : x.game_number - 1;
      const replay = finished >= 1 ? `/t/${encodeURIComponent(m.tableId)}/replay?game=${finished}` : null;
      return html`<li data-table="${m.tableId}" data-status="${x.status}" class="${mineToAct ? "my-turn" : ""}"><span class="tl-game">${gameIcon(x.game)}</span>
        <span class="tl-info"><strong>${this.tableTitle(x)}</strong>
        <small><span class="badge state-${x.status}">${t("lobby.state." + x.status)}</span>${turn}${turn ? " · " : " "}${players}</small></span>
        <span class="tl-actions"><a class="button small primary" data-nav href="${href}">${t(x.status === "over" ? "lobby.look" : "lobby.resume")}</a>
        ${replay ? html`<a class="button small" data-nav href="${replay}">${t("replay.open")}</a>` : ""}
        <button type="button" class="small ghost" data-leave="${m.tableId}">${t(x.status === "over" ? "lobby.forget" : "lobby.leave")}</button></span>
      </li>`;
    })}</ul>`);
    $$("[data-leave]", box).forEach((b) => b.addEventListener("click", () => this.leaveMine(b.dataset.leave)));
  }

  /** Leave a table from the list: a waiting seat is freed, a running game goes on with a
   * bot in the seat (after asking), a finished one is only forgotten on this device. */
  async leaveMine(tableId) {
    const m = (this.mine || []).find((x) => x.tableId === tableId);
    if (!m) return;
    if (m.info.status === "playing" && !confirm(t("table.leaveconfirm"))) return;
    if (m.info.status !== "over") {
      for (const seat of m.seats) {
        try {
          await api("POST", `/api/tables/${encodeURIComponent(tableId)}/leave`, { body: {}, token: m.tokens[seat] });
        } catch (err) {
          if (err.status !== 401 && err.status !== 404) {
            toast(t("table.failed"), err.message, "error");
            return;
          }
        }
        forgetSeat(tableId, seat);
      }
    }
    forgetTable(tableId);
    this.mine = this.mine.filter((x) => x.tableId !== tableId);
    this.renderMine();
  }

  /** A table's game and edition in the page's words (the server's title is English). */
  tableTitle(x) {
    const gameName = has("game." + x.game) ? t("game." + x.game) : x.game;
    const entry = this.games.find((g) => g.game === x.game);
    const rs = entry?.rulesets.find((r) => r.name === x.ruleset);
    const title = rs ? rulesetTitle(x.game, rs) : x.title;
    return title !== gameName ? `${gameName} · ${title}` : gameName;
  }

  renderTables() {
    const box = $("#table-list", this.root);
    if (!box) return;
    const focus = captureFocus(box); // the list is redrawn every few seconds
    if (!this.tables.length) {
      render(box, html`<p class="muted">${t("lobby.notables")}</p>`);
      return;
    }
    render(box, html`<ul class="table-list">${this.tables.map((x) => html`
      <li><span class="tl-game">${gameIcon(x.game)}</span>
        <span class="tl-info"><strong>${this.tableTitle(x)}</strong>
        <small>${(x.labels || x.players.map((name) => ({ name }))).map((l) => personName(l)).filter(Boolean).join(", ") || "—"}${x.labels && botLegend(x.labels) ? ` · ${botLegend(x.labels)}` : ""} · ${t("lobby.free", { n: x.free_seats, seats: x.seats })}</small></span>
        <a class="button small" data-nav href="/t/${encodeURIComponent(x.table_id)}?invite=${encodeURIComponent(x.invite)}">${t("lobby.joinwatch")}</a>
      </li>`)}</ul>`);
    restoreFocus(box, focus);
  }

  async create(quick) {
    if (this.busy) return;
    const rs = this.rs();
    const name = ($("#name", this.root).value.trim() || t("lobby.defaultname")).slice(0, 32);
    localStorage.setItem(NAME_KEY, name);
    const seats = Number($("#seats", this.root).value);
    const level = $("#botlevel", this.root).value;
    const options = {};
    $$("[data-option]", this.root).forEach((s) => (options[s.dataset.option] = JSON.parse(s.value)));
    const hotseat = !quick && $("#hotseat", this.root)?.checked;
    const body = {
      game: this.game, ruleset: rs.name, seats, options, name,
      public: !quick && $("#public", this.root).checked,
    };
    const timer = Number($("#turn-timer", this.root)?.value || 0);
    if (timer) body.turn_timer = timer;
    if (quick && level) body.bots = Array(seats - 1).fill(level);
    this.busy = true;
    try {
      const made = await api("POST", "/api/tables", { body });
      rememberSeat(made.table_id, made.seat, made.token, made.invite);
      if (hotseat) localStorage.setItem(`saustall.hotseat.${made.table_id}`, "1");
      if (quick) await api("POST", `/api/tables/${made.table_id}/start`, { token: made.token });
      this.ctx.navigate(made.invite_url || `/t/${made.table_id}?invite=${made.invite}`);
    } catch (err) {
      toast(t("lobby.createfailed"), err.message, "error");
    } finally {
      this.busy = false;
    }
  }
}
