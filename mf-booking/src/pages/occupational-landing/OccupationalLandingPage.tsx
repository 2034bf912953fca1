import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner, usePageState, useShell } from '@portal/shared-ui';
import { withQueryString } from '../../components/search-link/QueryLink';
import { SearchPageFrame } from '../../components/search-page/SearchPageFrame';
import { SignInPrompt } from '../../components/search-page/SignInPrompt';

/**
 * Signed in: straight on to the occupational search. The address is replaced (this remote's router
 * owns both pages), so Back does not return to a page that would send the visitor on again.
 */
function GoToList({ href }: { href: string }) {
  const { lang } = useShell();
  const navigate = useNavigate();
  useEffect(() => {
    // the router's paths are under the basename '/{lang}'
    void navigate(href.slice(`/${lang}`.length), { replace: true });
  }, [href, lang, navigate]);
  return <Spinner />;
}

/**
 * booking.occupational-landing (spec part 2 §6, feature ohc-appointment-search): an anonymous visitor
 * is asked to sign in and comes back to the occupational search with the same query string; a
 * signed-in visitor goes straight on to it.
 */
export function OccupationalLandingPage() {
  const intl = useIntl();
  const shell = useShell();
  const location = useLocation();
  const { page, retry } = usePageState('booking.occupational-landing');
  const listHref = withQueryString(shell.href('booking.occupational-list'), location.search);
  return (
    <SearchPageFrame title={intl.formatMessage({ id: 'booking.occupational.landing.title' })} page={page} retry={retry}>
      {(state) =>
        state.signedIn || shell.user !== null ? (
          <GoToList href={listHref} />
        ) : (
          <SignInPrompt text={intl.formatMessage({ id: 'booking.occupational.landing.text' })} nextPath={listHref} />
        )
      }
    </SearchPageFrame>
  );
}
