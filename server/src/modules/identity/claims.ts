// What the portal asks any identity broker for and reads from its ID token: the relying party's
// side of the protocol, the same for the built-in test broker (server/src/demo/identity-broker/)
// and a real one.

/**
 * The claim that carries the personal identity code. The broker's `sub` is the identity code too,
 * so a relying party that only reads `sub` works as well.
 */
export const IDENTITY_CODE_CLAIM = 'hetu';
/** Scopes the portal asks for; `hetu` releases the identity code claim. */
export const BROKER_SCOPES = 'openid profile hetu';

/**
 * The mandate (spec part 1 §4, children's brand "child's matters"): asked for with the extra scope
 * `mandate`, the broker then also asks whom the person acts for and releases the claim
 * `mandate_for` = the represented person's identity code, the way Suomi.fi valtuudet names the
 * represented person. The claim says only whom the person claims to act for: the portal itself
 * checks the guardianship and the child's age.
 */
export const MANDATE_SCOPE = 'mandate';
export const MANDATE_FOR_CLAIM = 'mandate_for';

export function brokerScopes(acting: 'guardian' | null | undefined): string {
  return acting === 'guardian' ? `${BROKER_SCOPES} ${MANDATE_SCOPE}` : BROKER_SCOPES;
}
