// A custom element's server-rendered UI: a declarative shadow root (`<template shadowrootmode>`) holding the
// element's stylesheet and the markup its React component renders, so the element paints as the widget
// before any script. The stylesheet is a marker here, filled with the widget's CSS when the page is written
// (layouts/shadow-styles.ts): the text is the build's (Vite's), the same the widget adopts once it runs.
import type { ReactNode } from 'react';
import { SHADOW_STYLE_ATTRIBUTE, type ServerRenderedTag } from './server-rendered.ts';

export function ShadowRoot({ tag, children }: { tag: ServerRenderedTag; children: ReactNode }) {
  // `shadowrootmode` is HTML's attribute; React passes it through as written.
  const template = { shadowrootmode: 'open' } as Record<string, string>;
  return (
    <template {...template}>
      <style {...{ [SHADOW_STYLE_ATTRIBUTE]: tag }} />
      {children}
    </template>
  );
}
