import { useIntl } from 'react-intl';
import { VACCINATIONS_PAGE_SIZE, type VaccinationListItem } from '@portal/shared-api';
import type { RouteId } from '@portal/shared-i18n';
import { EmptyState, LinkButton, Pagination, usePageState, useShell } from '@portal/shared-ui';
import { Avatar } from '../../components/Avatar';
import { ListPage } from '../../components/ListPage';
import { Timeline, TimelineItem } from '../../components/Timeline';
import { useTimelineDates } from '../../components/TimelineDates';
import { usePagination } from '../../components/usePagination';
import styles from './VaccinationsPage.module.css';

/*
 * The vaccination booking page belongs to the booking remote (route id checked at compile time);
 * where that remote is not composed the link is left out and the phone number shown instead.
 */
const VACCINATION_BOOKING_ROUTE: RouteId = 'booking.vaccination';
/** The customer service number of the spec's vaccination texts (docs/product-decisions.md, "Values"). */
export const VACCINATION_PHONE = '010 380 3838';
const VACCINATION_PHONE_HREF = 'tel:+358103803838';

/** A link to book a vaccination, or, where the booking remote is not composed, the customer service number. */
function VaccinationBooking() {
  const intl = useIntl();
  const shell = useShell();
  if (shell.hasRoute(VACCINATION_BOOKING_ROUTE)) {
    return (
      <p className="portal-mb-l">
        <LinkButton href={shell.href(VACCINATION_BOOKING_ROUTE)} onNavigate={shell.navigate} variant="secondary">
          {intl.formatMessage({ id: 'records.vaccinations.book' })}
        </LinkButton>
      </p>
    );
  }
  return (
    <div className="portal-mb-l">
      <p className="portal-m0">
        {intl.formatMessage(
          { id: 'records.vaccinations.bookByPhone' },
          {
            phone: (
              <a key="phone" href={VACCINATION_PHONE_HREF} className={`${styles.phone} portal-text-link portal-bold`}>
                {VACCINATION_PHONE}
              </a>
            ),
          },
        )}
      </p>
      <p className="portal-mt-xxs portal-muted portal-small">{intl.formatMessage({ id: 'records.vaccinations.callCharge' })}</p>
    </div>
  );
}

function VaccinationRow({ vaccination }: { vaccination: VaccinationListItem }) {
  const intl = useIntl();
  const timeline = useTimelineDates();
  return (
    <TimelineItem
      avatar={<Avatar name={vaccination.practitionerName} pictureUrl={vaccination.practitionerPictureUrl} />}
      title={vaccination.vaccineName}
      subtitle={vaccination.practitionerName ?? undefined}
      date={timeline.relative(vaccination.date)}
      dateTime={vaccination.date}
      validUntil={vaccination.effectiveUntil}
    >
      {vaccination.dose && <p className="portal-small portal-mt-xxs">{intl.formatMessage({ id: 'records.vaccinations.dose' }, { dose: vaccination.dose })}</p>}
    </TimelineItem>
  );
}

/** 25 per page (spec part 2 §9) with the shared pagination. */
function VaccinationTimeline({ vaccinations }: { vaccinations: readonly VaccinationListItem[] }) {
  const intl = useIntl();
  const { page, pageCount, setPage, pageItems } = usePagination(vaccinations, VACCINATIONS_PAGE_SIZE);
  return (
    <>
      <Timeline label={intl.formatMessage({ id: 'records.vaccinations.title' })}>
        {pageItems.map((vaccination) => (
          <VaccinationRow key={vaccination.id} vaccination={vaccination} />
        ))}
      </Timeline>
      <Pagination currentPage={page} totalPages={pageCount} onPageChange={setPage} />
    </>
  );
}

/**
 * records.vaccinations (spec part 2 §2.4, §3 "Vaccination"): the way to book a vaccination, then every
 * vaccination as a timeline (name, date, valid until, practitioner), 25 per page, or the empty text.
 */
export function VaccinationsPage() {
  const intl = useIntl();
  const { page, retry } = usePageState('records.vaccinations');
  return (
    <ListPage titleId="records.vaccinations.title" emptyId="records.vaccinations.empty" page={page} retry={retry} isEmpty={() => false}>
      {(data) => (
        <>
          <VaccinationBooking />
          {data.vaccinations.length === 0 ? (
            <EmptyState text={intl.formatMessage({ id: 'records.vaccinations.empty' })} />
          ) : (
            <VaccinationTimeline vaccinations={data.vaccinations} />
          )}
        </>
      )}
    </ListPage>
  );
}
