import { useIntl } from 'react-intl';
import { PRESCRIPTION_RENEWAL_FEATURE } from '@portal/shared-api';
import { Alert, useShell } from '@portal/shared-ui';
import { ListPage } from '../../components/ListPage';
import { PagedTimeline } from '../../components/PagedList';
import { PrescriptionRow } from './PrescriptionRow';
import { PrescriptionSelection } from './PrescriptionSelection';
import { usePrescriptionsPage } from './usePrescriptionsPage';
import { usePrescriptionTarget } from './usePrescriptionTarget';

/**
 * records.prescriptions (spec part 1 §2 "Prescriptions list"): every prescription, newest first.
 * With the feature prescription-renewal the renewable ones can be chosen for renewal (checkboxes,
 * select-all, the cart); without it, or when none is renewable, the list only shows them.
 * '#prescription-<id>' in the address (a prescription of the front page's summary) opens the list
 * at that prescription: scrolled to, focused and marked.
 */
export function PrescriptionsPage() {
  const intl = useIntl();
  const shell = useShell();
  const { page, retry } = usePrescriptionsPage();
  const targetId = usePrescriptionTarget(page.status === 'ready' && page.data.prescriptions.length > 0);
  const renewalOn = shell.features.includes(PRESCRIPTION_RENEWAL_FEATURE) && shell.hasRoute('records.prescription-renewal');
  return (
    <ListPage
      titleId="records.prescriptions.title"
      emptyId="records.prescriptions.empty"
      page={page}
      retry={retry}
      isEmpty={(data) => data.prescriptions.length === 0}
    >
      {(data) =>
        renewalOn && !data.renewalMaintenance && data.prescriptions.some((prescription) => prescription.isRenewable) ? (
          <PrescriptionSelection prescriptions={data.prescriptions} targetId={targetId} />
        ) : (
          <>
            {/* renewals travel as messages: while messaging is in maintenance no cart invites a dead end */}
            {renewalOn && data.renewalMaintenance && (
              <Alert variant="warning">
                <h2 className="portal-mb-xs portal-title-l">{intl.formatMessage({ id: 'records.renewal.maintenance.title' })}</h2>
                <p className="portal-m0">{intl.formatMessage({ id: 'records.renewal.maintenance.text' })}</p>
              </Alert>
            )}
            <PagedTimeline
              label={intl.formatMessage({ id: 'records.prescriptions.title' })}
              items={data.prescriptions}
              renderItem={(prescription) => (
                <PrescriptionRow key={prescription.id} prescription={prescription} targeted={prescription.id === targetId} />
              )}
            />
          </>
        )
      }
    </ListPage>
  );
}
