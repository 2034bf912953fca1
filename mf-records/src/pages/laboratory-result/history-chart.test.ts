import type { LaboratoryHistoryPoint } from '@portal/shared-api';
import { CHART, chartGeometry } from './history-chart';

const point = (date: string, resultNumber: number, isWithinReferenceRange: boolean | null = true): LaboratoryHistoryPoint => ({
  date,
  prefix: null,
  resultNumber,
  isWithinReferenceRange,
});
const plotTop = CHART.top;
const plotBottom = CHART.height - CHART.bottom;

describe('history chart geometry', () => {
  test('x follows the dates (uneven gaps stay uneven), from the left edge to the right', () => {
    const { points } = chartGeometry([point('2026-01-01', 1), point('2026-01-11', 2), point('2026-01-31', 3)], null);
    expect(points.map((p) => p.x)).toEqual([CHART.left, CHART.left + (CHART.width - CHART.left - CHART.right) / 3, CHART.width - CHART.right].map((x) => Math.round(x * 10) / 10));
  });

  test('y grows upwards with the value; the band spans the range, inside the drawing area', () => {
    const { points, band } = chartGeometry([point('2026-01-01', 2), point('2026-02-01', 4.2, false)], { min: 0.5, max: 3.6 });
    expect(points[1]!.y).toBeLessThan(points[0]!.y);
    expect(band).not.toBeNull();
    expect(band!.y).toBeGreaterThan(points[1]!.y); // 4.2 is above the band's top (3.6)
    expect(band!.y + band!.height).toBeLessThan(plotBottom); // the lowest bound has a margin below it
    expect(band!.y).toBeGreaterThan(plotTop);
  });

  test('a range with only a maximum reaches down to the bottom edge; only a minimum, up to the top', () => {
    const maxOnly = chartGeometry([point('2026-01-01', 3.4, false), point('2026-02-01', 2.8)], { min: null, max: 3 });
    expect(maxOnly.band!.y + maxOnly.band!.height).toBe(plotBottom);
    const minOnly = chartGeometry([point('2026-01-01', 84), point('2026-02-01', 90)], { min: 60, max: null });
    expect(minOnly.band!.y).toBe(plotTop);
  });

  test('equal values on one date sit in the middle, and the path joins the points in order', () => {
    const { points, path } = chartGeometry([point('2026-01-01', 5), point('2026-01-01', 5)], null);
    expect(points[0]!.x).toBe((CHART.left + CHART.width - CHART.right) / 2);
    expect(points[0]!.y).toBe((plotTop + plotBottom) / 2);
    expect(path).toBe(`M${points[0]!.x} ${points[0]!.y} L${points[1]!.x} ${points[1]!.y}`);
  });
});
