import { useIntl } from 'react-intl';
import { ListPage } from '../../components/ListPage';
import { PagedTimeline } from '../../components/PagedList';
import { PrescriptionRow } from './PrescriptionRow';
import { usePrescriptionsPage } from './usePrescriptionsPage';

/** records.prescriptions: every prescription, renewable or not (selection for renewal comes with the renewal page). */
export function PrescriptionsPage() {
  const intl = useIntl();
  const { page, retry } = usePrescriptionsPage();
  return (
    <ListPage
      titleId="records.prescriptions.title"
      emptyId="records.prescriptions.empty"
      page={page}
      retry={retry}
      isEmpty={(data) => data.prescriptions.length === 0}
    >
      {(data) => (
        <PagedTimeline
          label={intl.formatMessage({ id: 'records.prescriptions.title' })}
          items={data.prescriptions}
          renderItem={(prescription) => <PrescriptionRow key={prescription.id} prescription={prescription} />}
        />
      )}
    </ListPage>
  );
}
