import { useIntl } from 'react-intl';
import type { NumberPrefix, SingleLaboratoryTest } from '@portal/shared-api';
import { VisuallyHidden } from '@portal/shared-ui';
import { LabStatus } from '../../components/LabStatus';
import { PREFIX_SYMBOLS, useLabFormat } from './lab-format';
import styles from './LaboratoryResultPage.module.css';

/** '< 3 mg/l' on screen and paper; a screen reader hears 'less than 3 mg/l'. */
export function NumberValue({ prefix, value, unit }: { prefix: NumberPrefix | null; value: number; unit: string | null }) {
  const format = useLabFormat();
  return (
    <span className={styles.number}>
      {prefix && (
        <>
          <span aria-hidden="true">{PREFIX_SYMBOLS[prefix]} </span>
          <VisuallyHidden>{format.prefixWords(prefix)} </VisuallyHidden>
        </>
      )}
      {format.number(value)}
      {unit && ` ${unit}`}
    </span>
  );
}

function CheckIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M4.5 8.2l2.3 2.3 4.7-4.9" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function WarningIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M8 1.5l7 12.5H1z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M8 6v4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="8" cy="12.1" r="0.95" fill="currentColor" />
    </svg>
  );
}

/** Healthy (within the reference range) or warning (outside it): an icon and the words, the colour only repeats them. */
export function RangeAssessment({ within }: { within: boolean }) {
  const intl = useIntl();
  return (
    <span className={`${styles.assessment} portal-badge portal-items-center portal-bold ${within ? 'portal-badge--success' : 'portal-badge--warning'}`}>
      {within ? <CheckIcon /> : <WarningIcon />}
      {intl.formatMessage({ id: within ? 'records.laboratory.result.withinRange' : 'records.laboratory.result.outsideRange' })}
    </span>
  );
}

/** A test's result: 'Pending' until ready, the text of a textual result, or the number with its assessment. */
export function TestResult({ test }: { test: SingleLaboratoryTest }) {
  const intl = useIntl();
  if (!test.isReady) return <LabStatus isReady={false} />;
  const { result } = test;
  if (!result) return <span className="portal-muted">{intl.formatMessage({ id: 'records.laboratory.result.noResult' })}</span>;
  if (result.__typename === 'TextualLaboratoryResult') return <span className="portal-bold">{result.resultText}</span>;
  return (
    <span className={styles.numeric}>
      <NumberValue prefix={result.prefix} value={result.resultNumber} unit={test.unit} />
      {result.isWithinReferenceRange !== null && <RangeAssessment within={result.isWithinReferenceRange} />}
    </span>
  );
}
