import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { LaboratoryHistoryPoint, ReferenceRange } from '@portal/shared-api';
import { useDates } from '../../components/dates';
import { CHART, chartGeometry, type PlottedPoint } from './history-chart';
import { useLabFormat } from './lab-format';
import { NumberValue, RangeAssessment } from './ResultValue';
import styles from './LaboratoryResultPage.module.css';

interface HistoryChartProps {
  testName: string;
  /** oldest first; two or more */
  points: readonly LaboratoryHistoryPoint[];
  range: ReferenceRange | null;
  unit: string | null;
  /** the page's date: its point is drawn larger */
  currentDate: string;
}

/** A point: a dot within the reference range, a diamond outside it (shape, not only colour), a ring without a judgement. */
function Marker({ plotted, current }: { plotted: PlottedPoint; current: boolean }) {
  const { x, y, point } = plotted;
  const size = current ? 5.5 : 4;
  const className = current ? `${styles.marker} ${styles.markerCurrent}` : styles.marker;
  if (point.isWithinReferenceRange === false) {
    const r = size + 1;
    return <path className={`${className} ${styles.markerOutside}`} d={`M${x} ${y - r} L${x + r} ${y} L${x} ${y + r} L${x - r} ${y} Z`} />;
  }
  return <circle className={point.isWithinReferenceRange === null ? `${className} ${styles.markerUnknown}` : className} cx={x} cy={y} r={size} />;
}

/**
 * The history of a numeric test the patient has had more than once (beyond the spec): a small
 * hand-written SVG chart (role img, its text alternative summarising count, period, latest value and
 * how many fell outside the reference range), the reference range drawn as a band, and the values
 * as a table behind a disclosure button for anyone who wants the numbers.
 */
export function HistoryChart({ testName, points, range, unit, currentDate }: HistoryChartProps) {
  const intl = useIntl();
  const dates = useDates();
  const format = useLabFormat();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const geometry = chartGeometry(points, range);
  const first = points[0]!;
  const latest = points[points.length - 1]!;
  const rangeText = format.range(range, unit);
  const outside = points.filter((point) => point.isWithinReferenceRange === false).length;
  const summary = [
    intl.formatMessage(
      { id: 'records.laboratory.history.summary' },
      {
        name: testName,
        count: points.length,
        first: dates.date(first.date),
        last: dates.date(latest.date),
        latest: format.spokenValue(latest.prefix, latest.resultNumber, unit),
      },
    ),
    rangeText ? intl.formatMessage({ id: 'records.laboratory.history.rangeSummary' }, { range: rangeText, outside }) : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={styles.history}>
      <p className="portal-mb-xxs portal-bold">{intl.formatMessage({ id: 'records.laboratory.history.title' })}</p>
      <svg className={styles.chart} viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={summary} focusable="false">
        {geometry.band && <rect className={styles.band} x={CHART.left} y={geometry.band.y} width={CHART.width - CHART.left - CHART.right} height={geometry.band.height} />}
        <path className={styles.line} d={geometry.path} />
        {geometry.points.map((plotted) => (
          <Marker key={`${plotted.point.date}-${plotted.x}-${plotted.y}`} plotted={plotted} current={plotted.point.date === currentDate} />
        ))}
        <text className={styles.axisLabel} x={CHART.left} y={CHART.height - 6} textAnchor="start">
          {dates.date(first.date)}
        </text>
        <text className={styles.axisLabel} x={CHART.width - CHART.right} y={CHART.height - 6} textAnchor="end">
          {dates.date(latest.date)}
        </text>
      </svg>
      {rangeText && <p className="portal-mt-xxs portal-muted portal-small">{intl.formatMessage({ id: 'records.laboratory.history.legend' })}</p>}
      <button type="button" className={`${styles.tableToggle} portal-touch portal-gap-xs portal-items-center portal-text-link`} aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((open) => !open)}>
        <span className={styles.toggleIcon} aria-hidden="true" />
        {intl.formatMessage({ id: 'records.laboratory.history.table' })}
      </button>
      <div className={styles.tableWrapper} id={tableId} hidden={!showTable}>
        <table className={styles.historyTable}>
          <caption>{intl.formatMessage({ id: 'records.laboratory.history.caption' }, { name: testName })}</caption>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'records.laboratory.history.date' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'records.laboratory.history.value' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'records.laboratory.history.assessment' })}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point, index) => (
              <tr key={`${point.date}-${index}`}>
                <td>
                  <time dateTime={point.date}>{dates.date(point.date)}</time>
                </td>
                <td>
                  <NumberValue prefix={point.prefix} value={point.resultNumber} unit={unit} />
                </td>
                <td>{point.isWithinReferenceRange === null ? '–' : <RangeAssessment within={point.isWithinReferenceRange} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
