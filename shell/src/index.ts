import './strict-csp';
// The layout's styles load with the entry (a <link> in <head>), so the server-rendered skeleton of
// header and footer is styled at first paint, before any script has run.
import '@portal/shared-ui/themes.css';
import './shell.css';
import { bootWhenNeeded } from './deferred-boot';
import { preloadPageHints } from './page-hints';
import { warmIntlSoon } from './warm-intl';

// The rest of the shell is loaded behind this boundary, so main.js stays the few KB that decide
// when to start: on a pre-rendered page it waits for the visitor, or for the first paint (deferred-boot.ts).
bootWhenNeeded(() => {
  preloadPageHints();
  warmIntlSoon(document.documentElement.lang);
  void import('./bootstrap');
});
