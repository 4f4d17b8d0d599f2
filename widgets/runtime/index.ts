// The browser runtime that is not a widget: client router, outline, navbar, mobile menus, sidebar groups,
// hero stars and the overview filter. Imported once by widgets/index.ts.
import { adoptDocumentStyles } from '../platform/sheets.ts';
import { setupHeroStars } from './hero-stars.ts';
import { setupMobile } from './mobile.ts';
import { setupNavbar } from './navbar.ts';
import { setupOutline } from './outline.ts';
import { defineOverviewFilter } from './overview-filter.ts';
import { setupRouter } from './router.ts';
import { setupSidebar } from './sidebar.ts';
import transitions from '../../styles/adopted/transitions.css?inline';

declare global {
  interface Window {
    __docsRuntime?: boolean;
  }
}

// The site script may be loaded twice (site bundle plus the embed script): set up once.
if (!window.__docsRuntime) {
  window.__docsRuntime = true;
  adoptDocumentStyles(transitions);
  setupRouter();
  setupNavbar();
  setupMobile();
  setupSidebar();
  setupOutline();
  setupHeroStars();
  defineOverviewFilter();
}
