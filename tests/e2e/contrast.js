// WCAG 2 contrast of every visible text on the page (shadow roots included), from the colours as rendered:
// text colour with the opacity of its element and ancestors, over the composited background. Disabled
// controls are exempt (as WCAG exempts inactive components). Returns the texts below 4.5:1 (3:1 when large).
() => {
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null; const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 }; };
  const lum = ({ r, g, b }) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (top, bottom) => ({ r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1 });
  const parentOf = (el) => el.parentElement || (el.getRootNode() instanceof ShadowRoot ? el.getRootNode().host : null);
  const background = (el) => {
    const layers = [];
    for (let node = el; node; node = parentOf(node)) {
      const bg = parse(getComputedStyle(node).backgroundColor);
      if (bg && bg.a > 0) { layers.push(bg); if (bg.a >= 1) break; }
    }
    let color = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) color = over(layer, color);
    return color;
  };
  const opacity = (el) => { let o = 1; for (let node = el; node; node = parentOf(node)) o *= Number(getComputedStyle(node).opacity); return o; };
  const out = [];
  const visit = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) visit(el.shadowRoot);
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!box.width || !box.height || style.visibility === "hidden") continue;
      if (el.disabled || el.closest?.("[disabled]") || el.getAttribute("aria-disabled") === "true") continue;
      const bg = background(el);
      const fg = over({ ...parse(style.color), a: parse(style.color).a * opacity(el) }, bg);
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
      const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      if (ratio < need) out.push({ text: el.textContent.trim().slice(0, 40), tag: el.tagName, cls: el.className, ratio: Math.round(ratio * 100) / 100, need });
    }
  };
  visit(document);
  return out;
}
