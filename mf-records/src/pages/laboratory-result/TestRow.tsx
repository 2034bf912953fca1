import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { SingleLaboratoryTest } from '@portal/shared-api';
import { HistoryChart } from './HistoryChart';
import { useLabFormat } from './lab-format';
import { TestResult } from './ResultValue';
import styles from './LaboratoryResultPage.module.css';

/**
 * One test (a single test or a package's item): its name as the heading's disclosure button, the
 * result beside it; the button opens the additional result, reference range, description and, for
 * a numeric test done more than once, its history. The details stay in the page while closed
 * (hidden), so printing can show them all.
 */
export function TestRow({ test, headingLevel, currentDate }: { test: SingleLaboratoryTest; headingLevel: 3 | 4; currentDate: string }) {
  const intl = useIntl();
  const format = useLabFormat();
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const range = format.range(test.referenceRange, test.unit);
  const hasHistory = test.history.length >= 2;
  const facts = [
    test.additionalResult ? { term: 'records.laboratory.result.additionalResult', value: test.additionalResult } : null,
    range ? { term: 'records.laboratory.result.referenceRange', value: range } : null,
    test.description ? { term: 'records.laboratory.result.description', value: test.description } : null,
  ].filter((fact): fact is { term: string; value: string } => fact !== null);

  return (
    <li className={styles.row}>
      <div className={`${styles.summary} portal-row portal-items-center portal-justify-between`}>
        <Heading className={styles.name}>
          <button type="button" className={`${styles.toggle} portal-touch portal-gap-xs portal-items-center portal-text-link portal-wrap-anywhere`} aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((open) => !open)}>
            <span className={styles.toggleIcon} aria-hidden="true" />
            {test.displayName}
          </button>
        </Heading>
        <div className={styles.result}>
          <TestResult test={test} />
        </div>
      </div>
      <div id={detailsId} className={styles.details} hidden={!expanded}>
        {facts.length > 0 ? (
          <dl className="portal-m0">
            {facts.map((fact) => (
              <div key={fact.term} className={`${styles.fact} portal-fact portal-grid-m`}>
                <dt>{intl.formatMessage({ id: fact.term })}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          !hasHistory && <p className="portal-muted portal-m0">{intl.formatMessage({ id: 'records.laboratory.result.noDetails' })}</p>
        )}
        {hasHistory && <HistoryChart testName={test.displayName} points={test.history} range={test.referenceRange} unit={test.unit} currentDate={currentDate} />}
      </div>
    </li>
  );
}
