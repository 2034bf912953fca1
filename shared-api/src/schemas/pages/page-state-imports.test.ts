import { accountPageStateImports } from '../account/page-state-imports';
import { accountPageStates } from '../account/page-states';
import { bookingPageStateImports } from '../booking/page-state-imports';
import { bookingPageStates } from '../booking/page-states';
import { messagingPageStateImports } from '../messaging/page-state-imports';
import { messagingPageStates } from '../messaging/page-states';
import { paymentsPageStateImports } from '../payments/page-state-imports';
import { paymentsPageStates } from '../payments/page-states';
import { recordsPageStateImports } from '../records/page-state-imports';
import { recordsPageStates } from '../records/page-states';

const parts: Array<[string, Record<string, unknown>, Record<string, () => Promise<unknown>>]> = [
  ['account', accountPageStates, accountPageStateImports],
  ['booking', bookingPageStates, bookingPageStateImports],
  ['messaging', messagingPageStates, messagingPageStateImports],
  ['payments', paymentsPageStates, paymentsPageStateImports],
  ['records', recordsPageStates, recordsPageStateImports],
];

test.each(parts)('%s: the imports give, route by route, the very schemas of the part’s map', async (_part, schemas, imports) => {
  expect(Object.keys(imports).sort()).toEqual(Object.keys(schemas).sort());
  for (const [routeId, load] of Object.entries(imports)) expect(await load()).toBe(schemas[routeId]);
});
