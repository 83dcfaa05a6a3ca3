import { describe, expect, it } from 'vitest';
import { dailyWorstLevels, historyStart } from './history.ts';

const H = 3_600_000;
const now = new Date('2026-03-10T12:00:00Z');
const a = (alarmId: string, level: number, iso: string) => ({ alarmId, level, at: new Date(iso) });

describe('historyStart', () => {
  it('is midnight of the customer’s zone, days − 1 days back', () => {
    expect(historyStart(now, 1, 0).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(historyStart(now, 3, 180).toISOString()).toBe('2026-03-07T21:00:00.000Z');
    // 23:30 UTC is already the next day at GMT+3
    expect(historyStart(new Date('2026-03-10T23:30:00Z'), 1, 180).toISOString()).toBe('2026-03-10T21:00:00.000Z');
  });
});

describe('dailyWorstLevels', () => {
  it('is unknown before any evaluation and healthy from the first measurement on', () => {
    const days = dailyWorstLevels([], [], new Set(['x']), new Date('2026-03-09T10:00:00Z'), now, 3, 0);
    expect(days).toEqual([
      { date: '2026-03-08', level: -1 },
      { date: '2026-03-09', level: 0 },
      { date: '2026-03-10', level: 0 },
    ]);
  });

  it('carries an existing alarm’s level, keeps a raise-and-clear within a day, takes the worst alarm', () => {
    const days = dailyWorstLevels(
      [a('x', 1, '2026-03-01T00:00:00Z')],
      [a('y', 3, '2026-03-08T05:00:00Z'), a('y', 0, '2026-03-08T06:00:00Z'), a('x', 2, '2026-03-09T23:00:00Z'), a('x', 0, '2026-03-10T01:00:00Z')],
      new Set(['x', 'y']),
      new Date('2026-03-01T00:00:00Z'),
      now,
      4,
      0,
    ); // prettier-ignore
    expect(days.map((d) => d.level)).toEqual([1, 3, 2, 2]);
    expect(days.map((d) => d.date)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
  });

  it('counts a deleted alarm only on the days of its changes', () => {
    const days = dailyWorstLevels(
      [a('gone', 3, '2026-03-01T00:00:00Z')],
      [a('gone', 2, '2026-03-09T10:00:00Z')],
      new Set(['x']),
      new Date('2026-03-01T00:00:00Z'),
      now,
      3,
      0,
    );
    expect(days.map((d) => d.level)).toEqual([0, 2, 0]);
  });

  it('puts a change on the customer’s calendar day', () => {
    // 22:00 UTC on the 9th is the 10th at GMT+3
    const days = dailyWorstLevels([], [a('x', 2, '2026-03-09T22:00:00Z')], new Set(), null, now, 2, 180);
    expect(days).toEqual([
      { date: '2026-03-09', level: -1 },
      { date: '2026-03-10', level: 2 },
    ]);
    expect(
      dailyWorstLevels([], [a('x', 2, new Date(now.getTime() - 14 * H).toISOString())], new Set(), null, now, 2, 0)[0]!.level,
    ).toBe(2);
  });
});
