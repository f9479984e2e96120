// Pigasus's own art, drawn as SVG: each card is one animal's body wearing another animal's
// head and skin, and the winged pig of the grab button.
// Every function returns an svg`...` template for dom.js; labels go in as attribute text.
import { svg } from "../../dom.js";
import { nextId, pigBody } from "../../art.js";

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
