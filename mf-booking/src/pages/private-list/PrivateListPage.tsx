import { useIntl } from 'react-intl';
import { usePageState } from '@portal/shared-ui';
import { SearchPageFrame } from '../../components/search-page/SearchPageFrame';
import { SearchView } from './SearchView';

type ListRoute = 'booking.private-list' | 'booking.insurance-list' | 'booking.vaccination';

const titleIds: Record<ListRoute, string> = {
  'booking.private-list': 'booking.search.title.private',
  'booking.insurance-list': 'booking.search.title.insurance',
  'booking.vaccination': 'booking.search.title.vaccination',
};

/**
 * booking.private-list, booking.insurance-list and booking.vaccination (spec part 2 §2.1): one screen
 * on three paths (the latter two are `variantOf` booking.private-list in routes.json).
 */
function ListPage({ routeId }: { routeId: ListRoute }) {
  const intl = useIntl();
  const { page, retry } = usePageState(routeId);
  return (
    <SearchPageFrame title={intl.formatMessage({ id: titleIds[routeId] })} page={page} retry={retry}>
      {(state) => <SearchView state={state} historyMode="push" />}
    </SearchPageFrame>
  );
}

export const PrivateListPage = () => <ListPage routeId="booking.private-list" />;
export const InsuranceListPage = () => <ListPage routeId="booking.insurance-list" />;
export const VaccinationPage = () => <ListPage routeId="booking.vaccination" />;
