import { useMemo, useState } from 'react';
import { Button, Flex, Segmented, Switch, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { axisStyle, useChartTheme } from './chartTheme';
import { downloadCsv, exportFileName } from './download';
import { MM_PER_S2_PER_G, removeMean, scaled, timeAxisS } from './timeSignal';
import { UplotChart, type ChartOptions } from './UplotChart';

export type AccelerationUnit = 'g' | 'mmps2';

interface Props {
  /** Samples in g, shape n. */
  signalG: readonly number[];
  /** Calibrated sampling rate in Hz. */
  samplingRateHz: number;
  /** Used in the export file name (e.g. the axis key). */
  name: string;
  height?: number;
}

/**
 * Waveform of one axis (spec 002 §2 "Chart controls", time chart): x in seconds (i / fs), y in g
 * or mm/s²; DC offset removal; CSV download.
 */
export default function TimeChart({ signalG, samplingRateHz, name, height = 260 }: Props) {
  const { t } = useTranslation('charts');
  const theme = useChartTheme();
  const [dcOffset, setDcOffset] = useState(true);
  const [unit, setUnit] = useState<AccelerationUnit>('g');
  const unitLabel = t(`units.${unit}`);

  const data = useMemo<[Float64Array, Float64Array]>(() => {
    const x = timeAxisS(signalG.length, samplingRateHz);
    const base = dcOffset ? removeMean(signalG) : Float64Array.from(signalG);
    return [x, unit === 'g' ? base : scaled(base, MM_PER_S2_PER_G)];
  }, [signalG, samplingRateHz, dcOffset, unit]);

  const options = useMemo<ChartOptions>(
    () => ({
      scales: { x: { time: false } },
      legend: { show: false },
      cursor: { drag: { x: true, y: false, setScale: true } },
      series: [{ label: t('timeAxis') }, { label: unitLabel, stroke: theme.series, width: 1, points: { show: false } }],
      axes: [
        { ...axisStyle(theme), label: t('timeAxis'), labelSize: 28, values: (_, ticks) => ticks.map((v) => v.toFixed(3)) },
        { ...axisStyle(theme), label: unitLabel, labelSize: 28, size: 64 },
      ],
    }),
    [t, theme, unitLabel],
  );

  return (
    <Flex vertical gap={8} data-testid="time-chart">
      <Flex gap={12} align="center" wrap>
        <Flex gap={6} align="center">
          <Switch size="small" checked={dcOffset} onChange={setDcOffset} data-testid="time-dc-offset" />
          <Typography.Text>{t('dcOffset')}</Typography.Text>
        </Flex>
        <Segmented<AccelerationUnit>
          size="small"
          value={unit}
          onChange={setUnit}
          options={[
            { value: 'g', label: t('units.g') },
            { value: 'mmps2', label: t('units.mmps2') },
          ]}
        />
        <Tooltip title={t('downloadCsv')}>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() =>
              downloadCsv(
                exportFileName(`${name}_time`, 'csv'),
                ['time_s', unit === 'g' ? 'acceleration_g' : 'acceleration_mm_per_s2'],
                data,
              )
            }
          >
            {t('csvShort')}
          </Button>
        </Tooltip>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('dragToZoom')}
        </Typography.Text>
      </Flex>
      <UplotChart options={options} data={data} height={height} />
    </Flex>
  );
}
