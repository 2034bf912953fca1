import { useIntl } from 'react-intl';
import { ListPage } from '../../components/ListPage';
import { PagedTimeline } from '../../components/PagedList';
import { useVisitsPage } from './useVisitsPage';
import { VisitRow } from './VisitRow';

/** records.visits: the patient's visits as a timeline, newest first. */
export function VisitsPage() {
  const intl = useIntl();
  const { page, retry } = useVisitsPage();
  return (
    <ListPage titleId="records.visits.title" emptyId="records.visits.empty" page={page} retry={retry} isEmpty={(data) => data.visits.length === 0}>
      {(data) => (
        <PagedTimeline
          label={intl.formatMessage({ id: 'records.visits.title' })}
          items={data.visits}
          renderItem={(visit) => <VisitRow key={visit.id} visit={visit} />}
        />
      )}
    </ListPage>
  );
}
