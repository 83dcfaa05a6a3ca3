import { describe, expect, it } from 'vitest';
import { DASHBOARD_INTERVALS, DEFAULT_DASHBOARD_INTERVAL } from '@overtone/contract';
import { dashboardWindow } from './dashboardInterval';

/** Thursday 26 Nov 2026 18:07 UTC = 21:07 in GMT+3. */
const NOW = Date.UTC(2026, 10, 26, 18, 7, 52);
const GMT3 = 180;

describe('dashboardWindow', () => {
  it('defaults to 7 days by day: today and the six days before, in the customer zone', () => {
    expect(DEFAULT_DASHBOARD_INTERVAL).toBe('7d');
    expect(dashboardWindow('7d', 0, NOW, GMT3)).toEqual({
      key: '7d',
      unit: 'day',
      start: '2026-11-20 00:00:00',
      end: '2026-11-26 23:59:59',
    });
  });

  it('uses the customer day, not the UTC one: 22:30 UTC is already tomorrow in GMT+3', () => {
    const late = Date.UTC(2026, 10, 26, 22, 30);
    expect(dashboardWindow('7d', 0, late, GMT3)).toMatchObject({ start: '2026-11-21 00:00:00', end: '2026-11-27 23:59:59' });
    expect(dashboardWindow('7d', 0, late, -270)).toMatchObject({ start: '2026-11-20 00:00:00', end: '2026-11-26 23:59:59' });
  });

  it('computes every interval of the pager with its unit', () => {
    const w = Object.fromEntries(DASHBOARD_INTERVALS.map((i) => [i.key, dashboardWindow(i.key, 0, NOW, GMT3)]));
    expect(w['24h']).toEqual({ key: '24h', unit: 'hour', start: '2026-11-25 21:00:00', end: '2026-11-26 21:59:59' });
    // weeks are ISO weeks (Monday): 30 days before Thu 26 Nov is Tue 27 Oct, in the week of Mon 26 Oct
    expect(w['1m']).toEqual({ key: '1m', unit: 'week', start: '2026-10-26 00:00:00', end: '2026-11-29 23:59:59' });
    expect(w['3m']).toMatchObject({ unit: 'week', start: '2026-08-24 00:00:00', end: '2026-11-29 23:59:59' });
    expect(w['6m']).toMatchObject({ unit: 'week', start: '2026-05-25 00:00:00', end: '2026-11-29 23:59:59' });
    // a year by month: this month and the eleven before
    expect(w['1y']).toEqual({ key: '1y', unit: 'month', start: '2025-12-01 00:00:00', end: '2026-11-30 23:59:59' });
  });

  it('pages back window by window without overlap or gap', () => {
    for (const { key } of DASHBOARD_INTERVALS) {
      const current = dashboardWindow(key, 0, NOW, GMT3);
      const previous = dashboardWindow(key, -1, NOW, GMT3);
      const before = dashboardWindow(key, -2, NOW, GMT3);
      const next = (end: string) => new Date(`${end.replace(' ', 'T')}Z`).getTime() + 1000;
      expect(next(previous.end)).toBe(new Date(`${current.start.replace(' ', 'T')}Z`).getTime());
      expect(next(before.end)).toBe(new Date(`${previous.start.replace(' ', 'T')}Z`).getTime());
    }
    expect(dashboardWindow('7d', -1, NOW, GMT3)).toMatchObject({ start: '2026-11-13 00:00:00', end: '2026-11-19 23:59:59' });
    expect(dashboardWindow('1y', -1, NOW, GMT3)).toMatchObject({ start: '2024-12-01 00:00:00', end: '2025-11-30 23:59:59' });
    // a positive page is the current window
    expect(dashboardWindow('7d', 3, NOW, GMT3)).toEqual(dashboardWindow('7d', 0, NOW, GMT3));
  });
});
