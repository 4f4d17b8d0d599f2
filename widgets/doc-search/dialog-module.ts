// Where <doc-search> gets its modal from. Here, in the site bundle (the element's own chunk, loaded when the
// browser is idle) and in the tests: it is simply imported, ready at once. The embed script replaces this
// module with dialog-module.embed.ts (vite.config.ts), which loads the modal on demand.
import { SearchDialog } from './SearchDialog.tsx';

export type SearchDialogComponent = typeof SearchDialog;

/** The modal when it is already here (then it renders in the first commit). */
export const readyDialog: SearchDialogComponent | undefined = SearchDialog;

export function loadSearchDialog(): Promise<SearchDialogComponent> {
  return Promise.resolve(SearchDialog);
}
