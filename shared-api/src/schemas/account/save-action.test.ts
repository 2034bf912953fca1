import {
  decodeSaveAction,
  encodeSaveAction,
  followUpPathOf,
  initialMyInformationTab,
  isLocalPagePath,
  type SaveAction,
} from './save-action';

function encodeRaw(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

describe('saveAction (spec part 2 §2.2)', () => {
  const actions: SaveAction[] = [
    { type: 'reload' },
    { type: 'appointment-reservation', path: '/fi/ajanvaraus/yksityisasiakas/123?x=1' },
    { type: 'appointment', path: '/en/appointment/12,13', tab: 'consent' },
    { type: 'appointment', path: '/sv/bokning/12' },
    { type: 'invoice-payment', path: '/fi/maksa/42' },
  ];

  test.each(actions)('%j survives encode and decode', (action) => {
    const encoded = encodeSaveAction(action);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSaveAction(encoded)).toEqual(action);
  });

  test('the encoding is url-safe base64 of the JSON, as another remote or the server would write it', () => {
    const action: SaveAction = { type: 'invoice-payment', path: '/fi/maksa/42?ä=ö' };
    expect(encodeSaveAction(action)).toBe(encodeRaw(action));
    expect(decodeSaveAction(encodeRaw(action))).toEqual(action);
  });

  test.each([
    ['absent', null],
    ['empty', ''],
    ['not base64', '%%%'],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['an unknown type', encodeRaw({ type: 'elsewhere', path: '/fi' })],
    ['another site', encodeRaw({ type: 'invoice-payment', path: 'https://evil.example/fi' })],
    ['a protocol-relative URL', encodeRaw({ type: 'invoice-payment', path: '//evil.example/fi' })],
    ['a backslash trick', encodeRaw({ type: 'invoice-payment', path: '/\\evil.example' })],
    ['javascript:', encodeRaw({ type: 'appointment', path: 'javascript:alert(1)' })],
    ['no language segment', encodeRaw({ type: 'appointment', path: '/appointment/1' })],
    ['a double slash inside', encodeRaw({ type: 'appointment', path: '/fi//evil.example' })],
    ['a newline', encodeRaw({ type: 'appointment', path: '/fi/varaus/1\n' })],
    ['an unknown tab', encodeRaw({ type: 'appointment', path: '/fi/varaus/1', tab: 'kela' })],
    ['extra keys', encodeRaw({ type: 'reload', path: '/fi' })],
  ])('%s → null', (_, value) => {
    expect(decodeSaveAction(value)).toBeNull();
  });

  test('encode refuses a follow-up that points elsewhere', () => {
    expect(() => encodeSaveAction({ type: 'invoice-payment', path: 'https://evil.example/' })).toThrow();
  });

  test('local page paths', () => {
    expect(isLocalPagePath('/fi')).toBe(true);
    expect(isLocalPagePath('/fi/')).toBe(true);
    expect(isLocalPagePath('/en/my-information?saveAction=x#consent')).toBe(true);
    expect(isLocalPagePath('/fix')).toBe(false);
    expect(isLocalPagePath('/de/x')).toBe(false);
    expect(isLocalPagePath(`/fi/${'x'.repeat(1000)}`)).toBe(false);
  });

  test('the follow-up path, and which tab opens first', () => {
    expect(followUpPathOf({ type: 'reload' })).toBeNull();
    expect(followUpPathOf({ type: 'invoice-payment', path: '/fi/maksa/1' })).toBe('/fi/maksa/1');
    expect(initialMyInformationTab(null)).toBe('contact');
    expect(initialMyInformationTab({ type: 'appointment', path: '/fi/varaus/1', tab: 'consent' })).toBe('consent');
    expect(initialMyInformationTab({ type: 'appointment', path: '/fi/varaus/1' })).toBe('contact');
    expect(initialMyInformationTab({ type: 'appointment-reservation', path: '/fi/ajanvaraus/1' })).toBe('contact');
  });
});
