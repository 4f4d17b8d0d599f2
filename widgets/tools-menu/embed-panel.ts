// Entry of embed-tools.js, the embed script's on-demand part with <tools-menu>'s popover and the tool list
// (panel-module.embed.ts loads it; vite.config.ts builds it without React, which the embed script passes in).
export { ToolsPanel } from './ToolsPanel.tsx';
