import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { isPlainLeftClick, useShell } from '@portal/shared-ui';
import type { ThreadMessage } from './thread-model';
import styles from './ThreadPage.module.css';

type Invitation = ThreadMessage['questionnaireInvitations'][number];

/**
 * A questionnaire invitation of a message (spec part 1 §2): a link to /{lang}/{questionnaire
 * segment}/{invitation id} when the questionnaire page exists, else to the questionnaires list when
 * that exists, else its title only.
 */
export function QuestionnaireLink({ invitation }: { invitation: Invitation }) {
  const intl = useIntl();
  const shell = useShell();
  let href: string | null = null;
  // the pages belong to mf-records, which may not be deployed here: linked only when the table has them
  if (shell.hasRoute('records.questionnaire')) href = shell.href('records.questionnaire', { id: invitation.id });
  else if (shell.hasRoute('records.questionnaires')) href = shell.href('records.questionnaires');

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!href || !isPlainLeftClick(event)) return;
    event.preventDefault();
    shell.navigate(href);
  };

  const title = invitation.questionnaire.title;
  return (
    <span className={styles.questionnaire}>
      <span className="portal-field__label">{intl.formatMessage({ id: 'messaging.thread.questionnaire' })}: </span>
      {href ? (
        <a href={href} onClick={onClick} className="portal-text-link portal-focus-outline">
          {title}
        </a>
      ) : (
        <span>{title}</span>
      )}
      {invitation.answeredAt && <span className="portal-muted"> ({intl.formatMessage({ id: 'messaging.thread.questionnaireAnswered' })})</span>}
    </span>
  );
}
