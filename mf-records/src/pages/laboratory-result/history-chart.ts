import type { LaboratoryHistoryPoint, ReferenceRange } from '@portal/shared-api';

/** The drawing area of the history chart, in SVG user units (the SVG scales to its container). */
export const CHART = { width: 320, height: 120, top: 12, right: 14, bottom: 26, left: 14 } as const;

export interface PlottedPoint {
  x: number;
  y: number;
  point: LaboratoryHistoryPoint;
}

export interface ChartGeometry {
  points: PlottedPoint[];
  /** the reference range as a band (y downwards); null without a range */
  band: { y: number; height: number } | null;
  /** the line through the points, an SVG path */
  path: string;
}

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Where the points, the line and the reference band go: x by date (so uneven gaps between samples
 * show as such), y by value over the values and the range's bounds with a tenth's margin. A range
 * with one bound reaches to the chart's edge on the open side.
 */
export function chartGeometry(points: readonly LaboratoryHistoryPoint[], range: ReferenceRange | null): ChartGeometry {
  const plotLeft = CHART.left;
  const plotRight = CHART.width - CHART.right;
  const plotTop = CHART.top;
  const plotBottom = CHART.height - CHART.bottom;

  const bounds = range ? [range.min, range.max].filter((bound): bound is number => bound !== null) : [];
  const values = [...points.map((p) => p.resultNumber), ...bounds];
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    const spread = Math.abs(low) * 0.1 || 1;
    low -= spread;
    high += spread;
  }
  const margin = (high - low) * 0.1;
  low -= margin;
  high += margin;
  const y = (value: number) => round(plotTop + ((high - value) / (high - low)) * (plotBottom - plotTop));

  const days = points.map((p) => dayOf(p.date));
  const first = Math.min(...days);
  const last = Math.max(...days);
  const x = (day: number) => round(last === first ? (plotLeft + plotRight) / 2 : plotLeft + ((day - first) / (last - first)) * (plotRight - plotLeft));

  const plotted = points.map((point, index) => ({ x: x(days[index]!), y: y(point.resultNumber), point }));
  let band: ChartGeometry['band'] = null;
  if (range && (range.min !== null || range.max !== null)) {
    const bandTop = range.max !== null ? y(range.max) : plotTop;
    const bandBottom = range.min !== null ? y(range.min) : plotBottom;
    band = { y: bandTop, height: round(Math.max(0, bandBottom - bandTop)) };
  }
  const path = plotted.map((p, index) => `${index === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ');
  return { points: plotted, band, path };
}
