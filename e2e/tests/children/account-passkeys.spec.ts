import { test } from '../fixtures';
import { addUseAndRemoveAPasskey } from '../passkey-flow';

/**
 * Passkeys (issue 33) on the children's brand (the 'children' project's server): Leena, a guardian
 * signed in for her own matters (a passkey resumes only its owner's session; acting for a child is
 * chosen again), adds a passkey in My information, continues with it after her session timed out,
 * and removes it. The flow is the adult brand's (../passkey-flow.ts); Leena has no SMS login, so the
 * timed-out page offers the passkey and bank identification only.
 */
const leena = { code: '121264-9685' } as const;

test.describe("passkeys on the children's brand (issue 33)", () => {
  test('Leena adds a passkey in My information, continues with it after her session timed out, and removes it', async ({ page }) => {
    await addUseAndRemoveAPasskey(page, {
      identityCode: leena.code,
      expiredText: 'Jatka pääsyavaimella tai kirjaudu uudelleen pankkitunnuksilla.',
      brand: 'children',
    });
  });
});
