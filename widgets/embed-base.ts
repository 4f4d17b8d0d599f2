// First of the embed script's modules: notes where the script was loaded from while it runs (the docs site's
// base URL for every embedded widget, platform/docs-base.ts); document.currentScript is gone after that.
import { rememberScriptBase } from './platform/docs-base.ts';

rememberScriptBase();
