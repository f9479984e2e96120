// Drecksau's own art, drawn as SVG: pig cards with their barn, door, rod and pretty-pig
// card, the action cards and the tournament's awards.
// Every function returns an svg`...` template for dom.js; labels go in as attribute text.
import { svg } from "../../dom.js";
import { nextId, pigBody } from "../../art.js";

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
    ${barnBack}<g transform="${scale}">${pigBody({ muddy: dirty, pretty, id })}</g>${doorFront}${rodTop}</svg>`;
}

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
