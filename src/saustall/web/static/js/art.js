// Saustall's own card art, drawn as SVG. No external artwork is used.
// Every function returns an svg`...` template for dom.js; labels go in as attribute text.
import { svg } from "./dom.js";

let uid = 0;
const nextId = (p) => `${p}${++uid}`;

// ---------------------------------------------------------------------------------------
// Pigs (Drecksau): a pig with its barn, door, rod and pretty-pig card drawn on it.
// ---------------------------------------------------------------------------------------

function pigBody({ dirty = false, pretty = false, id }) {
  const skin = pretty ? "#ffc4d6" : "#f6a9bd";
  const dark = pretty ? "#e77fa0" : "#d9788f";
  const mud = dirty
    ? svg`<g clip-path="url(#${id}c)" fill="#7a4a21" opacity=".92">
        <ellipse cx="44" cy="78" rx="16" ry="10"/><ellipse cx="72" cy="86" rx="14" ry="9"/>
        <ellipse cx="86" cy="68" rx="9" ry="7"/><ellipse cx="58" cy="64" rx="7" ry="5"/>
        <circle cx="30" cy="62" r="5"/><ellipse cx="60" cy="96" rx="30" ry="6"/>
      </g>
      <g fill="#7a4a21"><path d="M40 99 q2 7 4 0z"/><path d="M72 98 q2 8 4 0z"/></g>`
    : "";
  const prettyBits = pretty
    ? svg`<g class="pretty-bits">
        <path d="M20 46 q16 -22 36 0 q-6 -4 -12 0 q-6 -4 -12 0 q-6 -4 -12 0z" fill="#f06292" stroke="#ad1457" stroke-width="1.2"/>
        <line x1="38" y1="36" x2="38" y2="62" stroke="#6d4c41" stroke-width="1.6"/>
        <path d="M38 62 q0 4 -4 3" stroke="#6d4c41" stroke-width="1.6" fill="none"/>
        <path d="M82 42 l-11 -8 l0 16z M82 42 l11 -8 l0 16z" fill="#e0347a" stroke="#9d1550" stroke-width="1"/>
        <circle cx="82" cy="42" r="3.5" fill="#ff77aa" stroke="#9d1550"/>
        <path d="M93 55 l1.6 3.6 3.6 1.6 -3.6 1.6 -1.6 3.6 -1.6 -3.6 -3.6 -1.6 3.6 -1.6z" fill="#ffd43b"/>
        <path d="M24 46 l1.2 2.6 2.6 1.2 -2.6 1.2 -1.2 2.6 -1.2 -2.6 -2.6 -1.2 2.6 -1.2z" fill="#ffd43b"/>
        <path d="M87 51 q4 -2 6 -5 M84 51 q2 -3 2 -6" stroke="#333" stroke-width="1.2" fill="none"/>
      </g>`
    : "";
  return svg`
    <defs><clipPath id="${id}c">
      <ellipse cx="58" cy="76" rx="34" ry="22"/><circle cx="86" cy="60" r="17"/>
    </clipPath></defs>
    <ellipse cx="60" cy="101" rx="36" ry="5" fill="#000" opacity=".12"/>
    <path d="M24 72 q-9 -4 -6 -11 q3 -5 7 0" stroke="${dark}" stroke-width="2.5" fill="none"/>
    <rect x="34" y="88" width="8" height="13" rx="3" fill="${dark}"/>
    <rect x="48" y="90" width="8" height="11" rx="3" fill="${dark}"/>
    <rect x="66" y="90" width="8" height="11" rx="3" fill="${dark}"/>
    <rect x="78" y="88" width="8" height="13" rx="3" fill="${dark}"/>
    <ellipse cx="58" cy="76" rx="34" ry="22" fill="${skin}" stroke="${dark}" stroke-width="1.5"/>
    <path d="M74 46 l4 -10 l8 8z M94 46 l4 -10 l-9 6z" fill="${dark}"/>
    <circle cx="86" cy="60" r="17" fill="${skin}" stroke="${dark}" stroke-width="1.5"/>
    <ellipse cx="95" cy="66" rx="8" ry="6" fill="${dark}" opacity=".85"/>
    <circle cx="93" cy="66" r="1.6" fill="#5a2b36"/><circle cx="98" cy="66" r="1.6" fill="#5a2b36"/>
    <circle cx="84" cy="55" r="2.3" fill="#2b1b1f"/><circle cx="84.8" cy="54.3" r=".7" fill="#fff"/>
    ${mud}${prettyBits}`;
}

/** One pig card with whatever lies on it. `state` is {dirty, barn, door, rod, pretty}. */
export function pigSVG(state, label = "") {
  const id = nextId("pg");
  const { dirty, barn, door, rod, pretty } = state;
  const barnBack = barn
    ? svg`<path d="M8 44 L60 10 L112 44 L112 112 L8 112 Z" fill="#b8322b" stroke="#6d1a16" stroke-width="2"/>
       <path d="M8 44 L60 10 L112 44" fill="none" stroke="#f2e5c9" stroke-width="4"/>
       <rect x="16" y="46" width="88" height="60" fill="#40241a"/>
       <g stroke="#8c2620" stroke-width="1"><line x1="8" y1="60" x2="16" y2="60"/><line x1="104" y1="60" x2="112" y2="60"/>
       <line x1="8" y1="80" x2="16" y2="80"/><line x1="104" y1="80" x2="112" y2="80"/></g>`
    : svg`<rect x="4" y="100" width="112" height="12" rx="6" fill="#9ccc65" opacity=".55"/>`;
  const doorFront = door
    ? svg`<g class="door"><rect x="70" y="46" width="34" height="60" fill="#a0642b" stroke="#5b3514" stroke-width="1.5"/>
        <line x1="81" y1="46" x2="81" y2="106" stroke="#5b3514"/><line x1="92" y1="46" x2="92" y2="106" stroke="#5b3514"/>
        <path d="M72 50 L102 102" stroke="#5b3514" stroke-width="4"/>
        <g fill="#cfd8dc"><circle cx="75" cy="52" r="1.6"/><circle cx="99" cy="52" r="1.6"/><circle cx="75" cy="100" r="1.6"/><circle cx="99" cy="100" r="1.6"/></g></g>`
    : "";
  const rodTop = rod
    ? svg`<g class="rod"><line x1="60" y1="12" x2="60" y2="-2" stroke="#546e7a" stroke-width="3"/>
        <circle cx="60" cy="-3" r="3.5" fill="#90a4ae" stroke="#37474f"/>
        <path d="M66 -4 l6 4 -4 1 6 5" stroke="#fbc02d" stroke-width="1.6" fill="none"/></g>`
    : "";
  const scale = barn ? "translate(22 34) scale(.72)" : "translate(0 4)";
  return svg`<svg class="pig-svg" viewBox="0 -8 120 122" role="${label ? "img" : null}" aria-label="${label || null}" aria-hidden="${label ? null : "true"}">
    ${barnBack}<g transform="${scale}">${pigBody({ dirty, pretty, id })}</g>${doorFront}${rodTop}</svg>`;
}

// ---------------------------------------------------------------------------------------
// Drecksau action cards
// ---------------------------------------------------------------------------------------

const DRECK_ICONS = {
  mud: svg`<ellipse cx="50" cy="72" rx="34" ry="12" fill="#6d4321"/><ellipse cx="50" cy="69" rx="26" ry="7" fill="#8d5a2b"/>
        <circle cx="30" cy="48" r="6" fill="#7a4a21"/><circle cx="66" cy="40" r="8" fill="#7a4a21"/><circle cx="48" cy="30" r="4" fill="#7a4a21"/>
        <circle cx="74" cy="58" r="3" fill="#7a4a21"/><circle cx="62" cy="64" r="3" fill="#b07a45"/>`,
  rain: svg`<g fill="#90a4ae"><circle cx="36" cy="38" r="14"/><circle cx="54" cy="32" r="17"/><circle cx="70" cy="40" r="12"/><rect x="26" y="38" width="54" height="14" rx="7"/></g>
         <g stroke="#1e88e5" stroke-width="3.5" stroke-linecap="round"><line x1="34" y1="60" x2="30" y2="72"/><line x1="48" y1="62" x2="44" y2="76"/><line x1="62" y1="60" x2="58" y2="72"/><line x1="74" y1="62" x2="70" y2="76"/></g>`,
  barn: svg`<path d="M18 44 L50 18 L82 44 L82 82 L18 82Z" fill="#c62828" stroke="#7f1b17" stroke-width="2"/>
         <path d="M18 44 L50 18 L82 44" fill="none" stroke="#f5ead4" stroke-width="4"/>
         <rect x="38" y="54" width="24" height="28" fill="#f5ead4"/><path d="M38 54 L62 82 M62 54 L38 82" stroke="#c62828" stroke-width="3"/>
         <rect x="44" y="34" width="12" height="10" fill="#f5ead4"/>`,
  farmer: svg`<rect x="24" y="46" width="52" height="16" rx="6" fill="#8d6e63" stroke="#4e342e" stroke-width="2"/>
           <g stroke="#fff3c4" stroke-width="3">${[30, 38, 46, 54, 62, 70].map((x) => svg`<line x1="${x}" y1="62" x2="${x}" y2="72"/>`)}</g>
           <rect x="42" y="34" width="16" height="14" rx="4" fill="#6d4c41"/>
           <g fill="#e3f2fd" stroke="#64b5f6" stroke-width="1.5"><circle cx="24" cy="30" r="7"/><circle cx="76" cy="26" r="9"/><circle cx="64" cy="14" r="5"/><circle cx="82" cy="78" r="6"/></g>`,
  door: svg`<rect x="26" y="18" width="48" height="66" fill="#a0642b" stroke="#5b3514" stroke-width="2"/>
         <line x1="42" y1="18" x2="42" y2="84" stroke="#5b3514" stroke-width="1.5"/><line x1="58" y1="18" x2="58" y2="84" stroke="#5b3514" stroke-width="1.5"/>
         <path d="M28 24 L72 78" stroke="#5b3514" stroke-width="6"/>
         <g fill="#eceff1" stroke="#607d8b"><circle cx="31" cy="24" r="2.5"/><circle cx="69" cy="24" r="2.5"/><circle cx="31" cy="78" r="2.5"/><circle cx="69" cy="78" r="2.5"/></g>`,
  lightning: svg`<rect x="8" y="8" width="84" height="80" rx="10" fill="#283593"/>
              <path d="M56 12 L30 52 L48 52 L38 86 L70 42 L52 42 L62 12Z" fill="#ffeb3b" stroke="#f57f17" stroke-width="2"/>`,
  rod: svg`<line x1="50" y1="22" x2="50" y2="86" stroke="#546e7a" stroke-width="6"/><circle cx="50" cy="18" r="8" fill="#b0bec5" stroke="#37474f" stroke-width="2"/>
        <path d="M20 12 L34 30 L26 32 L40 50" stroke="#fbc02d" stroke-width="4" fill="none" stroke-linejoin="round"/>
        <path d="M30 86 L70 86" stroke="#37474f" stroke-width="4"/>`,
  pretty: svg`<path d="M50 44 L22 26 L22 62Z M50 44 L78 26 L78 62Z" fill="#ec407a" stroke="#880e4f" stroke-width="2"/>
           <circle cx="50" cy="44" r="8" fill="#f48fb1" stroke="#880e4f" stroke-width="2"/>
           <path d="M50 62 q-16 10 -14 24 M50 62 q16 10 14 24" stroke="#ec407a" stroke-width="4" fill="none"/>
           <path d="M80 74 l2.4 5.6 5.6 2.4 -5.6 2.4 -2.4 5.6 -2.4 -5.6 -5.6 -2.4 5.6 -2.4z" fill="#ffca28"/>
           <path d="M18 76 l1.8 4 4 1.8 -4 1.8 -1.8 4 -1.8 -4 -4 -1.8 4 -1.8z" fill="#ffca28"/>`,
  escape: svg`<g fill="#d7ccc8" stroke="#8d6e63" stroke-width="1.5"><circle cx="24" cy="66" r="11"/><circle cx="38" cy="72" r="9"/><circle cx="16" cy="78" r="7"/></g>
           <g stroke="#8d6e63" stroke-width="3" stroke-linecap="round"><line x1="14" y1="40" x2="40" y2="40"/><line x1="8" y1="52" x2="36" y2="52"/></g>
           <ellipse cx="64" cy="52" rx="20" ry="14" fill="#f6a9bd" stroke="#d9788f" stroke-width="2"/>
           <circle cx="82" cy="44" r="10" fill="#f6a9bd" stroke="#d9788f" stroke-width="2"/>
           <g stroke="#d9788f" stroke-width="4" stroke-linecap="round"><line x1="54" y1="64" x2="46" y2="76"/><line x1="72" y1="64" x2="80" y2="76"/></g>
           <path d="M80 34 l-6 -5 l0 10z M80 34 l6 -5 l0 10z" fill="#ec407a" opacity=".5"/>`,
  "lucky-bird": svg`<ellipse cx="50" cy="56" rx="24" ry="18" fill="#fdd835" stroke="#f57f17" stroke-width="2"/>
                 <circle cx="68" cy="38" r="12" fill="#fdd835" stroke="#f57f17" stroke-width="2"/>
                 <path d="M79 38 L92 42 L79 46Z" fill="#fb8c00"/><circle cx="71" cy="35" r="2.4" fill="#212121"/>
                 <path d="M36 50 q10 -18 24 -4 q-10 14 -24 4z" fill="#fbc02d" stroke="#f57f17"/>
                 <path d="M26 56 L10 48 L14 62Z" fill="#fbc02d"/>
                 <g stroke="#f57f17" stroke-width="2.5"><line x1="44" y1="72" x2="42" y2="84"/><line x1="56" y1="72" x2="58" y2="84"/></g>
                 <path d="M20 22 l1.8 4 4 1.8 -4 1.8 -1.8 4 -1.8 -4 -4 -1.8 4 -1.8z" fill="#66bb6a"/>`,
};

const DRECK_COLORS = {
  mud: "#efe2cf", rain: "#e3f2fd", barn: "#fde8e6", farmer: "#e8f5e9", door: "#f3e5d0",
  lightning: "#e8eaf6", rod: "#eceff1", pretty: "#fce4ec", escape: "#efebe9", "lucky-bird": "#fffde7",
};

/** The face of a Drecksau action card (`kind` is the engine's card name). */
export function dreckCardSVG(kind, title) {
  const icon = DRECK_ICONS[kind] || svg`<text x="50" y="56" text-anchor="middle" font-size="14">${kind}</text>`;
  return svg`<svg class="card-svg" viewBox="0 0 100 140" role="${title ? "img" : null}" aria-label="${title || null}" aria-hidden="${title ? null : "true"}">
    <rect x="2" y="2" width="96" height="136" rx="10" fill="${DRECK_COLORS[kind] || "#fff"}" stroke="#5d4037" stroke-width="2.5"/>
    <rect x="8" y="8" width="84" height="124" rx="7" fill="none" stroke="#5d4037" stroke-opacity=".25"/>
    <g transform="translate(0 10)">${icon}</g>
    <foreignObject x="6" y="100" width="88" height="36"><div xmlns="http://www.w3.org/1999/xhtml" class="card-title">${title}</div></foreignObject>
  </svg>`;
}

/** A face-down card back. */
export function cardBackSVG(kind = "dreck") {
  const id = nextId("bk");
  const [a, b] = kind === "sau" ? ["#1b5e20", "#2e7d32"] : kind === "pigasus" ? ["#4a148c", "#6a1b9a"] : ["#6d4c41", "#8d6e63"];
  return svg`<svg class="card-svg back" viewBox="0 0 100 140" aria-hidden="true">
    <defs><pattern id="${id}" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="14" height="14" fill="${a}"/><rect width="7" height="14" fill="${b}"/></pattern></defs>
    <rect x="2" y="2" width="96" height="136" rx="10" fill="url(#${id})" stroke="#3e2723" stroke-width="2.5"/>
    <rect x="12" y="12" width="76" height="116" rx="6" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>
    <g transform="translate(50 70)"><circle r="18" fill="#f6a9bd" stroke="#fff" stroke-width="2"/>
    <ellipse cx="0" cy="4" rx="8" ry="6" fill="#d9788f"/><circle cx="-3" cy="4" r="1.6" fill="#5a2b36"/><circle cx="3" cy="4" r="1.6" fill="#5a2b36"/>
    <circle cx="-6" cy="-6" r="2" fill="#2b1b1f"/><circle cx="6" cy="-6" r="2" fill="#2b1b1f"/></g>
  </svg>`;
}

/** Trophy (stars) or mud bucket (carrots) of the Sauschön tournament; `label` is
 * what screen readers say. */
export function awardSVG(kind, points, label = `${kind} ${points}`) {
  const marks = Array.from({ length: points }, (_, i) => {
    const x = 30 + (i - (points - 1) / 2) * 14;
    return kind === "trophy"
      ? svg`<path transform="translate(${x} 26)" d="M0 -6 l1.8 4 4.3 .4 -3.3 2.9 1 4.2 -3.8 -2.2 -3.8 2.2 1 -4.2 -3.3 -2.9 4.3 -.4z" fill="#fff8e1" stroke="#8d6e00" stroke-width=".6"/>`
      : svg`<path transform="translate(${x} 30)" d="M0 6 L-3 -4 L3 -4Z" fill="#fb8c00"/><path transform="translate(${x} 30)" d="M0 -4 l-2 -4 M0 -4 l2 -4" stroke="#43a047" stroke-width="1.5"/>`;
  });
  const body = kind === "trophy"
    ? svg`<path d="M14 8 H46 V22 Q46 40 30 42 Q14 40 14 22Z" fill="#fbc02d" stroke="#8d6e00" stroke-width="2"/>
       <path d="M14 12 Q4 12 6 22 Q8 30 15 28 M46 12 Q56 12 54 22 Q52 30 45 28" fill="none" stroke="#8d6e00" stroke-width="2.5"/>
       <rect x="26" y="42" width="8" height="8" fill="#8d6e00"/><rect x="18" y="50" width="24" height="6" rx="2" fill="#6d4c41"/>`
    : svg`<path d="M10 14 H50 L44 54 H16Z" fill="#8d6e63" stroke="#4e342e" stroke-width="2"/>
       <ellipse cx="30" cy="14" rx="20" ry="5" fill="#5d4037"/><path d="M10 14 q20 -16 40 0" fill="none" stroke="#4e342e" stroke-width="2"/>
       <path d="M18 18 q4 10 0 18 M40 18 q-2 6 2 12" stroke="#5d4037" stroke-width="3" fill="none"/>`;
  return svg`<svg class="award-svg" viewBox="0 0 60 60" role="${label ? "img" : null}" aria-label="${label || null}" aria-hidden="${label ? null : "true"}">${body}${marks}</svg>`;
}

// ---------------------------------------------------------------------------------------
// Bavarian cards (Saukopf): suits Eichel, Gras, Herz, Schellen; ranks Sau, 10, K, O, U, 9, 8, 7.
// ---------------------------------------------------------------------------------------

const SUIT_GLYPH = {
  eichel: (s) => svg`<g transform="scale(${s})"><ellipse cx="0" cy="3" rx="6.5" ry="8" fill="#a1662f" stroke="#5d3a12" stroke-width="1.2"/>
        <path d="M-7.5 -2 Q0 -10 7.5 -2 Q7 1 0 1 Q-7 1 -7.5 -2Z" fill="#6d4c1b" stroke="#3e2a0c" stroke-width="1"/>
        <line x1="0" y1="-7" x2="1.5" y2="-11" stroke="#3e2a0c" stroke-width="1.5"/></g>`,
  gras: (s) => svg`<g transform="scale(${s})"><path d="M0 -11 Q10 -3 6 6 Q3 10 0 11 Q-3 10 -6 6 Q-10 -3 0 -11Z" fill="#43a047" stroke="#1b5e20" stroke-width="1.2"/>
        <line x1="0" y1="-8" x2="0" y2="13" stroke="#1b5e20" stroke-width="1.2"/>
        <path d="M0 -2 l-4 -3 M0 3 l4 -3 M0 6 l-4 -2" stroke="#1b5e20" stroke-width=".9"/></g>`,
  herz: (s) => svg`<g transform="scale(${s})"><path d="M0 10 C-14 0 -10 -11 -3 -9 Q0 -8 0 -5 Q0 -8 3 -9 C10 -11 14 0 0 10Z" fill="#e53935" stroke="#8e0000" stroke-width="1.2"/></g>`,
  schellen: (s) => svg`<g transform="scale(${s})"><circle r="8.5" fill="#fbc02d" stroke="#8d6e00" stroke-width="1.2"/>
        <path d="M-8.3 -1.5 H8.3" stroke="#c62828" stroke-width="2.4"/><circle cy="4" r="2" fill="#5d4037"/>
        <line x1="0" y1="6" x2="0" y2="8.5" stroke="#5d4037" stroke-width="1.2"/></g>`,
};

export const SUIT_COLORS = { eichel: "#6d4c1b", gras: "#2e7d32", herz: "#c62828", schellen: "#b28704" };

/** One suit sign at (x, y), scaled. */
export function suitGlyph(suit, x = 0, y = 0, s = 1) {
  const g = SUIT_GLYPH[suit];
  return g ? svg`<g transform="translate(${x} ${y})">${g(s)}</g>` : "";
}

/** A small inline suit sign (for text, buttons). */
export function suitIcon(suit) {
  return svg`<svg class="suit-icon" viewBox="-12 -12 24 24" aria-hidden="true">${suitGlyph(suit)}</svg>`;
}

const PIP_LAYOUT = {
  7: [[30, 30], [70, 30], [50, 52], [30, 74], [70, 74], [30, 108], [70, 108]],
  8: [[30, 30], [70, 30], [30, 58], [70, 58], [30, 86], [70, 86], [30, 112], [70, 112]],
  9: [[30, 28], [70, 28], [30, 54], [70, 54], [50, 70], [30, 88], [70, 88], [30, 114], [70, 114]],
  10: [[30, 28], [70, 28], [50, 44], [30, 58], [70, 58], [30, 84], [70, 84], [50, 98], [30, 114], [70, 114]],
};

function figure(rank, suit) {
  const col = SUIT_COLORS[suit];
  // A simple courtly figure; the Ober shows his suit sign high, the Unter low, as at the table.
  const robe = rank === "K" ? "#7b1fa2" : rank === "O" ? "#1565c0" : "#2e7d32";
  const hat = rank === "K"
    ? svg`<path d="M38 38 L42 28 L46 35 L50 26 L54 35 L58 28 L62 38Z" fill="#fbc02d" stroke="#8d6e00"/>`
    : svg`<path d="M38 38 Q50 24 62 38Z" fill="${col}"/>`;
  const sign = rank === "O" ? suitGlyph(suit, 74, 40, 1.1) : rank === "U" ? suitGlyph(suit, 74, 100, 1.1) : suitGlyph(suit, 74, 40, 0.9);
  return svg`${hat}<circle cx="50" cy="46" r="9" fill="#ffe0c2" stroke="#8d6e63"/>
    <circle cx="47" cy="45" r="1.1" fill="#333"/><circle cx="53" cy="45" r="1.1" fill="#333"/>
    <path d="M46 50 q4 3 8 0" stroke="#8d6e63" fill="none"/>
    <path d="M32 110 L36 62 Q50 54 64 62 L68 110Z" fill="${robe}" stroke="#263238" stroke-width="1.2"/>
    <path d="M42 62 L50 80 L58 62" fill="#fff" opacity=".7"/>
    <rect x="34" y="84" width="32" height="4" fill="#fbc02d"/>${sign}`;
}

function sauFace(suit) {
  // The Sau (ace) shows a sow, naturally.
  return svg`${suitGlyph(suit, 50, 42, 2.2)}
    <g transform="translate(14 62) scale(.62)">${pigBody({ id: nextId("sau") })}</g>`;
}

/** The face of a Bavarian card. `rank` in A,10,K,O,U,9,8,7; `suit` in eichel,gras,herz,schellen. */
export function sauCardSVG(suit, rank, label) {
  const col = SUIT_COLORS[suit] || "#333";
  const short = { A: "A", 10: "10", K: "K", O: "O", U: "U", 9: "9", 8: "8", 7: "7" }[rank] ?? rank;
  let face;
  if (rank === "A") face = sauFace(suit);
  else if (rank === "K" || rank === "O" || rank === "U") face = figure(rank, suit);
  else face = (PIP_LAYOUT[rank] || []).map(([x, y]) => suitGlyph(suit, x, y, 0.95));
  return svg`<svg class="card-svg sau-card" viewBox="0 0 100 140" role="${label ? "img" : null}" aria-label="${label || null}" aria-hidden="${label ? null : "true"}">
    <rect x="2" y="2" width="96" height="136" rx="9" fill="#fffdf6" stroke="#444" stroke-width="2"/>
    <rect x="6" y="6" width="88" height="128" rx="6" fill="none" stroke="${col}" stroke-opacity=".35"/>
    ${face}
    <rect x="4" y="4" width="24" height="44" rx="5" fill="#fffdf6" opacity=".92"/>
    <text x="16" y="22" font-size="17" font-weight="700" fill="${col}" font-family="Georgia,serif" text-anchor="middle">${short}</text>
    ${suitGlyph(suit, 16, 36, 0.62)}
    <g transform="rotate(180 50 70)"><rect x="4" y="4" width="24" height="44" rx="5" fill="#fffdf6" opacity=".92"/>
    <text x="16" y="22" font-size="17" font-weight="700" fill="${col}" font-family="Georgia,serif" text-anchor="middle">${short}</text>
    ${suitGlyph(suit, 16, 36, 0.62)}</g>
  </svg>`;
}

// ---------------------------------------------------------------------------------------
// Pigasus: each card is one animal's body wearing another animal's head and skin.
// ---------------------------------------------------------------------------------------

// Skins: fill colour, detail colour and pattern kind per animal.
const SKINS = {
  pig: ["#f6a9bd", "#d9788f", "plain"],
  giraffe: ["#f9c74f", "#a0522d", "spots"],
  crocodile: ["#66bb6a", "#2e7d32", "scales"],
  horse: ["#c58b55", "#5d3a1a", "plain"],
  sheep: ["#f5f5f5", "#9e9e9e", "wool"],
  duck: ["#fff176", "#f57f17", "plain"],
  rabbit: ["#d7ccc8", "#8d6e63", "plain"],
  zebra: ["#fafafa", "#212121", "stripes"],
  elephant: ["#b0bec5", "#607d8b", "wrinkles"],
  frog: ["#9ccc65", "#33691e", "dots"],
  penguin: ["#37474f", "#eceff1", "belly"],
  lion: ["#ffb74d", "#e65100", "plain"],
  flamingo: ["#f48fb1", "#ad1457", "feathers"],
  horse: ["#a1887f", "#4e342e", "plain"],
  cow: ["#fafafa", "#212121", "patches"],
  sheep: ["#f5f5f5", "#9e9e9e", "wool"],
  duck: ["#fff176", "#f57f17", "plain"],
  chicken: ["#fff8e1", "#d84315", "feathers"],
  dog: ["#bcaaa4", "#5d4037", "patches"],
  cat: ["#ffcc80", "#e65100", "stripes"],
  rabbit: ["#e0e0e0", "#9e9e9e", "plain"],
  bear: ["#8d6e63", "#3e2723", "plain"],
  owl: ["#a1887f", "#4e342e", "feathers"],
};
const FALLBACK_SKIN = ["#ce93d8", "#6a1b9a", "dots"];

function skinPattern(animal, id) {
  const [fill, detail, kind] = SKINS[animal] || FALLBACK_SKIN;
  const shapes = {
    plain: "",
    spots: svg`<path d="M2 2 h7 v6 h-7z M12 10 h6 v6 h-6z" fill="${detail}" opacity=".85"/>`,
    scales: svg`<path d="M0 5 q5 -5 10 0 q5 -5 10 0 M0 15 q5 -5 10 0 q5 -5 10 0" stroke="${detail}" fill="none" stroke-width="1.3"/>`,
    stripes: svg`<path d="M3 0 l4 20 M12 0 l4 20" stroke="${detail}" stroke-width="3"/>`,
    wrinkles: svg`<path d="M2 6 q4 2 8 0 M10 15 q4 2 8 0" stroke="${detail}" fill="none" stroke-width="1"/>`,
    dots: svg`<circle cx="5" cy="5" r="2" fill="${detail}"/><circle cx="15" cy="14" r="2.4" fill="${detail}"/>`,
    belly: svg`<circle cx="10" cy="10" r="3" fill="${detail}" opacity=".35"/>`,
    feathers: svg`<path d="M0 10 q5 -6 10 0 q5 -6 10 0" stroke="${detail}" fill="none" stroke-width="1"/>`,
    patches: svg`<path d="M1 1 q6 -1 7 5 q-3 5 -7 2z M12 11 q6 0 6 6 q-5 3 -7 -1z" fill="${detail}"/>`,
    wool: svg`<circle cx="5" cy="5" r="4" fill="none" stroke="${detail}"/><circle cx="15" cy="15" r="4" fill="none" stroke="${detail}"/>`,
  };
  return svg`<pattern id="${id}" width="20" height="20" patternUnits="userSpaceOnUse">
    <rect width="20" height="20" fill="${fill}"/>${shapes[kind] || ""}</pattern>`;
}

// Bodies: a silhouette path and the point where the head goes.
const BODIES = {
  pig: { d: "M22 78 q0 -26 32 -26 q30 0 32 22 q0 18 -30 20 q-34 2 -34 -16z M30 88 v16 h7 v-12z M70 88 v16 h7 v-14z", head: [88, 62] },
  giraffe: { d: "M28 72 q4 -16 28 -14 l10 -34 h9 l-6 38 q10 6 8 22 q-4 10 -28 10 q-22 0 -21 -22z M34 86 v22 h6 v-20z M62 88 v20 h6 v-20z", head: [72, 22] },
  crocodile: { d: "M12 80 q10 -14 40 -12 q30 2 42 8 l-6 8 q-30 6 -60 4 q-12 -2 -16 -8z M28 88 l-4 10 h7 l2 -8z M64 88 l-2 10 h7 l0 -10z", head: [94, 74] },
  zebra: { d: "M22 66 q2 -14 28 -14 q26 0 30 10 l8 -14 h8 l-8 22 q-2 16 -30 16 q-36 0 -36 -20z M28 80 v26 h6 v-24z M70 80 v26 h6 v-24z", head: [94, 44] },
  elephant: { d: "M18 76 q0 -30 36 -30 q34 0 34 26 q0 16 -34 16 q-36 0 -36 -12z M24 84 v20 h11 v-18z M68 84 v20 h11 v-18z", head: [88, 56] },
  frog: { d: "M24 84 q0 -26 30 -26 q30 0 30 26 q0 8 -30 8 q-30 0 -30 -8z M16 92 q8 -10 18 -4 h-18z M92 92 q-8 -10 -18 -4 h18z", head: [74, 58] },
  penguin: { d: "M36 96 q-8 -40 14 -50 q22 10 14 50z M38 96 h10 v6 h-12z M54 96 h10 v6 h-12z", head: [50, 40] },
  lion: { d: "M22 70 q2 -16 30 -16 q26 0 30 14 q2 16 -30 18 q-32 0 -30 -16z M28 82 v22 h7 v-20z M68 82 v22 h7 v-20z M20 68 q-10 -6 -8 -16", head: [86, 58] },
  flamingo: { d: "M34 64 q4 -16 26 -12 q18 4 12 18 q-8 10 -28 6 q-12 -4 -10 -12z M50 74 v30 h3 v-30z M58 74 l6 16 -8 0 h3z M62 56 q6 -20 14 -32 h5 q-8 14 -12 32z", head: [78, 24] },
  horse: { d: "M22 64 q2 -12 28 -12 q24 0 30 8 l6 -20 h9 l-6 26 q-2 14 -30 14 q-38 2 -37 -16z M28 78 v28 h6 v-26z M68 78 v28 h6 v-26z M20 62 q-10 4 -8 20", head: [92, 34] },
  sheep: { d: "M20 72 q-4 -22 18 -24 q6 -10 18 -4 q12 -8 22 2 q18 4 12 22 q4 16 -16 16 q-6 8 -20 2 q-12 8 -22 -2 q-16 -2 -12 -12z M32 84 v20 h6 v-18z M66 84 v20 h6 v-18z", head: [90, 60] },
  duck: { d: "M18 70 q6 -22 38 -18 q22 2 24 -14 q2 -6 8 -4 q-2 26 -14 36 q-14 12 -40 8 q-18 -2 -16 -8z M42 84 v14 h-8 v3 h12 v-17z M62 84 v14 h-6 v3 h10 v-17z", head: [86, 32] },
  rabbit: { d: "M26 80 q-2 -26 26 -28 q26 0 30 20 q2 16 -26 18 q-30 2 -30 -10z M30 90 h14 v6 h-14z M62 90 h14 v6 h-14z M24 74 q-10 0 -8 -8 q6 -4 10 2", head: [84, 52] },
  owl: { d: "M32 96 q-10 -30 4 -48 q14 -10 28 0 q14 18 4 48z M36 96 l-2 6 h10 l-2 -6z M58 96 l-2 6 h10 l-2 -6z M30 62 q-8 14 2 26 M70 62 q8 14 -2 26", head: [50, 40] },
};
const FALLBACK_BODY = { d: "M22 78 q0 -26 32 -26 q30 0 32 22 q0 18 -30 20 q-34 2 -34 -16z M30 88 v16 h7 v-12z M70 88 v16 h7 v-14z", head: [88, 62] };

// Heads, drawn around (0, 0).
const HEADS = {
  pig: (f, d) => svg`<path d="M-8 -10 l3 -8 l5 7z M5 -11 l5 -7 l2 8z" fill="${d}"/><circle r="13" fill="${f}" stroke="${d}" stroke-width="1.5"/><ellipse cx="6" cy="4" rx="6" ry="4.5" fill="${d}"/><circle cx="4" cy="4" r="1.2" fill="#3e2723"/><circle cx="8" cy="4" r="1.2" fill="#3e2723"/><circle cx="-2" cy="-4" r="2" fill="#212121"/>`,
  giraffe: (f, d) => svg`<line x1="-4" y1="-12" x2="-6" y2="-20" stroke="${d}" stroke-width="2.5"/><line x1="4" y1="-12" x2="5" y2="-20" stroke="${d}" stroke-width="2.5"/><ellipse cx="4" cy="0" rx="14" ry="9" fill="${f}" stroke="${d}" stroke-width="1.5"/><circle cx="8" cy="-9" r="2.5" fill="${d}"/><circle cx="0" cy="-3" r="2" fill="#212121"/><circle cx="14" cy="2" r="1.2" fill="${d}"/>`,
  crocodile: (f, d) => svg`<path d="M-8 -8 q10 -6 30 2 v10 q-20 6 -30 0z" fill="${f}" stroke="${d}" stroke-width="1.5"/><path d="M-2 2 h22" stroke="${d}"/><g fill="#fff"><path d="M4 2 l2 3 l2 -3z M10 2 l2 3 l2 -3z M16 2 l2 3 l2 -3z"/></g><circle cx="-2" cy="-6" r="3.5" fill="#fff176" stroke="${d}"/><circle cx="-2" cy="-6" r="1.4" fill="#212121"/>`,
  zebra: (f, d) => svg`<path d="M-6 -12 l-2 -8 l6 5z M2 -12 l2 -8 l3 7z" fill="${d}"/><path d="M-10 -10 q16 -6 24 8 q0 10 -10 10 q-16 0 -14 -18z" fill="${f}" stroke="${d}" stroke-width="1.5"/><path d="M-4 -10 l4 16 M4 -8 l4 10" stroke="${d}" stroke-width="2"/><circle cx="-2" cy="-4" r="1.8" fill="#212121"/>`,
  elephant: (f, d) => svg`<ellipse cx="-8" cy="-2" rx="9" ry="12" fill="${f}" stroke="${d}" stroke-width="1.5"/><circle cx="4" cy="-4" r="12" fill="${f}" stroke="${d}" stroke-width="1.5"/><path d="M12 0 q8 10 4 22 q-2 2 -4 0 q2 -10 -6 -16" fill="${f}" stroke="${d}" stroke-width="1.5"/><circle cx="6" cy="-8" r="1.8" fill="#212121"/>`,
  frog: (f, d) => svg`<ellipse cx="2" cy="0" rx="14" ry="10" fill="${f}" stroke="${d}" stroke-width="1.5"/><circle cx="-5" cy="-9" r="5" fill="#fff" stroke="${d}"/><circle cx="8" cy="-9" r="5" fill="#fff" stroke="${d}"/><circle cx="-5" cy="-9" r="2" fill="#212121"/><circle cx="8" cy="-9" r="2" fill="#212121"/><path d="M-6 4 q8 5 16 0" stroke="${d}" fill="none" stroke-width="1.5"/>`,
  penguin: (f, d) => svg`<circle r="12" fill="${f}" stroke="#212121" stroke-width="1.5"/><ellipse cx="2" cy="3" rx="7" ry="6" fill="${d}"/><path d="M8 0 l10 3 l-10 3z" fill="#ff9800"/><circle cx="-2" cy="-4" r="1.8" fill="#212121"/><circle cx="5" cy="-4" r="1.8" fill="#212121"/>`,
  lion: (f, d) => svg`<circle r="16" fill="${d}" opacity=".9"/><circle r="11" fill="${f}" stroke="${d}" stroke-width="1.2"/><circle cx="-4" cy="-3" r="1.6" fill="#212121"/><circle cx="4" cy="-3" r="1.6" fill="#212121"/><path d="M-2 3 h4 l-2 2z" fill="#5d4037"/><path d="M-4 7 q4 3 8 0" stroke="#5d4037" fill="none"/>`,
  flamingo: (f, d) => svg`<circle r="9" fill="${f}" stroke="${d}" stroke-width="1.5"/><path d="M7 -2 q10 0 12 8 q-2 4 -6 2 q0 -4 -6 -5z" fill="#fff" stroke="#212121"/><path d="M15 4 q2 3 -2 4" fill="#212121"/><circle cx="0" cy="-3" r="1.6" fill="#212121"/>`,
  horse: (f, d) => svg`<path d="M-6 -10 l-2 -8 l6 5z M2 -11 l2 -8 l3 7z" fill="${d}"/><path d="M-8 -10 q12 -6 20 6 q4 10 -2 14 q-8 2 -12 -4 q-8 -2 -6 -16z" fill="${f}" stroke="${d}" stroke-width="1.5"/><path d="M-8 -8 q-4 8 -2 16" stroke="${d}" stroke-width="3" fill="none"/><circle cx="0" cy="-4" r="1.8" fill="#212121"/><circle cx="8" cy="8" r="1.2" fill="${d}"/>`,
  sheep: (f, d) => svg`<circle cx="-2" cy="-8" r="6" fill="${f}" stroke="${d}"/><circle cx="6" cy="-9" r="6" fill="${f}" stroke="${d}"/><ellipse cx="3" cy="2" rx="9" ry="11" fill="#616161"/><ellipse cx="-7" cy="-1" rx="5" ry="2.5" fill="#616161"/><circle cx="0" cy="0" r="1.6" fill="#fff"/><circle cx="7" cy="0" r="1.6" fill="#fff"/><circle cx="0" cy="0" r=".8" fill="#212121"/><circle cx="7" cy="0" r=".8" fill="#212121"/>`,
  duck: (f, d) => svg`<circle r="11" fill="${f}" stroke="${d}" stroke-width="1.5"/><path d="M8 0 q12 -2 14 4 q-6 5 -14 3z" fill="#ff9800" stroke="#e65100"/><circle cx="2" cy="-4" r="2" fill="#212121"/>`,
  rabbit: (f, d) => svg`<ellipse cx="-5" cy="-18" rx="3.5" ry="11" fill="${f}" stroke="${d}" stroke-width="1.3"/><ellipse cx="4" cy="-19" rx="3.5" ry="11" fill="${f}" stroke="${d}" stroke-width="1.3"/><ellipse cx="-5" cy="-18" rx="1.5" ry="7" fill="#f8bbd0"/><ellipse cx="4" cy="-19" rx="1.5" ry="7" fill="#f8bbd0"/><circle r="11" fill="${f}" stroke="${d}" stroke-width="1.5"/><circle cx="-3" cy="-3" r="1.8" fill="#212121"/><circle cx="5" cy="-3" r="1.8" fill="#212121"/><path d="M0 3 l2 2 l2 -2z" fill="#ec407a"/><path d="M-6 4 h-6 M-6 6 l-5 2 M10 4 h6 M10 6 l5 2" stroke="${d}" stroke-width=".8"/>`,
  owl: (f, d) => svg`<path d="M-12 -8 l-2 -8 l8 5z M12 -8 l2 -8 l-8 5z" fill="${d}"/><circle r="13" fill="${f}" stroke="${d}" stroke-width="1.5"/><circle cx="-5" cy="-2" r="5.5" fill="#fff" stroke="${d}"/><circle cx="5" cy="-2" r="5.5" fill="#fff" stroke="${d}"/><circle cx="-5" cy="-2" r="2.5" fill="#212121"/><circle cx="5" cy="-2" r="2.5" fill="#212121"/><path d="M-2 4 l2 5 l2 -5z" fill="#ff9800"/>`,
};
const fallbackHead = (f, d) => svg`<circle r="12" fill="${f}" stroke="${d}" stroke-width="1.5"/><circle cx="-3" cy="-3" r="1.8" fill="#212121"/><circle cx="4" cy="-3" r="1.8" fill="#212121"/>`;

/** A Pigasus card: `body` animal wearing the head and skin of `head`. */
export function pigasusCardSVG(body, head, label) {
  const id = nextId("sk");
  const shape = BODIES[body] || FALLBACK_BODY;
  const [fill, detail] = SKINS[head] || FALLBACK_SKIN;
  const headFn = HEADS[head] || fallbackHead;
  const [hx, hy] = shape.head;
  return svg`<svg class="card-svg pg-face" viewBox="0 0 110 120" role="${label ? "img" : null}" aria-label="${label || null}" aria-hidden="${label ? null : "true"}">
    <defs>${skinPattern(head, id)}</defs>
    <rect x="2" y="2" width="106" height="116" rx="10" fill="#fffaf0" stroke="#5e35b1" stroke-width="2"/>
    <ellipse cx="55" cy="106" rx="40" ry="5" fill="#000" opacity=".1"/>
    <path d="${shape.d}" fill="url(#${id})" stroke="${detail}" stroke-width="1.6" stroke-linejoin="round"/>
    <g transform="translate(${hx} ${hy})">${headFn(fill, detail)}</g>
  </svg>`;
}

/** The big Pigasus toy drawn for the grab button: a winged pig. */
export function pigasusToySVG() {
  return svg`<svg class="toy-svg" viewBox="0 0 120 100" aria-hidden="true">
    <path d="M40 44 q-30 -30 -34 -6 q10 2 14 10 q-8 0 -10 8 q12 0 30 -4z" fill="#fff" stroke="#7e57c2" stroke-width="2"/>
    <path d="M70 40 q14 -34 40 -20 q-8 4 -8 12 q8 0 8 8 q-16 -2 -38 10z" fill="#fff" stroke="#7e57c2" stroke-width="2"/>
    ${pigBody({ id: nextId("toy") })}
  </svg>`;
}
