// The rules dialog's content: each game's rules in the project's own words, its questions
// and answers, the decision a refused move cites, and a ranked search over the rules text
// and the questions together (search.js). No game is named here: a renderer
// that exports `rules` ({ text, qa, cites, synonyms }: see games/index.js) offers them, and the
// dialog lists the catalogue's games whose renderer does.
import { gamesWith, gameModule } from "./games/index.js";
import { fragment } from "./dom.js";
import { Index } from "./search.js";

export { fold } from "./search.js";

function rulesOf(game) {
  return gameModule(game).rules || null;
}

/** The games of the catalogue that have rules to show, in the catalogue's order. */
export function ruleGames() {
  return gamesWith("rules");
}

/** The rules of `game` in `lang` (English if missing), as content for dom.js. */
export function rulesContent(game, lang) {
  const text = rulesOf(game)?.text || {};
  return text[lang] || text.en || "";
}

/** The questions and answers of `game` in `lang`: [{id, q, a}], English where missing. */
export function questions(game, lang) {
  const qa = rulesOf(game)?.qa || {};
  const own = new Map((qa[lang] || []).map(([id, q, a]) => [id, { id, q, a }]));
  return (qa.en || []).map(([id, q, a]) => own.get(id) || { id, q, a });
}

/** The id of the decision a refusal of `rule` in `game` cites, or null. */
export function citedPassage(game, rule) {
  const cites = rulesOf(game)?.cites || {};
  return Object.hasOwn(cites, rule) ? cites[rule] : null;
}

/** The words people type for a game's own terms, per language: lists of words meaning the
 * same (e.g. "Kontra", "double" and the game's word for it). A game's rules offer them. */
export function synonyms(game, lang) {
  const syn = rulesOf(game)?.synonyms || {};
  return syn[lang] || [];
}

const PASSAGE = "p, li, dd, tr";
const clean = (text) => String(text).replace(/\s+/g, " ").trim();

/** The passages of a rendered rules text in `root`, in order: each paragraph, list item,
 * definition (with its term) and table row, with the heading it stands under. The dialog
 * gives the elements ids (`rules-<game>-<n>`) from this same list, so a result links there. */
export function passageElements(root) {
  const out = [];
  let heading = "";
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let el = walker.nextNode(); el; el = walker.nextNode()) {
    if (/^H[1-6]$/.test(el.tagName)) heading = clean(el.textContent);
    if (!el.matches(PASSAGE) || el.parentElement?.closest(PASSAGE)) continue;
    const term = el.tagName === "DD" && el.previousElementSibling?.tagName === "DT" ? el.previousElementSibling : null;
    const text = el.tagName === "TR"
      ? [...el.cells].map((c) => clean(c.textContent)).join(" – ")
      : clean(term ? `${term.textContent}: ${el.textContent}` : el.textContent);
    if (text) out.push({ el, term, heading, text });
  }
  return out;
}

/** The id of a game's `n`th rules passage. */
export const passageId = (game, n) => `rules-${game}-${n}`;

const INDEXES = new Map(); // lang -> {index, passages: Map(ref -> passage)}

/** The index of every game's rules text and questions in `lang`, built on first use. */
function indexFor(lang) {
  if (INDEXES.has(lang)) return INDEXES.get(lang);
  const index = new Index(lang);
  const passages = new Map();
  for (const game of ruleGames()) {
    const root = document.createElement("div");
    root.append(fragment(rulesContent(game, lang)));
    passageElements(root).forEach((p, n) => {
      const ref = passageId(game, n);
      passages.set(ref, { kind: "text", game, id: ref, heading: p.heading, text: p.text });
      index.add(ref, game, [[p.heading, 0.5], [p.text, 1]]);
    });
    for (const e of questions(game, lang)) {
      const ref = `qa-${e.id}`;
      passages.set(ref, { kind: "qa", game, id: e.id, entry: e });
      index.add(ref, game, [[e.id, 1], [e.q, 2], [e.a, 1]]);
    }
  }
  const built = { index, passages };
  INDEXES.set(lang, built);
  return built;
}

/** The passages of every game's rules and questions in `lang` that answer `query`, best
 * first, those of `current` somewhat ahead: [{kind: "text"|"qa", game, id, ...}]. */
export function searchRules(lang, query, current = null, limit = 10) {
  const { index, passages } = indexFor(lang);
  return index.search(query, {
    synonyms: (game) => synonyms(game, lang),
    boost: (game) => (game === current ? 1.5 : 1),
    limit,
  }).map((hit) => ({ ...passages.get(hit.ref), score: hit.score }));
}

/** The entries of `game` in `lang` that answer `query`, best first. */
export function searchQuestions(game, lang, query) {
  return searchRules(lang, query, game, 1000).filter((h) => h.kind === "qa" && h.game === game).map((h) => h.entry);
}
