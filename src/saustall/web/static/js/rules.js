// The rules dialog's content: each game's rules in the project's own words, its questions
// and answers, and the decision a refused move cites. No game is named here: a renderer
// that exports `rules` ({ text, qa, cites }: see games/index.js) offers them, and the
// dialog lists the catalogue's games whose renderer does.
import { gamesWith, gameModule } from "./games/index.js";

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

/** Text folded for searching: lower case, no accents ("Spieß" finds "spiess" too). */
export function fold(text) {
  return String(text).toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ß/g, "ss");
}

/** The entries of `game` in `lang` whose question or answer holds every word of `query`. */
export function searchQuestions(game, lang, query) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return questions(game, lang).filter((e) => {
    const text = fold(`${e.id} ${e.q} ${e.a}`);
    return words.every((w) => text.includes(w));
  });
}
