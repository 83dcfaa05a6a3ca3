import { describe, expect, it } from 'vitest';
import { HEALTH_COLORS } from '../../../ui/health';
import { riskColour, NO_DATA_COLOUR } from '../riskColour';
import { differenceBadge } from '../SystemHealthCard';
import { pointsParam } from '../../tree/checkedPoints';
import {
  alarmIntensityOption,
  bucketLabel,
  datePartOf,
  evaluatedPercent,
  faultDistributionOption,
  healthProgressOption,
  systemHealthOption,
} from './chartOptions';

type Series = { type: string; data: { value: number | null; itemStyle: { color: string } }[] }[];

describe('dashboard chart options', () => {
  it('health progress: one bar per bucket in order, coloured by its risk, none without data', () => {
    const option = healthProgressOption(
      [
        { start: 'b', end: 'b', order: 1, health: 72.46 },
        { start: 'a', end: 'a', order: 0, health: 95 },
        { start: 'c', end: 'c', order: 2, health: null },
      ],
      ['d1', 'd2', 'd3'],
      'Health',
    );
    const [bars] = option.series as Series;
    expect(bars!.type).toBe('bar');
    expect(bars!.data.map((d) => d.value)).toEqual([95, 72.5, null]);
    expect(bars!.data.map((d) => d.itemStyle.color)).toEqual([riskColour(95), riskColour(72.46), NO_DATA_COLOUR]);
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
  });

  it('system health donut: the health share in its risk colour, the rest grey', () => {
    const series = (systemHealthOption(64).series as Series)[0]!;
    expect(series.data.map((d) => d.value)).toEqual([64, 36]);
    expect(series.data[0]!.itemStyle.color).toBe(riskColour(64));
    expect((systemHealthOption(null).series as Series)[0]!.data.map((d) => d.value)).toEqual([0, 100]);
  });

  it('difference badge: ▲ green up, ▼ red down, – same, none without a previous period', () => {
    expect(differenceBadge(4.26)).toEqual({ symbol: '▲', colour: HEALTH_COLORS.healthy, text: '+4.3' });
    expect(differenceBadge(-12)).toEqual({ symbol: '▼', colour: HEALTH_COLORS.critical, text: '-12.0' });
    expect(differenceBadge(0.01)?.symbol).toBe('–');
    expect(differenceBadge(null)).toBeNull();
  });

  it('fault distribution: slices by count, named in the chosen language', () => {
    const name = (en: string) => ({ tr: `${en}-tr`, en, de: en, ru: en, zh: en, zhTw: en });
    const option = faultDistributionOption(
      [
        { fault: 'unbalance', name: name('Unbalance'), count: 2 },
        { fault: 'bearing_failure', name: name('Bearing'), count: 5 },
      ],
      (i) => i.name.tr,
    );
    expect((option.series as { data: unknown[] }[])[0]!.data).toEqual([
      { name: 'Bearing-tr', value: 5 },
      { name: 'Unbalance-tr', value: 2 },
    ]);
  });

  it('gauge: evaluated / total × 100, none without reports', () => {
    expect(evaluatedPercent(3, 4)).toBe(75);
    expect(evaluatedPercent(1, 3)).toBe(33.3);
    expect(evaluatedPercent(0, 0)).toBeNull();
    expect(evaluatedPercent(5, 4)).toBe(100);
  });

  it('alarm intensity: attention, hazard and critical stacked in the alarm colours', () => {
    const option = alarmIntensityOption(
      [
        { start: '2026-11-01T00:00:00+03:00', attention: 1, hazard: 2, critical: 0 },
        { start: '2026-11-02T00:00:00+03:00', attention: 0, hazard: 0, critical: 3 },
      ],
      ['01', '02'],
      (l) => l.toUpperCase(),
    );
    const series = option.series as { name: string; stack: string; data: number[]; itemStyle: { color: string } }[];
    expect(series.map((s) => [s.name, s.stack, s.data, s.itemStyle.color])).toEqual([
      ['ATTENTION', 'alarms', [1, 0], HEALTH_COLORS.attention],
      ['HAZARD', 'alarms', [2, 0], HEALTH_COLORS.hazard],
      ['CRITICAL', 'alarms', [0, 3], HEALTH_COLORS.critical],
    ]);
  });

  it('bucket labels in the customer zone and format', () => {
    expect(datePartOf('DD-MM-YYYY HH:mm:ss')).toBe('DD-MM-YYYY');
    // 21:30 UTC is 00:30 the next day in GMT+3
    expect(bucketLabel('2026-11-26T21:30:00Z', 'hour', 'DD-MM-YYYY HH:mm:ss', 180)).toBe('00:30');
    expect(bucketLabel('2026-11-26T21:30:00Z', 'day', 'DD-MM-YYYY HH:mm:ss', 180)).toBe('27-11-2026');
    expect(bucketLabel('2026-11-26T21:30:00Z', 'week', 'YYYY/MM/DD HH:mm', 0)).toBe('2026/11/26');
    expect(bucketLabel('2026-11-30T21:00:00Z', 'month', 'DD-MM-YYYY HH:mm:ss', 180)).toBe('12.2026');
  });

  it('points filter: a sorted comma list, absent when nothing is checked', () => {
    expect(pointsParam(['b', 'a'])).toBe('a,b');
    expect(pointsParam([])).toBeUndefined();
    expect(pointsParam(null)).toBeUndefined();
  });
});
