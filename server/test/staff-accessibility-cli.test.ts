import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { migrate } from '../src/db/index';
import { storeFeedback } from '../src/modules/accessibility/feedback';
import { commandHarness, type CommandHarness } from './cli-harness';
import { testDriver } from './helpers';

/**
 * `npm run staff:accessibility` (src/cli/staff-accessibility.ts): the staff's list of accessibility
 * feedback from the command line, on the database the server would open (PGlite in DATA_DIR, or a
 * PostgreSQL database of this test's own on DATABASE_URL's server).
 */

let command: CommandHarness;
const cli = (...args: string[]) => command.run(...args);

before(async () => {
  command = await commandHarness('staff-accessibility.ts', 'staff-accessibility');
});
after(async () => {
  await command.dispose();
});

describe(`staff:accessibility on ${testDriver} (issue 33: the feedback shown to staff by the API and a command)`, () => {
  it('says so while there is none, then lists the feedback newest first, its sender kept out', async () => {
    const empty = await cli();
    assert.equal(empty.code, 0, empty.stderr);
    assert.match(empty.stdout, /no accessibility feedback/);

    await command.withDatabase(async (handle) => {
      await migrate(handle);
      await storeFeedback(handle.db, { description: 'Kalenterin päivät eivät ole näppäimistöllä valittavissa.', page: 'Ajanvaraus', email: 'anna@example.fi' }, { brand: 'adult', lang: 'fi', signedIn: false });
      await storeFeedback(handle.db, { description: 'Knappen är för liten.\nPå mobilen.' }, { brand: 'children', lang: 'sv', signedIn: true });
    });

    const listed = await cli();
    assert.equal(listed.code, 0, listed.stderr);
    const first = listed.stdout.indexOf('Knappen är för liten.');
    const second = listed.stdout.indexOf('Kalenterin päivät');
    assert.ok(first !== -1 && second !== -1 && first < second, listed.stdout);
    assert.match(listed.stdout, /\(children, sv, signed in, no email\)\n {4}Knappen är för liten\.\n {4}På mobilen\./);
    assert.match(listed.stdout, /\(adult, fi, anonymous, anna@example\.fi\) {2}page: Ajanvaraus/);

    const one = await cli('--limit', '1');
    assert.equal(one.code, 0, one.stderr);
    assert.doesNotMatch(one.stdout, /Kalenterin/);
  });

  it('refuses a bad limit with its usage (exit 2)', async () => {
    for (const limit of ['0', '501', 'many']) {
      const refused = await cli('--limit', limit);
      assert.equal(refused.code, 2, limit);
      assert.match(refused.stderr, /--limit takes a whole number from 1 to 500[\s\S]*usage: staff-accessibility/);
    }
  });
});
