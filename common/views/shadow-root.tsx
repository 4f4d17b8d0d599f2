// A custom element's server-rendered UI: a declarative shadow root (`<template shadowrootmode>`) holding the
// element's stylesheet and the markup its React component renders, so the element paints as the widget
// before any script. The stylesheet is the build's (Vite's), the same the widget adopts once it runs: the
// layouts hand each element's to its root through `ShadowSheets` (its text in built pages, allowed by hash as
// the page's own sheets are, lib/csp.ts; a link under the dev server, which serves the sheets as files).
// Markup rendered without them (the Markdown renderer's <pm-tabs>, made before the sheets exist) carries a
// marker instead, which layouts/shadow-styles.ts fills in the page's body.
import { createContext, type ReactNode, useContext } from 'react';
import { SHADOW_STYLE_ATTRIBUTE, type ServerRenderedTag } from './server-rendered.ts';

/** An element's shadow stylesheet: where it is served, and its text where pages carry it inline. */
export interface ShadowSheet {
  href: string;
  text?: string;
}

/** Each element's shadow stylesheet, by tag, for the roots rendered inside. */
export const ShadowSheets = createContext<Partial<Record<ServerRenderedTag, ShadowSheet>>>({});

export function ShadowRoot({ tag, children }: { tag: ServerRenderedTag; children: ReactNode }) {
  const sheet = useContext(ShadowSheets)[tag];
  // `shadowrootmode` is HTML's attribute; React passes it through as written.
  const template = { shadowrootmode: 'open' } as Record<string, string>;
  const marker = { [SHADOW_STYLE_ATTRIBUTE]: tag };
  return (
    <template {...template}>
      {!sheet ? (
        <style {...marker} />
      ) : sheet.text !== undefined ? (
        <style {...marker} dangerouslySetInnerHTML={{ __html: sheet.text }} />
      ) : (
        <link rel="stylesheet" href={sheet.href} />
      )}
      {children}
    </template>
  );
}
