import { buildSessionUser } from '@portal/shared-api/mock';
import { createAnalytics } from './analytics';
import { reportSignIn } from './sign-in-event';

describe('the sign-in analytics event (spec part 1 §7)', () => {
  beforeEach(() => {
    window.dataLayer = [];
  });

  it('pushes authenticationSuccess once and removes the #signed-in fragment', () => {
    window.history.replaceState(null, '', '/fi/kaynnit?x=1#signed-in');
    reportSignIn(window, buildSessionUser(), createAnalytics());
    expect(window.dataLayer).toEqual([{ event: 'authenticationSuccess' }]);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/fi/kaynnit?x=1');

    reportSignIn(window, buildSessionUser(), createAnalytics());
    expect(window.dataLayer).toHaveLength(1);
  });

  it('pushes hpaLogin for a guardian acting for a child', () => {
    window.history.replaceState(null, '', '/fi#signed-in');
    reportSignIn(window, buildSessionUser({ actingFor: { firstName: 'Ella', lastName: 'Nieminen' } }), createAnalytics());
    expect(window.dataLayer).toEqual([{ event: 'hpaLogin' }]);
  });

  it('pushes nothing without the fragment', () => {
    window.history.replaceState(null, '', '/fi#appointment-cancelled');
    reportSignIn(window, buildSessionUser(), createAnalytics());
    expect(window.dataLayer).toEqual([]);
    expect(window.location.hash).toBe('#appointment-cancelled');
  });
});
