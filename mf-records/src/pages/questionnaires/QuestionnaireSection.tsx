import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { QuestionnaireListItem } from '@portal/shared-api';
import { PagedTimeline } from '../../components/PagedList';
import { TimelineItem } from '../../components/Timeline';
import { useTimelineDates } from '../../components/TimelineDates';
import { EmptyState } from '@portal/shared-ui';

/**
 * One section (open tasks, or own answers) with its own heading, empty text and pages; each item
 * links to its questionnaire page (records.questionnaire, id = the invitation's id). Open ones are
 * highlighted and say 'Open'.
 */
export function QuestionnaireSection({
  titleId,
  emptyId,
  items,
}: {
  titleId: string;
  emptyId: string;
  items: readonly QuestionnaireListItem[];
}) {
  const intl = useIntl();
  const dates = useTimelineDates();
  const headingId = useId();
  const title = intl.formatMessage({ id: titleId });
  return (
    <section className="portal-mb-l" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {items.length === 0 ? (
        <EmptyState text={intl.formatMessage({ id: emptyId })} />
      ) : (
        <PagedTimeline
          label={title}
          // two paged lists on one page: each navigation is named after its section
          paginationLabel={title}
          items={items}
          renderItem={(item) => (
            <TimelineItem
              key={item.id}
              title={item.title}
              link={{ routeId: 'records.questionnaire', params: { id: item.id } }}
              subtitle={
                item.answeredAt
                  ? intl.formatMessage({ id: 'records.questionnaire.answeredOn' }, { date: dates.relative(item.answeredAt) })
                  : intl.formatMessage({ id: 'records.questionnaire.status.open' })
              }
              date={intl.formatMessage({ id: 'records.questionnaire.sent' }, { date: dates.relative(item.sentAt) })}
              dateTime={item.sentAt}
              highlighted={!item.answeredAt}
            />
          )}
        />
      )}
    </section>
  );
}
