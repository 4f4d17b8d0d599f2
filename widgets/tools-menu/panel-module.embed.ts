// The embed script's source of <tools-menu>'s popover (vite.config.ts puts it in place of panel-module.ts). The
// tool list and its stylesheet only matter once a reader opens the menu: they are `embed-tools.js`, beside
// embed.js, loaded when the browser is idle or the reader reaches for the menu (platform/chunk.ts), sharing
// this script's React.
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as JSX from 'react/jsx-runtime';
import { loadChunk } from '../platform/chunk.ts';
import { besideScript } from '../platform/docs-base.ts';
import type { ToolsPanelComponent } from './panel-module.ts';

export type { ToolsPanelComponent };

/** The on-demand part's file name (vite.config.ts writes it). */
export const PANEL_CHUNK = 'embed-tools.js';

export const readyPanel: ToolsPanelComponent | undefined = undefined;

export function loadToolsPanel(): Promise<ToolsPanelComponent> {
  const url = besideScript(PANEL_CHUNK);
  if (!url) return Promise.reject(new Error('the embed script’s URL is unknown (document.currentScript was not set)'));
  // The factory's parameters, in the order vite.config.ts declares them.
  return loadChunk<{ ToolsPanel: ToolsPanelComponent }>(url, [React, ReactDOM, JSX]).then((part) => part.ToolsPanel);
}
