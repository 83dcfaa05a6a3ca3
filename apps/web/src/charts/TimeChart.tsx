import { useMemo, useState } from 'react';
import { Button, Flex, Segmented, Switch, Tooltip, Typography } from 'antd';
import { DownloadOutlined, PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WindowName } from '@overtone/contract';
import { useSignalPlayback } from './useSignalPlayback';
import { axisStyle, useChartTheme } from './chartTheme';
import { downloadCsv } from './download';
import { applyWindow, MM_PER_S2_PER_G, removeMean, scaled, timeAxisS } from './timeSignal';
import { UplotChart, type ChartOptions } from './UplotChart';
import { WindowSelect } from './WindowSelect';
import { useExportFileName } from './useExportFileName';

export type AccelerationUnit = 'g' | 'mmps2';

interface Props {
  /** Samples in g, shape n. */
  signalG: readonly number[];
  /** Calibrated sampling rate in Hz. */
  samplingRateHz: number;
  /** Used in the export file name (e.g. the axis key). */
  name: string;
  height?: number;
  /** Compact chart without tools (the FFT panel's time mini-chart). */
  mini?: boolean;
  /** Prefix of the `data-testid`s, `time` by default. */
  testIdPrefix?: string;
}

/** The columns shown: time in s and the waveform after DC removal, window and unit. */
export function timeChartData(
  signalG: readonly number[],
  samplingRateHz: number,
  o: { dcOffset: boolean; unit: AccelerationUnit; window: WindowName },
): [Float64Array, Float64Array] {
  const x = timeAxisS(signalG.length, samplingRateHz);
  const base = o.dcOffset ? removeMean(signalG) : Float64Array.from(signalG);
  const windowed = o.window === 'rectangular' ? base : applyWindow(base, o.window);
  return [x, o.unit === 'g' ? windowed : scaled(windowed, MM_PER_S2_PER_G)];
}

/**
 * Waveform of one axis (spec 002 §2 "Chart controls", time chart): x in seconds (i / fs), y in g
 * or mm/s²; DC offset removal; window; play as audio (with stop); CSV download.
 */
export default function TimeChart({ signalG, samplingRateHz, name, height = 260, mini = false, testIdPrefix = 'time' }: Props) {
  const { t } = useTranslation('charts');
  const theme = useChartTheme();
  const fileName = useExportFileName();
  const [dcOffset, setDcOffset] = useState(true);
  const [unit, setUnit] = useState<AccelerationUnit>('g');
  const [windowName, setWindowName] = useState<WindowName>('rectangular');
  const { playing, toggle: togglePlay } = useSignalPlayback(signalG, samplingRateHz);
  const unitLabel = t(`units.${unit}`);

  const data = useMemo(
    () => timeChartData(signalG, samplingRateHz, { dcOffset, unit, window: windowName }),
    [signalG, samplingRateHz, dcOffset, unit, windowName],
  );

  const options = useMemo<ChartOptions>(
    () => ({
      scales: { x: { time: false } },
      legend: { show: false },
      cursor: mini ? { show: false } : { drag: { x: true, y: false, setScale: true } },
      series: [{ label: t('timeAxis') }, { label: unitLabel, stroke: theme.series, width: 1, points: { show: false } }],
      axes: [
        {
          ...axisStyle(theme),
          label: mini ? undefined : t('timeAxis'),
          labelSize: mini ? 0 : 28,
          values: (_, ticks) => ticks.map((v) => v.toFixed(3)),
        },
        { ...axisStyle(theme), label: mini ? undefined : unitLabel, labelSize: mini ? 0 : 28, size: 64 },
      ],
    }),
    [t, theme, unitLabel, mini],
  );

  if (mini)
    return (
      <div data-testid={`${testIdPrefix}-chart`} aria-label={t('timeMini')}>
        <UplotChart options={options} data={data} height={height} />
      </div>
    );

  return (
    <Flex vertical gap={8} data-testid={`${testIdPrefix}-chart`}>
      <Flex gap={12} align="center" wrap>
        <Flex gap={6} align="center">
          <Switch size="small" checked={dcOffset} onChange={setDcOffset} data-testid={`${testIdPrefix}-dc-offset`} />
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
          data-testid={`${testIdPrefix}-unit`}
        />
        <WindowSelect value={windowName} onChange={setWindowName} testId={`${testIdPrefix}-window`} />
        <Button
          size="small"
          icon={playing ? <PauseCircleOutlined /> : <SoundOutlined />}
          onClick={togglePlay}
          aria-pressed={playing}
          data-testid={`${testIdPrefix}-play`}
        >
          {playing ? t('stopAudio') : t('playAudio')}
        </Button>
        <Tooltip title={t('downloadCsv')}>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() =>
              downloadCsv(
                fileName(`${name}_time`, 'csv'),
                ['time_s', unit === 'g' ? 'acceleration_g' : 'acceleration_mm_per_s2'],
                data,
              )
            }
            data-testid={`${testIdPrefix}-csv`}
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
