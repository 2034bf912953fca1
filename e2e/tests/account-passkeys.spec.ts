import { personas, test } from './fixtures';
import { addUseAndRemoveAPasskey } from './passkey-flow';

/**
 * Passkeys (issue 33) on the adult brand: Aino (SMS login on) adds a passkey in My information,
 * her session times out, she continues with the passkey, and removes it (the flow and its virtual
 * authenticator: passkey-flow.ts; the children's brand: children/account-passkeys.spec.ts).
 */
test.describe('passkeys (issue 33)', () => {
  test('Aino adds a passkey in My information, continues with it after her session timed out, and removes it', async ({ page }) => {
    await addUseAndRemoveAPasskey(page, {
      identityCode: personas.aino.code,
      expiredText: 'Jatka pääsyavaimella tai puhelimeesi lähetetyllä koodilla tai kirjaudu uudelleen pankkitunnuksilla.',
      brand: 'adult',
    });
  });
});
