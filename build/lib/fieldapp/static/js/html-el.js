/* `el` for the service worker (no DOM there): the same calls as dom.js's `el` build HTML text, so
 * card-render.js draws one card for a page and for the worker's answer to a tag's link. */
const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
const VOID = new Set(["br", "hr", "img", "input"]);

class HtmlNode {
  constructor(tag, attrs) {
    this.tag = tag;
    this.attrs = Object.assign({}, attrs);
    this.children = [];
  }

  append(...children) {
    for (const c of children) if (c !== null && c !== undefined && c !== "") this.children.push(c);
  }

  get outerHTML() {
    const attrs = Object.entries(this.attrs).map(([k, v]) => ` ${k}="${escapeHtml(v)}"`).join("");
    if (VOID.has(this.tag)) return `<${this.tag}${attrs}>`;
    const inner = this.children.map((c) => (c instanceof HtmlNode ? c.outerHTML : escapeHtml(c))).join("");
    return `<${this.tag}${attrs}>${inner}</${this.tag}>`;
  }
}

export function htmlEl(tag, attrs, ...children) {
  const node = new HtmlNode(tag, attrs);
  node.append(...children);
  return node;
}
