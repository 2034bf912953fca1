import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { questionnaireMessage, type QuestionnaireInvitation, type QuestionnaireResponse } from '@portal/shared-api';
import { Alert, BackLink, ErrorView, Spinner, useMessagingClient, useShell } from '@portal/shared-ui';
import { useDates } from '../../components/dates';
import { QuestionnaireAnswers } from '../../components/questionnaire-form/QuestionnaireAnswers';
import { QuestionnaireForm } from '../../components/questionnaire-form/QuestionnaireForm';
import { submitAnswers } from './submit-answers';
import { useQuestionnairePage } from './useQuestionnairePage';
import styles from './QuestionnairePage.module.css';

/**
 * records.questionnaire (spec part 1 §2, §4, §8): a back link to the list, then maintenance-mode
 * ('Surveys are temporarily out of use'), not-found ('Questionnaire was not found.'), or the
 * questionnaire: an answered one shows its answers read-only; an open one is a form whose answers go
 * with AnswerQuestionnaire, after which the form's success message and the answers show.
 */
export function QuestionnairePage() {
  const intl = useIntl();
  const { page, retry } = useQuestionnairePage();
  // focused by the page frame on arrival; kept focused through a retry (the button goes away)
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = page.status === 'ready' ? page.data : null;
  const title = ready?.status === 'ok' ? ready.invitation.title : intl.formatMessage({ id: 'records.questionnaire.title' });
  return (
    <div className="portal-page-column">
      <BackLink routeId="records.questionnaires">{intl.formatMessage({ id: 'records.questionnaire.back' })}</BackLink>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView
            onRetry={() => {
              heading.current?.focus();
              retry();
            }}
          />
        </div>
      )}
      {ready?.status === 'maintenance-mode' && (
        <p className="portal-notice" role="status">
          {intl.formatMessage({ id: 'records.questionnaire.maintenance' })}
        </p>
      )}
      {ready?.status === 'not-found' && <p className="portal-notice">{intl.formatMessage({ id: 'records.questionnaire.notFound' })}</p>}
      {ready?.status === 'ok' && <QuestionnaireView key={ready.invitation.id} invitation={ready.invitation} />}
    </div>
  );
}

function QuestionnaireView({ invitation }: { invitation: QuestionnaireInvitation }) {
  const intl = useIntl();
  const shell = useShell();
  const dates = useDates();
  const client = useMessagingClient();
  const [sent, setSent] = useState<{ response: QuestionnaireResponse; answeredAt: string } | null>(null);
  const success = useRef<HTMLDivElement>(null);
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  useEffect(() => {
    // the form and its button are gone: the success message takes the focus
    if (sent) success.current?.focus();
  }, [sent]);

  const { questionnaire } = invitation;
  const answeredAt = sent?.answeredAt ?? invitation.answeredAt;
  const response = sent?.response ?? invitation.response;

  const onSubmit = async (answers: QuestionnaireResponse) => {
    const result = await submitAnswers(client, invitation, answers, {
      intl,
      errors: shell.errors,
      ...(leaving.current ? { signal: leaving.current.signal } : {}),
    });
    if (result.status === 'success') setSent({ response: answers, answeredAt: result.answeredAt ?? new Date().toISOString() });
    return result;
  };

  return (
    <>
      <p className="portal-mb-m portal-muted">
        {intl.formatMessage({ id: 'records.questionnaire.sent' }, { date: dates.date(invitation.sentAt) })}
        {answeredAt && (
          <>
            <span aria-hidden="true"> · </span>
            {intl.formatMessage({ id: 'records.questionnaire.answeredOn' }, { date: dates.date(answeredAt) })}
          </>
        )}
      </p>
      {sent && (
        <div ref={success} tabIndex={-1} className={`${styles.success} portal-focus-outline`}>
          <Alert variant="success">
            {questionnaireMessage(questionnaire, 'success') ?? intl.formatMessage({ id: 'records.questionnaire.success.default' })}
          </Alert>
        </div>
      )}
      {questionnaire.description && !answeredAt && <p className={styles.description}>{questionnaire.description}</p>}
      {answeredAt ? (
        response ? (
          <QuestionnaireAnswers questionnaire={questionnaire} response={response} />
        ) : (
          <p className="portal-notice">{intl.formatMessage({ id: 'records.questionnaire.answers.unavailable' })}</p>
        )
      ) : (
        <QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} />
      )}
    </>
  );
}
