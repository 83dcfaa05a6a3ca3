import { Activity, useState } from 'react';
import { Alert, Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { AXIS_KEYS, LARGE_FILE_SAMPLES, type AxisKey, type Bearing, type MeasurementDetail } from '@overtone/contract';
import { usePointQuery } from '../points/pointApi';
import { axisMapping } from '../measurements/axes';
import { AutoCorrelationPanel } from './domains/AutoCorrelationPanel';
import { CepstrumPanel } from './domains/CepstrumPanel';
import { OrbitPanel } from './domains/OrbitPanel';
import { PolarPanel } from './domains/PolarPanel';
import { SpectrogramPanel } from './domains/SpectrogramPanel';
import { EnvelopePanel } from './EnvelopePanel';
import type { EvidenceMark } from '../fault-reports/evidenceMark';
import { SpectrumPanel } from './SpectrumPanel';
import { TimePanel } from './TimePanel';

/** The analysis domains, in the order of the tabs (spec 002 §2: Time, then the domain choice). */
export const DOMAINS = ['time', 'fft', 'cepstrum', 'envelope', 'spectrogram', 'polar', 'orbit', 'autoCorrelation'] as const;
export type Domain = (typeof DOMAINS)[number];

interface Props {
  m: MeasurementDetail;
  axis: AxisKey;
  referenceFrequencyHz: number;
  /** Bearing of the point, for the fault-frequency markers of the spectrum and envelope. */
  bearing?: Bearing | null;
  /** A fault report's evidence link: the domain opened first and the line marked in it. */
  mark?: EvidenceMark;
}

/**
 * The signal charts of the selected axis with the domain switch (spec 002 §2, "Chart controls"):
 * Time, FFT, Cepstrum, Envelope, Spectrogram, PolarAnalyze, OrbitAnalyze, AutoCorrelation. The
 * samples come from the measurement detail and go to the analysis endpoints in the body: switching
 * domain, axis or a setting never loads the measurement again. A domain is mounted on its first
 * visit and kept (with its settings) afterwards; while hidden it requests nothing. Files above 200000 samples show a notice instead
 * (spec 002 §2); a measurement without samples for the axis shows an empty state.
 */
export function SignalCharts({ m, axis, referenceFrequencyHz, bearing, mark }: Props) {
  const { t } = useTranslation('analysisDomains');
  const [domain, setDomain] = useState<Domain>(mark?.domain ?? 'fft');
  /** The evidence line is marked in its own domain only (an envelope line means nothing on the FFT). */
  const markIn = (d: Domain) => (mark?.domain === d ? mark.markHz : null);
  // The same query (and cache entry) as the page's: no second request.
  const point = usePointQuery(m.point?._id, { silent: true });
  const mapping = axisMapping(point.data);
  const signal = m.data[axis] ?? [];
  const fs = m.calibratedSamplingRate ?? 0;

  if (m.profile.sampleSize > LARGE_FILE_SAMPLES || signal.length > LARGE_FILE_SAMPLES)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('measurementDetail:largeFile')}
        description={t('measurementDetail:largeFileHint')}
        data-testid="large-file-notice"
      />
    );
  if (signal.length < 2 || fs <= 0) return <Empty description={t('measurementDetail:noSignal')} />;

  const axisLabels = Object.fromEntries(AXIS_KEYS.map((k) => [k, t(`measurementDetail:axisLabel.${mapping[k]}`)])) as Record<
    AxisKey,
    string
  >;
  const common = { measurementId: m._id, axis, signal, samplingRateHz: fs };
  const pointName = m.point?.path.join(' / ') ?? '';

  const panel = (d: Domain) => {
    switch (d) {
      case 'time':
        return (
          <TimePanel
            signal={signal}
            samplingRateHz={fs}
            name={axis}
            measurementId={m._id}
            pointName={pointName}
            createdAt={m.createdAt}
          />
        );
      case 'fft':
        return (
          <SpectrumPanel
            {...common}
            referenceFrequencyHz={referenceFrequencyHz}
            bearing={bearing}
            gearbox={point.data}
            pointName={pointName}
            createdAt={m.createdAt}
            markHz={markIn('fft')}
          />
        );
      case 'cepstrum':
        return <CepstrumPanel {...common} />;
      case 'envelope':
        return (
          <EnvelopePanel {...common} referenceFrequencyHz={referenceFrequencyHz} bearing={bearing} markHz={markIn('envelope')} />
        );
      case 'spectrogram':
        return <SpectrogramPanel {...common} />;
      case 'polar':
        return <PolarPanel {...common} referenceFrequencyHz={referenceFrequencyHz} />;
      case 'orbit':
        return (
          <OrbitPanel
            measurementId={m._id}
            data={m.data}
            samplingRateHz={fs}
            axis={axis}
            axisLabels={axisLabels}
            referenceFrequencyHz={referenceFrequencyHz}
          />
        );
      case 'autoCorrelation':
        return <AutoCorrelationPanel {...common} />;
    }
  };

  return (
    <Card size="small" data-testid="signal-charts" data-domain={domain} data-axis={axis}>
      <Tabs
        size="small"
        activeKey={domain}
        onChange={(k) => setDomain(k as Domain)}
        tabBarExtraContent={<span data-testid="domain-axis">{axisLabels[axis]}</span>}
        items={DOMAINS.map((d) => ({
          key: d,
          label: <span data-testid={`domain-tab-${d}`}>{t(`domains.${d}`)}</span>,
          // A hidden domain keeps its settings but not its subscriptions: a new axis is computed on its next visit only.
          children: <Activity mode={d === domain ? 'visible' : 'hidden'}>{panel(d)}</Activity>,
        }))}
        data-testid="domain-tabs"
      />
    </Card>
  );
}
