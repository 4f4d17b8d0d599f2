// A three-way DOM patch for the dev server's in-place updates: `live` is the page on screen, `before` the server's
// HTML it was made from, `after` the server's new HTML. Only what differs between `before` and `after` is touched
// in `live`, so everything else keeps its state: scroll positions, open <details>, checked tabs, focus, widgets
// and the attributes behaviours set (outline highlight, sidebar state).

function sameKind(a: Node, b: Node): boolean {
  return (
    a.nodeType === b.nodeType &&
    (a.nodeType !== Node.ELEMENT_NODE || (a as Element).localName === (b as Element).localName)
  );
}

function patchAttributes(live: Element, before: Element, after: Element): void {
  for (const { name } of [...before.attributes]) {
    if (!after.hasAttribute(name)) live.removeAttribute(name);
  }
  for (const { name, value } of [...after.attributes]) {
    if (before.getAttribute(name) !== value) live.setAttribute(name, value);
  }
}

const fresh = (node: Node) => document.importNode(node, true);

/** Patches `live` (made from `before`) into `after`; false when their shapes differ and the caller must replace it. */
export function patchNode(live: Node, before: Node, after: Node): boolean {
  if (before.isEqualNode(after)) return true;
  if (!sameKind(live, before) || !sameKind(before, after)) return false;
  if (after.nodeType !== Node.ELEMENT_NODE) {
    if (live.nodeValue !== after.nodeValue) live.nodeValue = after.nodeValue;
    return true;
  }
  const [l, b, a] = [live as Element, before as Element, after as Element];
  patchAttributes(l, b, a);
  // A custom element's content belongs to its widget: new server content means a new element.
  if (l.localName.includes('-')) {
    return b.innerHTML === a.innerHTML;
  }
  patchChildren(l, b, a);
  return true;
}

function patchChildren(live: Element, before: Element, after: Element): void {
  const l = [...live.childNodes];
  const b = [...before.childNodes];
  const a = [...after.childNodes];
  if (l.length !== b.length) {
    // Something else changed this element's children (a behaviour): start it over from the server's HTML.
    live.replaceChildren(...a.map(fresh));
    return;
  }
  // The unchanged head and tail stay as they are; the middle is patched pairwise, and what is left over
  // is inserted or removed.
  let start = 0;
  while (start < b.length && start < a.length && b[start].isEqualNode(a[start])) start++;
  let endB = b.length;
  let endA = a.length;
  while (endB > start && endA > start && b[endB - 1].isEqualNode(a[endA - 1])) {
    endB--;
    endA--;
  }
  const anchor = l[endB] ?? null;
  const pairs = Math.min(endB - start, endA - start);
  for (let i = 0; i < pairs; i++) {
    if (!patchNode(l[start + i], b[start + i], a[start + i])) l[start + i].replaceWith(fresh(a[start + i]));
  }
  for (let i = start + pairs; i < endB; i++) l[i].remove();
  for (let i = start + pairs; i < endA; i++) live.insertBefore(fresh(a[i]), anchor);
}
