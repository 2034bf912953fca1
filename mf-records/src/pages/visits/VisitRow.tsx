import type { VisitListItem } from '@portal/shared-api';
import { Avatar } from '../../components/Avatar';
import { useDates } from '../../components/dates';
import { TimelineItem } from '../../components/Timeline';

/** One visit: practitioner's avatar, specialty, practitioner, date and time. */
export function VisitRow({ visit }: { visit: VisitListItem }) {
  const dates = useDates();
  return (
    <TimelineItem
      avatar={<Avatar name={visit.practitionerName} pictureUrl={visit.practitionerPictureUrl} />}
      title={visit.specialtyName}
      subtitle={visit.practitionerTitle ? `${visit.practitionerName}, ${visit.practitionerTitle}` : visit.practitionerName}
      date={dates.dateTime(visit.dateTime)}
      dateTime={visit.dateTime}
    />
  );
}
