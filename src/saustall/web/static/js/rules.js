// The rules of each game in the project's own words, in English, German and French, and
// the questions and answers for every decision in docs/rules/*.md.
import en, { qa as qaEn } from "./rules/en.js";
import de, { qa as qaDe } from "./rules/de.js";
import fr, { qa as qaFr } from "./rules/fr.js";

const TEXTS = { en, de, fr };
const QA = { en: qaEn, de: qaDe, fr: qaFr };
export const RULE_GAMES = ["drecksau", "saukopf", "pigasus"];

// The decision a refused move breaks, by the rule name the server sends with the refusal
// (the engines' IllegalActionError rules). Rules that no decision explains are not here.
export const CITES = {
  drecksau: {
    "expansion-card": "D1",
    "show-only-when-stuck": "D3", "show-when-stuck": "D3", "discard-one-card": "D3",
    "show-only-in-german-edition": "D3",
    "mud-own-pig": "D5", "mud-needs-clean-pig": "D5", "farmer-other-player": "D5",
    "farmer-needs-dirty-pig": "D5", "barn-door-blocks-farmer": "D5",
    "barn-own-pig": "D6", "one-barn-per-pig": "D6", "door-own-pig": "D6", "barn-door-needs-barn": "D6",
    "one-door-per-barn": "D6", "barn-door-needs-dirty-pig": "D6", "rod-own-pig": "D6",
    "rod-needs-barn": "D6", "one-rod-per-barn": "D6",
    "lightning-other-player": "D7", "lightning-needs-barn": "D7", "rod-blocks-lightning": "D7",
    "pass-only-when-empty": "D8",
    "pretty-pig-protected": "D12", "no-door-for-pretty-pig": "D12", "no-pretty-in-shut-barn": "D12",
    "one-pretty-per-pig": "D12", "escape-needs-pretty-pig": "D12",
    "lucky-bird": "D13", "lucky-bird-plays-only": "D13", "done-only-after-lucky-bird": "D13",
    "exchange-size": "D14",
  },
  saukopf: {
    "doppel-capped-at-61": "S1",
    "bid-needs-a-game": "S2", "minimum-bid": "S2", "trog-or-napf": "S2",
    "two-bids-each": "S3", "bid-must-rise": "S3", "bidding-phase": "S3",
    "join-in-kreuzung": "S11", "give-in-kreuzung": "S11", "give-a-non-trump": "S11",
    "kontra-window": "S12", "kontra-by-opponents": "S12", "re-answers-kontra": "S12",
    "re-by-declarer-party": "S12",
    "call-a-sau-you-lack": "S13", "call-needs-suit-card": "S13", "rufsau-run-away": "S13",
    "rufsau-must-answer-search": "S13", "rufsau-no-discard": "S13",
    "knorpel-card-in-play": "S14",
    "revoke-in-table-mode": "S15", "revoke-in-play": "S15",
  },
  pigasus: {
    "only-holder-points": "P1",
    "point-once": "P2", "point-at-table-cards": "P2", "point-two-different-cards": "P2",
    "no-reveal-while-held": "P3",
    "pigasus-held": "P4",
    "benched": "P12",
    "time-moves-forward": "P14", "tick-when-due": "P14", "tick-at-due-time": "P14",
    "deck-empty": "P15",
    "tiebreak-contenders-only": "P19",
    "hold-once": "P24",
  },
};

/** The rules of `game` in `lang` (English if missing), as content for dom.js. */
export function rulesContent(game, lang) {
  return (TEXTS[lang] && TEXTS[lang][game]) || TEXTS.en[game] || "";
}

/** The questions and answers of `game` in `lang`: [{id, q, a}], English where missing. */
export function questions(game, lang) {
  const english = QA.en[game] || [];
  const own = new Map(((QA[lang] || {})[game] || []).map(([id, q, a]) => [id, { id, q, a }]));
  return english.map(([id, q, a]) => own.get(id) || { id, q, a });
}

/** The id of the decision a refusal of `rule` in `game` cites, or null. */
export function citedPassage(game, rule) {
  return (CITES[game] && CITES[game][rule]) || null;
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
