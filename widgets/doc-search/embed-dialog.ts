// Entry of embed-search.js, the embed script's on-demand part with the <doc-search> modal and its engine
// (dialog-module.embed.ts loads it; vite.config.ts builds it without React, which the embed script passes in).
export { SearchDialog } from './SearchDialog.tsx';
