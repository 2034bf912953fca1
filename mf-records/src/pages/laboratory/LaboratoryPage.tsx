import { useIntl } from 'react-intl';
import { ListPage } from '../../components/ListPage';
import { PagedTimeline } from '../../components/PagedList';
import { LaboratoryDateRow } from './LaboratoryDateRow';
import { useLaboratoryPage } from './useLaboratoryPage';

/** records.laboratory: results grouped by date, each date ready (green) or pending (blue), with text. */
export function LaboratoryPage() {
  const intl = useIntl();
  const { page, retry } = useLaboratoryPage();
  return (
    <ListPage titleId="records.laboratory.title" emptyId="records.laboratory.empty" page={page} retry={retry} isEmpty={(data) => data.dates.length === 0}>
      {(data) => (
        <PagedTimeline
          label={intl.formatMessage({ id: 'records.laboratory.title' })}
          items={data.dates}
          renderItem={(day) => <LaboratoryDateRow key={day.date} day={day} />}
        />
      )}
    </ListPage>
  );
}
