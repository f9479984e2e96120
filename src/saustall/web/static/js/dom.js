// Safe DOM building: the page never builds HTML from data.
//
// Markup lives only in the code, as tagged template literals: html`<p class="x">${name}</p>`.
// The static parts of a template (never data) are parsed once into a <template> element,
// with a marker at every ${...}. Each use clones that and fills the markers through the DOM:
// a value in an element's content becomes a text node (or the nodes of a nested template),
// a value in an attribute is set with setAttribute. Nothing a player typed is ever parsed
// as markup, so a name like <img src=x onerror=...> shows as exactly that text.

const MARK = "\uE000"; // private-use characters: never in the project's own markup
const MARK_END = "\uE001";
const MARK_RE = /\uE000(\d+)\uE001/g;
// An attribute with a value bound in it is parsed under this prefix and renamed when it is
// filled: a marker in a geometry attribute (transform="translate(<marker> 26)") would make
// the browser report a parse error on the console when the template is first parsed.
const BOUND = "data-bound-";
const BOUND_ATTR = /(\s)([a-z][a-z0-9-]*)="([^"]*\uE000[^"]*)"/g;
const BOOLEAN_NAME = /^[a-z][a-z-]*$/;
// Attributes whose value is fetched or run as a link: no scheme that runs script.
const URL_ATTRS = new Set(["href", "src", "xlink:href", "action", "formaction"]);
const SAFE_URL = /^(?:[/#?.]|https?:|blob:|mailto:)/i;

/** A piece of markup with values to fill in; build it with `html` or `svg`. */
class Template {
  constructor(strings, values, isSvg) {
    this.strings = strings;
    this.values = values;
    this.isSvg = isSvg;
  }
}

function checkStrings(strings) {
  // Only a template literal's own strings are markup: a plain array (say, built from
  // data) is refused, so nobody can pass text through here by mistake.
  if (!Array.isArray(strings) || !Array.isArray(strings.raw) || !Object.isFrozen(strings)) {
    throw new TypeError("html`...` and svg`...` are template tags: call them as html`<p>${x}</p>`");
  }
}

/** HTML markup as a template literal; ${values} go in as text or attribute values. */
export function html(strings, ...values) {
  checkStrings(strings);
  return new Template(strings, values, false);
}

/** SVG markup (shapes to put inside an <svg>) as a template literal. */
export function svg(strings, ...values) {
  checkStrings(strings);
  return new Template(strings, values, true);
}

const TEXT = 0;
const TAG = 1;
const DOUBLE = 2;
const SINGLE = 3;
const COMMENT = 4;

/** Where markup ends up after `text`, starting in `state`: text, inside a tag, a quoted value. */
function scan(text, state) {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (state === TEXT) {
      if (text.startsWith("<!--", i)) {
        state = COMMENT;
        i += 3;
      } else if (c === "<" && /[a-zA-Z/]/.test(text[i + 1] || "")) {
        state = TAG;
      }
    } else if (state === TAG) {
      if (c === '"') state = DOUBLE;
      else if (c === "'") state = SINGLE;
      else if (c === ">") state = TEXT;
    } else if (state === DOUBLE) {
      if (c === '"') state = TAG;
    } else if (state === SINGLE) {
      if (c === "'") state = TAG;
    } else if (text.startsWith("-->", i)) {
      state = TEXT;
      i += 2;
    }
  }
  return state;
}

const parsed = { html: new WeakMap(), svg: new WeakMap() };

/** The <template> for a template literal's static strings, parsed once per call site. */
function templateFor(strings, isSvg) {
  const cache = isSvg ? parsed.svg : parsed.html;
  let tpl = cache.get(strings);
  if (tpl) return tpl;
  let markup = "";
  let state = TEXT;
  strings.forEach((part, i) => {
    if (part.includes(MARK) || part.includes(MARK_END)) throw new Error("template uses reserved characters");
    markup += part;
    state = scan(part, state);
    if (i === strings.length - 1) return;
    if (state === COMMENT) throw new Error("no ${...} inside an HTML comment");
    // In content a marker is a comment (allowed anywhere, even between table rows);
    // inside a tag it is text in an attribute's name or value.
    markup += state === TEXT ? `<!--${MARK}${i}${MARK_END}-->` : `${MARK}${i}${MARK_END}`;
  });
  // Handlers and inline styles are refused before parsing: the policy forbids them, and
  // even an inert <template> reports them as violations.
  const forbidden = markup.match(/<[^>]*\s(on[a-z]+|style)\s*=/i);
  if (forbidden) throw new Error(`no ${forbidden[1]}="..." in templates (the Content-Security-Policy forbids it)`);
  markup = markup.replace(BOUND_ATTR, (_, space, name, value) => `${space}${BOUND}${name}="${value}"`);
  tpl = document.createElement("template");
  // The one place markup is parsed: the static strings of the code's own templates.
  tpl.innerHTML = isSvg ? `<svg>${markup}</svg>` : markup;
  cache.set(strings, tpl);
  return tpl;
}

function fillAttributes(el, values) {
  for (const attr of [...el.attributes]) {
    const name = attr.name;
    if (name.includes(MARK)) {
      // ${...} where an attribute goes: a bare boolean attribute name, or nothing.
      el.removeAttribute(name);
      const value = values[Number(name.slice(1, -1))];
      if (attr.value !== "" || !/^\uE000\d+\uE001$/.test(name)) throw new Error(`bad attribute binding: ${name}`);
      if (value === null || value === undefined || value === false || value === "") continue;
      if (typeof value !== "string" || !BOOLEAN_NAME.test(value) || value.startsWith("on") || value === "style") {
        throw new Error(`only a boolean attribute name may stand in a tag, not ${String(value)}`);
      }
      el.setAttribute(value, "");
      continue;
    }
    if (!attr.value.includes(MARK)) continue;
    el.removeAttribute(name);
    const real = name.startsWith(BOUND) ? name.slice(BOUND.length) : name;
    if (real.startsWith("on") || real === "style") throw new Error(`no ${real}="\${...}" in templates`);
    const whole = attr.value.match(/^\uE000(\d+)\uE001$/);
    if (whole) {
      const value = values[Number(whole[1])];
      if (value === null || value === undefined || value === false) continue;
    }
    const text = attr.value.replace(MARK_RE, (_, i) => {
      const value = values[Number(i)];
      return value === null || value === undefined || value === false ? "" : String(value);
    });
    if (URL_ATTRS.has(real) && !SAFE_URL.test(text.trim())) throw new Error(`unsafe URL in ${real}`);
    el.setAttribute(real, text);
  }
}

/** The nodes for one value: text for strings and numbers, nested templates, arrays. */
function append(parent, value) {
  if (value === null || value === undefined || value === false || value === true || value === "") return;
  if (value instanceof Template) parent.appendChild(instantiate(value));
  else if (Array.isArray(value)) for (const v of value) append(parent, v);
  else if (value instanceof Node) parent.appendChild(value);
  else parent.appendChild(document.createTextNode(String(value)));
}

/** A fresh DocumentFragment for a template with its values filled in. */
function instantiate(template) {
  const tpl = templateFor(template.strings, template.isSvg);
  const frag = document.importNode(tpl.content, true);
  const values = template.values;
  const walker = document.createTreeWalker(frag, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT);
  const slots = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.COMMENT_NODE) {
      const m = node.data.match(/^\uE000(\d+)\uE001$/);
      if (m) slots.push([node, values[Number(m[1])]]);
    } else if (node.hasAttributes()) {
      fillAttributes(node, values);
    }
  }
  for (const [marker, value] of slots) {
    const box = document.createDocumentFragment();
    append(box, value);
    marker.replaceWith(box);
  }
  if (!template.isSvg) return frag;
  const out = document.createDocumentFragment(); // unwrap the <svg> the shapes were parsed in
  out.append(...frag.firstChild.childNodes);
  return out;
}

/** A DocumentFragment holding `content` (templates, strings as text, nodes, arrays). */
export function fragment(...content) {
  const frag = document.createDocumentFragment();
  append(frag, content);
  return frag;
}

/** Replace everything in `container` with `content`. */
export function render(container, ...content) {
  container.replaceChildren(fragment(...content));
}

/** The first element of `content` (a template with one root element). */
export function element(content) {
  return fragment(content).firstElementChild;
}

/** Whether `value` is something `render` shows (a template, text, nodes). */
export function isContent(value) {
  return value instanceof Template || value instanceof Node || Array.isArray(value) || typeof value === "string";
}
