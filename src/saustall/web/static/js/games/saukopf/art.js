// Saukopf's own art, drawn as SVG: the Bavarian cards (suits Eichel, Gras, Herz, Schellen;
// ranks Sau, 10, K, O, U, 9, 8, 7).
// Every function returns an svg`...` template for dom.js; labels go in as attribute text.
import { svg } from "../../dom.js";
import { nextId, pigBody } from "../../art.js";

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
