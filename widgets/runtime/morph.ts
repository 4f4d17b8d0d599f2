// Turns a live element into a copy of a freshly parsed one while keeping the nodes that match, so the
// parts that stay (the navbar and its widgets) keep their state, listeners and focus across page changes.

/** Gives `from` the attributes of `to`; attributes only `from` has are removed unless `keepExtra`. */
export function syncAttributes(from: Element, to: Element, keepExtra: boolean): void {
  if (!keepExtra) {
    for (const { name } of [...from.attributes]) {
      if (!to.hasAttribute(name)) from.removeAttribute(name);
    }
  }
  for (const { name, value } of to.attributes) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
}

function sameKind(a: Node, b: Node): boolean {
  return (
    a.nodeType === b.nodeType &&
    (a.nodeType !== Node.ELEMENT_NODE || (a as Element).localName === (b as Element).localName)
  );
}

/**
 * Morphs `from` into `to` (`to` is consumed). Custom elements only get the attributes the new page sets:
 * their content, and attributes they set on themselves, belong to the widget.
 */
export function morph(from: Element, to: Element): void {
  const custom = from.localName.includes('-');
  syncAttributes(from, to, custom);
  if (custom) return;
  const current = [...from.childNodes];
  const next = [...to.childNodes];
  next.forEach((node, i) => {
    const old = current[i];
    if (!old) from.append(node);
    else if (!sameKind(old, node)) old.replaceWith(node);
    else if (node.nodeType === Node.ELEMENT_NODE) morph(old as Element, node as Element);
    else if (old.nodeValue !== node.nodeValue) old.nodeValue = node.nodeValue;
  });
  for (const extra of current.slice(next.length)) extra.remove();
}
