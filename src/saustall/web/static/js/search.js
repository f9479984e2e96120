// A small ranked full-text index for the rules dialog (BM25 over short passages), in the
// page's language: case and accent folding, stop words dropped, a light stemmer per
// language, prefix matching for word parts (German compounds, unforeseen endings) and
// synonyms handed in by the caller. No game is named here; rules.js feeds it passages.
//
// Why our own and not a library (MiniSearch would load as an ES module under the CSP): the
// parts that decide whether "can I play rain when my pigs are in a barn?" finds its answer
// are the language ones (stop words, stems, synonyms), which MiniSearch leaves to the caller
// anyway; the ranking itself is a dozen lines. So no vendored code to keep up to date, and
// the whole search reads in one file.

/** Text folded for searching: lower case, no accents ("Spieß" finds "spiess" too). */
export function fold(text) {
  return String(text).toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ß/g, "ss");
}

// Words that say nothing about which passage is meant, folded. Only language, no game.
const STOP = {
  en: `a an the and or but of to in on at by for from with as is are be been was were it its this
    that these those i me my we our you your he she they them their his her can could may might
    must shall should will would do does did have has had what which who whom when where why how
    if then than so not no any some there here about into out up also just only very get got`,
  de: `der die das den dem des ein eine einen einem einer eines und oder aber von vom zu zum zur in
    im an am auf aus bei mit nach fur ist sind war waren sein bin bist wird werden kann konnen
    darf durfen muss mussen soll sollen ich mich mir mein meine meinen meinem du dich dir dein
    deine er sie es wir ihr man was wer wen wem wie wo wann warum wenn dann als ob nicht kein
    keine auch nur noch schon so da dass denn doch hier mal`,
  fr: `le la les l un une des du de d et ou mais a au aux en dans par pour sur avec sans ce cet
    cette ces c est sont etre ete je j me m moi mon ma mes tu te t toi ton ta tes il elle on nous
    vous ils elles leur leurs se s son sa ses qui que qu quoi quand comment pourquoi ou si ne n
    pas plus peut peux puis pouvoir dois doit devoir y ca est-ce`,
};
const STOPS = Object.fromEntries(Object.entries(STOP).map(([l, w]) => [l, new Set(w.split(/\s+/).filter(Boolean))]));

// Light stemmers: endings stripped so that a word's usual forms meet ("passes", "passed" and
// "pass"; "Schweine" and "Schwein"; "couinent" and "couine"). Index and query use the same
// one, so a stem need not be a real word.
const ENDINGS = {
  de: ["ern", "em", "en", "er", "es", "e"],
  fr: ["ements", "ement", "ations", "ation", "euses", "euse", "eurs", "eur", "ieres", "iere", "iers", "ier",
    "ees", "ee", "ent", "er", "ez", "es", "e", "s", "x"],
};

/** The stem of a folded word in `lang`. */
export function stem(word, lang) {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (lang === "de" || lang === "fr") {
    for (const end of ENDINGS[lang]) {
      if (w.endsWith(end) && w.length - end.length >= 3) return w.slice(0, -end.length);
    }
    // German "-s" only after the letters it follows as an ending ("Stalls", not "Haus").
    return lang === "de" && /[bdfghklmnrt]s$/.test(w) ? w.slice(0, -1) : w;
  }
  w = w.replace(/'s$/, "");
  if (w.endsWith("ies") && w.length > 4) return w.slice(0, -3) + "y";
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1); // "stopp(ed)" -> "stop"
  return w;
}

/** The stems of `text` in `lang`, stop words dropped, in order. */
export function terms(text, lang) {
  const stops = STOPS[lang] || STOPS.en;
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1 && !stops.has(w)).map((w) => stem(w, lang));
}

const K1 = 1.2;
const B = 0.75;
const PREFIX = 0.5; // a word that merely starts with the query's word
const SYNONYM = 0.8; // a word the caller gave as meaning the same

/** A ranked index of passages in one language. */
export class Index {
  constructor(lang) {
    this.lang = lang;
    this.docs = []; // {ref, group, tf: Map(term -> count), len}
    this.df = new Map();
    this.length = 0;
  }

  /** Add a passage: `ref` comes back in results, `group` (e.g. its game) picks the synonyms
   * and boost at search time; `fields` are [text, weight] pairs (a question counts double). */
  add(ref, group, fields) {
    const tf = new Map();
    let len = 0;
    for (const [text, weight] of fields) {
      for (const t of terms(text, this.lang)) {
        tf.set(t, (tf.get(t) || 0) + weight);
        len += weight;
      }
    }
    for (const t of tf.keys()) this.df.set(t, (this.df.get(t) || 0) + 1);
    this.docs.push({ ref, group, tf, len });
    this.length += len;
  }

  /** The index's words a query word stands for, with their weights. */
  variants(word, synonyms) {
    const out = new Map([[word, 1]]);
    if (word.length >= 3) {
      for (const t of this.df.keys()) if (t !== word && t.startsWith(word)) out.set(t, PREFIX);
    }
    for (const group of synonyms) {
      if (!group.includes(word)) continue;
      for (const other of group) if (!out.has(other) || out.get(other) < SYNONYM) out.set(other, SYNONYM);
    }
    return out;
  }

  /** The passages matching `query`, best first: [{ref, group, score}]. `synonyms(group)`
   * gives lists of words meaning the same; `boost(group)` multiplies a group's scores. */
  search(query, { synonyms = () => [], boost = () => 1, limit = 10 } = {}) {
    const words = [...new Set(terms(query, this.lang))];
    if (!words.length || !this.docs.length) return [];
    const n = this.docs.length;
    const avg = this.length / n;
    const groups = new Map(); // synonym lists as stems, per group
    const stemmed = (group) => {
      if (!groups.has(group)) {
        groups.set(group, (synonyms(group) || []).map((list) => [...new Set(list.flatMap((s) => terms(s, this.lang)))]));
      }
      return groups.get(group);
    };
    const variants = new Map(); // per group: the variants of each query word
    const variantsOf = (group) => {
      if (!variants.has(group)) variants.set(group, words.map((w) => [...this.variants(w, stemmed(group))]));
      return variants.get(group);
    };
    const found = [];
    for (const doc of this.docs) {
      let score = 0;
      let matched = 0;
      for (const forms of variantsOf(doc.group)) {
        let best = 0;
        for (const [t, weight] of forms) {
          const f = doc.tf.get(t);
          if (!f) continue;
          const df = this.df.get(t);
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          best = Math.max(best, weight * idf * (f * (K1 + 1)) / (f + K1 * (1 - B + B * doc.len / avg)));
        }
        if (best > 0) matched += 1;
        score += best;
      }
      // Passages holding more of the query's words come first.
      if (score > 0) found.push({ ref: doc.ref, group: doc.group, score: score * (matched / words.length) * boost(doc.group) });
    }
    found.sort((a, b) => b.score - a.score);
    const top = found.length ? found[0].score : 0;
    return found.filter((f) => f.score >= top * 0.15).slice(0, limit);
  }
}
