// Saustall's own art shared by the games, drawn as SVG: a pig, a card back. No external
// artwork is used; each game's own card art lives with its renderer (games/<name>/art.js).
// Every function returns an svg`...` template for dom.js; labels go in as attribute text.
import { svg } from "./dom.js";

let uid = 0;
/** A fresh id for an SVG definition (patterns, clip paths), unique on the page. */
export const nextId = (p) => `${p}${++uid}`;

/** A pig, `muddy` and/or `pretty`; `id` names its clip path (see nextId). */
export function pigBody({ muddy = false, pretty = false, id }) {
  const skin = pretty ? "#ffc4d6" : "#f6a9bd";
  const dark = pretty ? "#e77fa0" : "#d9788f";
  const mud = muddy
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

/** A face-down card back, striped in the two colours `[a, b]` (a game's own, or brown). */
export function cardBackSVG([a, b] = ["#6d4c41", "#8d6e63"]) {
  const id = nextId("bk");
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
