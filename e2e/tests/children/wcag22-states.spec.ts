import { test } from '../fixtures';
import { testStatePageTypes } from '../wcag22/states';

/**
 * ../wcag22-states.spec.ts on the children's brand (the 'children' project's server), where the
 * same page types exist: registration, welcome, the earlier-time offer, the session-timed-out page
 * and SMS code login with SMS login on, and the payment result; 2.4.11, 2.5.8, 3.2.6 and axe at
 * 1280 and 360 px.
 */
test.describe("WCAG 2.2 AA on the children's brand's page types behind a state (issue 33)", () => {
  testStatePageTypes();
});
