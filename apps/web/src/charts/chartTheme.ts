import { useMemo } from 'react';
import { theme } from 'antd';

export interface ChartTheme {
  text: string;
  textSecondary: string;
  grid: string;
  axis: string;
  series: string;
  seriesFill: string;
  harmonic: string;
  peak: string;
  background: string;
  font: string;
}

/** Chart colours taken from the Ant Design theme, so that charts follow it (stable while the theme is). */
export function useChartTheme(): ChartTheme {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      text: token.colorText,
      textSecondary: token.colorTextSecondary,
      grid: token.colorBorderSecondary,
      axis: token.colorBorder,
      series: token.colorPrimary,
      seriesFill: token.colorPrimaryBg,
      harmonic: token.colorWarning,
      peak: token.colorError,
      background: token.colorBgContainer,
      font: `${token.fontSizeSM}px ${token.fontFamily}`,
    }),
    [token],
  );
}

/** Axis styling shared by the charts. */
export function axisStyle(t: ChartTheme) {
  return {
    stroke: t.textSecondary,
    font: t.font,
    labelFont: t.font,
    grid: { stroke: t.grid, width: 1 },
    ticks: { stroke: t.axis, width: 1 },
  };
}
