// The game renderers, found by the name the catalogue gives (`renderer`, from each game's
// support record), with a generic board for games without their own. No game is named
// here: `loadRenderers` imports `./<renderer>.js` for every game of the catalogue.
import { html, render } from "../dom.js";

const RENDERER_NAME = /^[a-z][a-z0-9_-]{0,39}$/;

/** The board of a game without a renderer: the view's public fields and the legal
 * actions as text, each action a button; nothing from the data is read as markup. */
export const generic = {
  realtime: false,
  render(el, ctx) {
    const fields = Object.entries(ctx.view || {});
    render(el, html`<div class="generic">
      <dl class="view-fields">${fields.map(([key, value]) => html`<dt>${key}</dt><dd>${typeof value === "string" ? value : JSON.stringify(value)}</dd>`)}</dl>
      <div class="buttons">${ctx.legal.map((l) => html`<button type="button" class="small" data-act="${l.action}">${l.text || l.action}</button>`)}</div></div>`);
    el.querySelectorAll("[data-act]").forEach((b) => b.addEventListener("click", () => ctx.act(b.dataset.act)));
  },
};

const MODULES = new Map(); // game name -> its renderer module
let ORDER = []; // the catalogue's game names, in its order

/** Import the renderer of every game in `catalogue` that names one; a renderer that
 * fails to load leaves its game on the generic board. */
export async function loadRenderers(catalogue) {
  ORDER = catalogue.games.map((g) => g.game);
  await Promise.all(catalogue.games.map(async (g) => {
    if (MODULES.has(g.game) || !g.renderer || !RENDERER_NAME.test(g.renderer)) return;
    try {
      MODULES.set(g.game, (await import(`./${g.renderer}.js`)).default);
    } catch (err) {
      console.warn(`no renderer ${g.renderer} for ${g.game}; the generic board plays it`, err);
    }
  }));
}

export function gameModule(name) {
  return MODULES.get(name) || generic;
}

/** The catalogue's games whose renderer exports `part` (e.g. "rules"), in its order. */
export function gamesWith(part) {
  return ORDER.filter((name) => MODULES.get(name)?.[part]);
}

/** A small picture for a game (lobby tiles, lists), named after it. */
export function gameIcon(name) {
  const mod = MODULES.get(name);
  return mod && mod.tile ? mod.tile() : "";
}
