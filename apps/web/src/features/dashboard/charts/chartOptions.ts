/**
 * ECharts options of the dashboard cards, built from the API's answers. Pure functions without an
 * ECharts import (tested in happy-dom; drawn by the lazy EChart chunk).
 */
import type {
  AlarmOccurrenceResponse,
  DashboardUnit,
  FaultDistributionResponse,
  HealthProgressResponse,
} from '@overtone/contract';
import { HEALTH_COLORS } from '../../../ui/health';
import { customerClock } from '../../../ui/customerTime';
import { NO_DATA_COLOUR, riskColour } from '../riskColour';
import type { ChartOption } from './chartTypes';

/** Colours of the fault-distribution slices (distinct, colour-blind friendly order). */
export const PIE_COLOURS = [
  '#1677ff',
  '#fa8c16',
  '#13c2c2',
  '#eb2f96',
  '#722ed1',
  '#52c41a',
  '#faad14',
  '#2f54eb',
  '#a0d911',
  '#8c8c8c',
];

/**
 * The date part of the customer's date format: `DD-MM-YYYY HH:mm:ss` → `DD-MM-YYYY`.
 * @param dateFormat the customer's dayjs format (preferences)
 */
export const datePartOf = (dateFormat: string) => dateFormat.split(/\s+/)[0] || 'YYYY-MM-DD';

/**
 * The axis label of a bucket starting at `iso`, in the customer's time zone: the hour for hourly
 * buckets, the date (customer's format) for days and weeks, month and year for months.
 * @param iso ISO 8601 instant
 * @param offsetMinutes the customer's zone, minutes east of UTC
 */
export function bucketLabel(iso: string, unit: DashboardUnit, dateFormat: string, offsetMinutes: number): string {
  const d = customerClock(iso, offsetMinutes);
  if (unit === 'hour') return d.format('HH:mm');
  if (unit === 'month') return d.format('MM.YYYY');
  return d.format(datePartOf(dateFormat));
}

/** A 0–100 value rounded to one decimal for display; null stays null. */
export const round1 = (v: number | null | undefined): number | null =>
  v === null || v === undefined || Number.isNaN(v) ? null : Math.round(v * 10) / 10;

/**
 * Health progress (spec 001 §2): one bar per bucket of the window, its height the bucket's health
 * 0–100 and its colour the risk colour of that health; a bucket without data has no bar.
 */
export function healthProgressOption(
  buckets: HealthProgressResponse,
  labels: readonly string[],
  seriesName: string,
): ChartOption {
  const sorted = [...buckets].sort((a, b) => a.order - b.order);
  return {
    animation: false,
    grid: { left: 36, right: 8, top: 16, bottom: 28 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: [...labels], axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', min: 0, max: 100 },
    series: [
      {
        type: 'bar',
        name: seriesName,
        barMaxWidth: 28,
        data: sorted.map((b) => ({
          value: round1(b.health),
          itemStyle: { color: b.health === null ? NO_DATA_COLOUR : riskColour(b.health), borderRadius: [3, 3, 0, 0] },
        })),
      },
    ],
  };
}

/**
 * The system-health donut (spec 001 §2): the health share in its risk colour, the rest grey, the
 * score written in the middle. Without a health the ring is all grey.
 */
export function systemHealthOption(health: number | null): ChartOption {
  const h = health === null ? null : Math.min(100, Math.max(0, health));
  return {
    animation: false,
    title: undefined,
    series: [
      {
        type: 'pie',
        radius: ['62%', '82%'],
        silent: true,
        label: { show: false },
        data: [
          { value: h ?? 0, itemStyle: { color: riskColour(h) } },
          { value: h === null ? 100 : 100 - h, itemStyle: { color: '#f0f0f0' } },
        ],
      },
    ],
  };
}

/** The failure-mode pie (spec 001 §2): one slice per fault, its name in the interface language. */
export function faultDistributionOption(
  items: FaultDistributionResponse,
  nameOf: (item: FaultDistributionResponse[number]) => string,
): ChartOption {
  return {
    animation: false,
    color: PIE_COLOURS,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', orient: 'horizontal', bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['0%', '62%'],
        center: ['50%', '44%'],
        label: { show: false },
        data: [...items].sort((a, b) => b.count - a.count).map((i) => ({ name: nameOf(i), value: i.count })),
      },
    ],
  };
}

/**
 * The unresolved-reports gauge (spec 001 §9): evaluated / total × 100.
 * @returns null when there is no report (nothing to evaluate)
 */
export const evaluatedPercent = (answered: number, total: number): number | null =>
  total > 0 ? Math.round((Math.min(answered, total) / total) * 1000) / 10 : null;

/** The gauge of {@link evaluatedPercent}: the arc in the risk colour of the evaluated share. */
export function evaluatedGaugeOption(percent: number): ChartOption {
  return {
    animation: false,
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 100,
        startAngle: 200,
        endAngle: -20,
        progress: { show: true, width: 14, itemStyle: { color: riskColour(percent) } },
        axisLine: { lineStyle: { width: 14 } },
        pointer: { show: false },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        detail: { valueAnimation: false, offsetCenter: [0, '0%'], fontSize: 24, formatter: '{value} %' },
        data: [{ value: percent }],
      },
    ],
  };
}

/** Levels stacked in the alarm intensity graph, bottom to top. */
export const INTENSITY_LEVELS = ['attention', 'hazard', 'critical'] as const;

/**
 * The alarm intensity graph (spec 001 §2, §9): alarm transactions above healthy per day or week,
 * stacked by level in the alarm colours.
 */
export function alarmIntensityOption(
  rows: AlarmOccurrenceResponse,
  labels: readonly string[],
  levelName: (level: (typeof INTENSITY_LEVELS)[number]) => string,
): ChartOption {
  return {
    animation: false,
    grid: { left: 36, right: 8, top: 32, bottom: 28 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    xAxis: { type: 'category', data: [...labels] },
    yAxis: { type: 'value', minInterval: 1 },
    series: INTENSITY_LEVELS.map((level) => ({
      type: 'bar',
      name: levelName(level),
      stack: 'alarms',
      barMaxWidth: 24,
      itemStyle: { color: HEALTH_COLORS[level] },
      data: rows.map((r) => r[level]),
    })),
  };
}
