import { Suspense } from 'react';
import { lazyTimeChart } from '../../charts/lazyCharts';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

const TimeChart = lazyTimeChart.Component;

export interface TimePanelProps {
  /** Samples in g. */
  signal: number[];
  samplingRateHz: number;
  /** Used in export file names (e.g. the axis key). */
  name: string;
  measurementId: string;
  pointName?: string;
  /** ISO creation time of the measurement. */
  createdAt?: string;
}

/**
 * Time waveform of one axis with its tools (spec 002 "Chart controls", time chart): DC offset,
 * G or mm/s², window, play as audio with stop, CSV download.
 */
export function TimePanel({ signal, samplingRateHz, name, measurementId }: TimePanelProps) {
  const { t } = useTranslation('charts');
  if (signal.length < 2 || !(samplingRateHz > 0)) return <Empty description={t('noData')} />;
  return (
    <div data-testid="time-panel" data-measurement-id={measurementId}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <TimeChart signalG={signal} samplingRateHz={samplingRateHz} name={name} />
      </Suspense>
    </div>
  );
}
