// The embed script's source of the <doc-search> modal (vite.config.ts puts it in place of dialog-module.ts).
// The modal and its search engine weigh about as much as the other four widgets together and only matter once
// a reader searches: they are `embed-search.js`, beside embed.js, loaded when the browser is idle or the reader
// reaches for search (platform/chunk.ts), sharing this script's React.
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as JSX from 'react/jsx-runtime';
import { loadChunk } from '../platform/chunk.ts';
import { besideScript } from '../platform/docs-base.ts';
import type { SearchDialogComponent } from './dialog-module.ts';

export type { SearchDialogComponent };

/** The on-demand part's file name (vite.config.ts writes it). */
export const DIALOG_CHUNK = 'embed-search.js';

export const readyDialog: SearchDialogComponent | undefined = undefined;

export function loadSearchDialog(): Promise<SearchDialogComponent> {
  const url = besideScript(DIALOG_CHUNK);
  if (!url) return Promise.reject(new Error('the embed script’s URL is unknown (document.currentScript was not set)'));
  // The factory's parameters, in the order vite.config.ts declares them.
  return loadChunk<{ SearchDialog: SearchDialogComponent }>(url, [React, ReactDOM, JSX]).then(
    (part) => part.SearchDialog,
  );
}
