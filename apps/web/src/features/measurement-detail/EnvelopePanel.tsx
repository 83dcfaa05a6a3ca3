import { Suspense, useMemo, useState } from 'react';
import { lazySpectrumChart } from '../../charts/lazyCharts';
import { Alert, Empty, Flex, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AxisKey, type Bearing, type WindowName } from '@overtone/contract';
import type { MarkerSet } from '../../charts/spectrumOverlay';
import { DEFAULT_HARMONIC_COUNT, MAX_HARMONIC_COUNT } from '../../charts/spectrumMath';
import { bandpassLimits, defaultEnvelopeBand, ENVELOPE_XLIM_HZ } from './envelopeMath';
import { useEnvelopeQuery } from './measurementApi';

import { EnvelopeBandSlider } from '../../charts/EnvelopeBandSlider';
import { WindowSelect } from '../../charts/WindowSelect';
import { FitSelect } from '../../ui/FitSelect';
import { formatFrequency } from '../../charts/formatNumber';
import { evidenceMarker } from '../fault-reports/evidenceMark';
import { BearingFaultButtons, useBearingFaultMarkers } from './BearingFaultButtons';

const SpectrumChart = lazySpectrumChart.Component;

interface Props {
  measurementId: string;
  axis: AxisKey;
  signal: number[];
  samplingRateHz: number;
  /** Running speed of the point in Hz, 0 when unknown or variable. */
  referenceFrequencyHz: number;
  bearing: Bearing | null | undefined;
  /** A fault report's evidence line to mark, Hz (drawn and selected on opening), or null. */
  markHz?: number | null;
}

/**
 * Envelope spectrum of one axis (spec 002 "Chart controls", Envelope): bandpass slider (100 to
 * fs/2 − 50 Hz), window, BPFO/BPFI/FTF/BSF fault-frequency buttons (shown with a bearing and a
 * reference frequency) with 1–10 harmonics each (default 5), highest line. A change of band or
 * window is one envelope request with the signal already loaded.
 */
export function EnvelopePanel(props: Props) {
  const limits = bandpassLimits(props.samplingRateHz);
  const band = defaultEnvelopeBand(props.samplingRateHz);
  const { t } = useTranslation('charts');
  if (!limits || !band) return <Empty description={t('envelope.noBand')} />;
  // Keyed by the sampling rate: a new rate starts again from its default band.
  return <EnvelopeContent key={props.samplingRateHz} {...props} limits={limits} defaultBand={band} />;
}

function EnvelopeContent({
  measurementId,
  axis,
  signal,
  samplingRateHz,
  referenceFrequencyHz,
  bearing,
  markHz = null,
  limits,
  defaultBand,
}: Props & { limits: { min: number; max: number }; defaultBand: [number, number] }) {
  const { t } = useTranslation('charts');
  const [windowName, setWindowName] = useState<WindowName>('hanning');
  // `draft` follows the slider; `band` is requested, on release only (no request per pixel).
  const [band, setBand] = useState<[number, number]>(defaultBand);
  const [harmonics, setHarmonics] = useState(DEFAULT_HARMONIC_COUNT);
  const q = useEnvelopeQuery({ measurementId, axis, signal, samplingRateHz, window: windowName, band, xlimHz: ENVELOPE_XLIM_HZ });

  const {
    available,
    shown,
    toggle,
    markers: faultMarkers,
  } = useBearingFaultMarkers(bearing, referenceFrequencyHz, {
    harmonics,
    labelKey: 'envelope.faultHarmonic',
  });
  const markers = useMemo<MarkerSet[]>(() => {
    const evidence = evidenceMarker(markHz, t('evidenceMark', { frequency: formatFrequency(markHz ?? 0) }));
    return [...(evidence ? [evidence] : []), ...faultMarkers];
  }, [faultMarkers, markHz, t]);

  const controls = (
    <Flex gap={10} align="center" wrap style={{ width: '100%' }}>
      <WindowSelect value={windowName} onChange={setWindowName} testId="envelope-window" />
      <EnvelopeBandSlider limits={limits} band={band} onChange={setBand} testId="envelope-band" />
      <BearingFaultButtons available={available} shown={shown} toggle={toggle} testIdPrefix="envelope" />
      {available.length > 0 && (
        <FitSelect<number>
          size="small"
          value={harmonics}
          onChange={setHarmonics}
          prefix={t('analysisDomains:envelope.faultHarmonics')}
          options={Array.from({ length: MAX_HARMONIC_COUNT }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
          data-testid="envelope-fault-harmonics"
        />
      )}
    </Flex>
  );

  const body = () => {
    if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (q.isError) return <Alert type="error" showIcon title={t('envelope.failed')} description={q.error.message} />;
    if (!q.data.x.length) return <Empty description={t('noData')} />;
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <Spin spinning={q.isFetching}>
          <SpectrumChart
            xHz={q.data.x}
            y={q.data.y}
            unit={q.data.unit}
            amplitudeLabel={t('envelope.amplitude')}
            referenceFrequencyHz={referenceFrequencyHz}
            peakLimitHz={Infinity}
            markers={markers}
            initialActiveHz={markHz}
            testIdPrefix="envelope"
            name={`${axis}_envelope`}
          />
        </Spin>
      </Suspense>
    );
  };

  return (
    <Flex
      vertical
      gap={8}
      data-testid="envelope-panel"
      data-band={band.join(',')}
      data-limits={`${limits.min},${limits.max}`}
      data-markers={markers.map((m) => m.xs.map((x) => Number(x.toFixed(6))).join(' ')).join(';')}
      data-mark-hz={markHz ?? undefined}
    >
      {controls}
      {body()}
    </Flex>
  );
}
