/**
 * An ECharts option as the dashboard builds it (chartOptions.ts). Kept structural so that building
 * options needs no ECharts import (only the lazy chart chunk loads ECharts).
 */
export type ChartOption = Record<string, unknown>;

export interface ChartProps {
  option: ChartOption;
  /** CSS px */
  height: number;
  testId?: string;
}
