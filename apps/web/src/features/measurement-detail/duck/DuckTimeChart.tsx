import { useMemo, useState } from 'react';
import { Button, Checkbox, Flex, Tooltip, Typography } from 'antd';
import { DownloadOutlined, PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSignalPlayback } from '../../../charts/useSignalPlayback';
import { axisStyle, useChartTheme } from '../../../charts/chartTheme';
import { downloadCsv } from '../../../charts/download';
import { removeMean, timeAxisS } from '../../../charts/timeSignal';
import { UplotChart, type ChartOptions } from '../../../charts/UplotChart';
import { useExportFileName } from '../../../charts/useExportFileName';

interface Props {
  /** Samples of one channel in `unit`, shape n. */
  signal: readonly number[];
  /** Calibrated sampling rate, Hz (> 0). */
  samplingRateHz: number;
  /** The sensor's unit: A (current) or V (voltage). */
  unit: string;
  /** The measured quantity as the CSV header names it: `current` or `voltage` (the sensor type). */
  quantity: string;
  /** Axis title, e.g. "Current (A)". */
  axisLabel: string;
  /** Used in the CSV file name (the channel key, `channel_4`). */
  name: string;
  height?: number;
}

/**
 * The columns of the electrical time chart.
 * @param signal samples in the sensor's unit (A or V), shape n
 * @param samplingRateHz Hz (> 0)
 * @param dcOffset remove the mean (DC offset) of the samples
 * @returns [time s (i / fs), value in the unit, mean removed when `dcOffset`], each shape n
 */
export function electricalTimeData(
  signal: readonly number[],
  samplingRateHz: number,
  dcOffset: boolean,
): [Float64Array, Float64Array] {
  return [timeAxisS(signal.length, samplingRateHz), dcOffset ? removeMean(signal) : Float64Array.from(signal)];
}

/**
 * The electrical time chart of a Duck current or voltage channel (spec 002 §2 "Chart controls":
 * "The electrical time chart has a DC offset checkbox, audio playback and CSV download"): x in
 * seconds, y in A or V; DC offset removal (checked by default, as the time chart's switch); play as
 * audio with stop (charts/audio, mean removed and normalised); CSV of the shown waveform named by
 * date-time (`<date>_<name>_time.csv`, columns `time_s`, `<quantity>_<unit>`).
 */
export default function DuckTimeChart({ signal, samplingRateHz, unit, quantity, axisLabel, name, height = 260 }: Props) {
  const { t } = useTranslation('charts');
  const theme = useChartTheme();
  const fileName = useExportFileName();
  const [dcOffset, setDcOffset] = useState(true);
  const { playing, toggle: togglePlay } = useSignalPlayback(signal, samplingRateHz);

  const data = useMemo(() => electricalTimeData(signal, samplingRateHz, dcOffset), [signal, samplingRateHz, dcOffset]);

  const options = useMemo<ChartOptions>(
    () => ({
      scales: { x: { time: false } },
      legend: { show: false },
      cursor: { drag: { x: true, y: false, setScale: true } },
      series: [{ label: t('timeAxis') }, { label: axisLabel, stroke: theme.series, width: 1, points: { show: false } }],
      axes: [
        { ...axisStyle(theme), label: t('timeAxis'), labelSize: 28, values: (_, ticks) => ticks.map((v) => v.toFixed(3)) },
        { ...axisStyle(theme), label: axisLabel, labelSize: 28, size: 64 },
      ],
    }),
    [t, theme, axisLabel],
  );

  return (
    <Flex vertical gap={8} data-testid="duck-time-chart" data-unit={unit}>
      <Flex gap={12} align="center" wrap>
        <Checkbox checked={dcOffset} onChange={(e) => setDcOffset(e.target.checked)} data-testid="duck-time-dc-offset">
          {t('dcOffset')}
        </Checkbox>
        <Button
          size="small"
          icon={playing ? <PauseCircleOutlined /> : <SoundOutlined />}
          onClick={togglePlay}
          aria-pressed={playing}
          data-testid="duck-time-play"
        >
          {playing ? t('stopAudio') : t('playAudio')}
        </Button>
        <Tooltip title={t('downloadCsv')}>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => downloadCsv(fileName(`${name}_time`, 'csv'), ['time_s', `${quantity}_${unit}`], data)}
            data-testid="duck-time-csv"
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
