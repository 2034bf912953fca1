import type { VisitListItem } from '@portal/shared-api';
import { LinkName, ShellLink } from '@portal/shared-ui';
import { Avatar } from '../../components/Avatar';
import { useDates } from '../../components/dates';
import { TimelineItem } from '../../components/Timeline';

/**
 * One visit: practitioner's avatar, specialty, practitioner, date and time. The specialty links to
 * the visit's medical report (records.visit); the link's name carries the date too, so two visits of
 * one specialty are told apart in a list of links.
 */
export function VisitRow({ visit }: { visit: VisitListItem }) {
  const dates = useDates();
  const when = dates.dateTime(visit.dateTime);
  return (
    <TimelineItem
      avatar={<Avatar name={visit.practitionerName} pictureUrl={visit.practitionerPictureUrl} />}
      title={
        <ShellLink routeId="records.visit" params={{ id: visit.id }} className="portal-text-link portal-focus-outline">
          <LinkName text={visit.specialtyName} context={when} />
        </ShellLink>
      }
      subtitle={visit.practitionerTitle ? `${visit.practitionerName}, ${visit.practitionerTitle}` : visit.practitionerName}
      date={when}
      dateTime={visit.dateTime}
    />
  );
}
