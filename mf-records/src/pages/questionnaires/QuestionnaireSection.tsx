import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { QuestionnaireListItem } from '@portal/shared-api';
import { useDates } from '../../components/dates';
import { PagedTimeline } from '../../components/PagedList';
import { TimelineItem } from '../../components/Timeline';
import { EmptyState } from '../../components/ui';
import styles from './QuestionnairesPage.module.css';

/** One section (open tasks, or own answers) with its own heading, empty text and pages. */
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
  const dates = useDates();
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage({ id: titleId })}</h2>
      {items.length === 0 ? (
        <EmptyState text={intl.formatMessage({ id: emptyId })} />
      ) : (
        <PagedTimeline
          items={items}
          renderItem={(item) => (
            <TimelineItem
              key={item.id}
              title={item.title}
              subtitle={
                item.answeredAt
                  ? intl.formatMessage({ id: 'records.questionnaire.answeredOn' }, { date: dates.date(item.answeredAt) })
                  : intl.formatMessage({ id: 'records.questionnaire.status.open' })
              }
              date={intl.formatMessage({ id: 'records.questionnaire.sent' }, { date: dates.date(item.sentAt) })}
              dateTime={item.sentAt}
              highlighted={!item.answeredAt}
            />
          )}
        />
      )}
    </section>
  );
}
