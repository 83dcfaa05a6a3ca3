import { lazy, Suspense } from 'react';
import { Alert, Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_SIGNAL_SAMPLES, type AxisKey, type Bearing, type MeasurementDetail } from '@overtone/contract';
import { EnvelopePanel } from './EnvelopePanel';
import { SpectrumPanel } from './SpectrumPanel';

const TimeChart = lazy(() => import('../../charts/TimeChart'));

interface Props {
  m: MeasurementDetail;
  axis: AxisKey;
  referenceFrequencyHz: number;
  /** Bearing of the point, for the fault-frequency markers of the envelope spectrum. */
  bearing?: Bearing | null;
}

/**
 * Time waveform, spectrum and envelope spectrum of the selected axis. Files above 200000 samples show a notice
 * instead (spec 002 §2); a measurement without samples for the axis shows an empty state.
 */
export function SignalCharts({ m, axis, referenceFrequencyHz, bearing }: Props) {
  const { t } = useTranslation('measurementDetail');
  const signal = m.data[axis] ?? [];
  const fs = m.calibratedSamplingRate ?? 0;

  if (m.profile.sampleSize > MAX_SIGNAL_SAMPLES || signal.length > MAX_SIGNAL_SAMPLES)
    return (
      <Alert type="warning" showIcon title={t('largeFile')} description={t('largeFileHint')} data-testid="large-file-notice" />
    );
  if (signal.length < 2 || fs <= 0) return <Empty description={t('noSignal')} />;

  return (
    <>
      <Card size="small" title={t('timeWaveform')}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <TimeChart signalG={signal} samplingRateHz={fs} name={axis} />
        </Suspense>
      </Card>
      <Card size="small" title={t('spectrum')}>
        <SpectrumPanel
          measurementId={m._id}
          axis={axis}
          signal={signal}
          samplingRateHz={fs}
          referenceFrequencyHz={referenceFrequencyHz}
        />
      </Card>
      <Card size="small" title={t('envelopeSpectrum')}>
        <EnvelopePanel
          measurementId={m._id}
          axis={axis}
          signal={signal}
          samplingRateHz={fs}
          referenceFrequencyHz={referenceFrequencyHz}
          bearing={bearing}
        />
      </Card>
    </>
  );
}
