import { test } from './fixtures';
import { testStatePageTypes } from './wcag22/states';

/**
 * The WCAG 2.2 AA checks of wcag22.spec.ts (2.4.11, 2.5.8, 3.2.6, at 1280 and 360 px), with axe,
 * on the adult brand's page types that only a state reached on the way shows (issue 33):
 * registration, welcome, the earlier-time offer, the session-timed-out page and SMS code login with
 * SMS login on, and the payment result, completed and interrupted. How each state is reached
 * without touching what other specs count on: wcag22/states.ts.
 */
test.describe('WCAG 2.2 AA on the page types behind a state (issue 33)', () => {
  testStatePageTypes();
});
