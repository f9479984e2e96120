// The game renderers by game name, with a generic fallback for games without their own.
import drecksau from "./drecksau.js";
import saukopf from "./saukopf.js";
import pigasus from "./pigasus.js";
import { t } from "../i18n.js";
import { html, render } from "../dom.js";
import { pigSVG, sauCardSVG, pigasusCardSVG } from "../art.js";

const generic = {
  realtime: false,
  render(el, ctx) {
    render(el, html`<div class="generic">
      <pre class="view-dump">${JSON.stringify(ctx.view, null, 1)}</pre>
      <div class="buttons">${ctx.legal.map((l) => html`<button type="button" class="small" data-act="${l.action}">${l.text || l.action}</button>`)}</div></div>`);
    el.querySelectorAll("[data-act]").forEach((b) => b.addEventListener("click", () => ctx.act(b.dataset.act)));
  },
};

const MODULES = { drecksau, saukopf, pigasus };

export function gameModule(name) {
  return MODULES[name] || generic;
}

/** A small picture for a game (lobby tiles, lists). */
export function gameIcon(name) {
  if (name === "drecksau") return pigSVG({ dirty: true, barn: false }, t("game.drecksau"));
  // Two cards fanned out: one picture named after the game (not "O O A A").
  if (name === "saukopf") return html`<span class="icon-fan" role="img" aria-label="${t("game.saukopf")}">${sauCardSVG("gras", "O", "")}${sauCardSVG("herz", "A", "")}</span>`;
  if (name === "pigasus") return pigasusCardSVG("giraffe", "pig", t("game.pigasus"));
  return "";
}
