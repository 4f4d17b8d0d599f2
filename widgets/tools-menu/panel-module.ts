// Where <tools-menu> gets its popover from. Here, in the site bundle (the element's own chunk) and in the tests:
// simply imported, ready at once. The embed script replaces this module with panel-module.embed.ts
// (vite.config.ts), which loads the popover on demand.
import { ToolsPanel } from './ToolsPanel.tsx';

export type ToolsPanelComponent = typeof ToolsPanel;

/** The popover when it is already here (then it renders in the first commit). */
export const readyPanel: ToolsPanelComponent | undefined = ToolsPanel;

export function loadToolsPanel(): Promise<ToolsPanelComponent> {
  return Promise.resolve(ToolsPanel);
}
