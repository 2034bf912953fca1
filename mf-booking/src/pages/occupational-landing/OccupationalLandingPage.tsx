import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { usePageState, useShell } from '@portal/shared-ui';
import { ReplaceLocation } from '../../components/replace-location/ReplaceLocation';
import { withQueryString } from '../../components/search-link/QueryLink';
import { SearchPageFrame } from '../../components/search-page/SearchPageFrame';
import { SignInPrompt } from '../../components/search-page/SignInPrompt';

/**
 * booking.occupational-landing (spec part 2 §6, feature ohc-appointment-search): an anonymous visitor
 * is asked to sign in and comes back to the occupational search with the same query string; a
 * signed-in visitor goes straight on to it (the address replaced).
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
          <ReplaceLocation href={listHref} />
        ) : (
          <SignInPrompt text={intl.formatMessage({ id: 'booking.occupational.landing.text' })} next={listHref} />
        )
      }
    </SearchPageFrame>
  );
}
