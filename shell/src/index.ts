import './strict-csp';
// The layout's styles load with the entry (a <link> in <head>), so the server-rendered skeleton of
// header and footer is styled at first paint, before any script has run.
import '@portal/shared-ui/themes.css';
// the page column, form layout, boxes and links every remote's page names (issue 32), loaded once here
import '@portal/shared-ui/layout.css';
import './shell.css';
import { replayButtonPressesThroughHandOver } from './click-hand-over';
import { BOOT_ATTRIBUTE, bootWhenNeeded } from './deferred-boot';
import { keepFieldValuesThroughHandOver } from './field-hand-over';
import { preloadPageHints } from './page-hints';
import { warmIntlSoon } from './warm-intl';

// The rest of the shell is loaded behind this boundary, so main.js stays the few KB that decide
// when to start: on a pre-rendered page it waits for the visitor, or for the first paint (deferred-boot.ts).
// A page whose controls need the code, shown before the code has arrived: a button pressed in the
// meantime is pressed again on the remote's copy (click-hand-over.ts), and what was typed is typed
// there too (field-hand-over.ts).
const root = document.getElementById('portal-root');
const handOvers = root?.hasAttribute(BOOT_ATTRIBUTE) ? [replayButtonPressesThroughHandOver(root), keepFieldValuesThroughHandOver(root)] : [];

bootWhenNeeded(() => {
  for (const handOver of handOvers) handOver.bootStarted();
  preloadPageHints();
  warmIntlSoon(document.documentElement.lang);
  void import('./bootstrap');
});
