import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  answersByLinkId,
  enabledLinkIds,
  type FhirQuestionnaire,
  type FhirQuestionnaireItem,
  type QuestionnaireResponse,
  type QuestionnaireResponseAnswer,
} from '@portal/shared-api';
import { formatDate } from '@portal/shared-i18n';
import { Heading, useShell, type HeadingLevel } from '@portal/shared-ui';
import { itemLabel } from './form-model';
import styles from './QuestionnaireForm.module.css';

/** An answer as text: yes/no, the option's text, the number, the date (d.M.yyyy), the text as written. */
function useAnswerText() {
  const intl = useIntl();
  const { lang } = useShell();
  return (item: FhirQuestionnaireItem, answer: QuestionnaireResponseAnswer): string => {
    if (answer.valueBoolean !== undefined) return intl.formatMessage({ id: answer.valueBoolean ? 'common.yes' : 'common.no' });
    if (answer.valueInteger !== undefined) return intl.formatNumber(answer.valueInteger);
    if (answer.valueDate !== undefined) return formatDate(answer.valueDate, lang);
    if (answer.valueCoding !== undefined) {
      // the form's own text for the option, else what the answer carries
      const { code, system } = answer.valueCoding;
      const option = (item.answerOption ?? []).find((o) => o.valueCoding?.code === code && (o.valueCoding.system ?? null) === (system ?? null));
      return option?.valueCoding?.display ?? answer.valueCoding.display ?? code;
    }
    return answer.valueString ?? '';
  };
}

/**
 * The answers of a completed questionnaire, read-only (spec part 1 §4: answered invitations display
 * read-only): each question that was asked with its answer as text, groups under their own
 * headings; no inputs. Instructions (display items) and questions the answers did not enable are
 * left out.
 */
export function QuestionnaireAnswers({
  questionnaire,
  response,
  headingLevel = 2,
}: {
  questionnaire: FhirQuestionnaire;
  response: QuestionnaireResponse;
  headingLevel?: HeadingLevel;
}) {
  const intl = useIntl();
  const headingId = useId();
  const answers = answersByLinkId(response.item);
  const enabled = enabledLinkIds(questionnaire, answers);
  const answerText = useAnswerText();

  const renderLevel = (items: readonly FhirQuestionnaireItem[], level: HeadingLevel): ReactNode[] => {
    const blocks: ReactNode[] = [];
    let run: FhirQuestionnaireItem[] = [];
    const flush = () => {
      if (run.length === 0) return;
      blocks.push(
        <dl key={`dl-${run[0]?.linkId ?? ''}`} className="portal-vstack-s portal-m0">
          {run.map((item) => {
            const [answer] = answers.get(item.linkId) ?? [];
            return (
              <div key={item.linkId} className={styles.answerRow}>
                <dt className="portal-bold">{itemLabel(item)}</dt>
                <dd className={answer ? `${styles.answer} portal-wrap-anywhere portal-mt-xxs` : `${styles.answer} portal-wrap-anywhere portal-mt-xxs ${styles.notAnswered}`}>
                  {answer ? answerText(item, answer) : intl.formatMessage({ id: 'records.questionnaire.answers.notAnswered' })}
                </dd>
              </div>
            );
          })}
        </dl>,
      );
      run = [];
    };
    for (const item of items) {
      if (!enabled.has(item.linkId) || item.type === 'display') continue;
      if (item.type !== 'group') {
        run.push(item);
        continue;
      }
      flush();
      const next = Math.min(level + 1, 6) as HeadingLevel;
      blocks.push(
        <section key={item.linkId} className="portal-vstack-s">
          {item.text && (
            <Heading level={next} className="portal-m0 portal-title-m">
              {itemLabel(item)}
            </Heading>
          )}
          {renderLevel(item.item ?? [], next)}
        </section>,
      );
    }
    flush();
    return blocks;
  };

  return (
    <section className="portal-vstack-m" aria-labelledby={headingId}>
      <Heading level={headingLevel} id={headingId} className="portal-m0 portal-title-l">
        {intl.formatMessage({ id: 'records.questionnaire.answers.title' })}
      </Heading>
      {renderLevel(questionnaire.item, headingLevel)}
    </section>
  );
}
