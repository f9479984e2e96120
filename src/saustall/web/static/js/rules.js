// The rules of each game in the project's own words, in English, German and French.
import en from "./rules/en.js";
import de from "./rules/de.js";
import fr from "./rules/fr.js";

const TEXTS = { en, de, fr };
export const RULE_GAMES = ["drecksau", "saukopf", "pigasus"];

/** The rules of `game` in `lang` (English if missing), as content for dom.js. */
export function rulesContent(game, lang) {
  return (TEXTS[lang] && TEXTS[lang][game]) || TEXTS.en[game] || "";
}
