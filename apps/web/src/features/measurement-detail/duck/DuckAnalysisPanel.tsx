import { Suspense, useState } from 'react';
import { lazySpectrumChart } from '../../../charts/lazyCharts';
import { Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Bearing, WindowName } from '@overtone/contract';
import { WindowSelect } from '../../../charts/WindowSelect';
import { EnvelopeBandSlider } from '../../../charts/EnvelopeBandSlider';
import { DomainBody } from '../domains/DomainBody';
import { LineChart } from '../domains/LineChart';
import { bandpassLimits, defaultEnvelopeBand, ENVELOPE_XLIM_HZ } from '../envelopeMath';
import { useDuckAnalysisQuery, type DuckDomain } from './duckApi';
import { BearingFaultButtons, useBearingFaultMarkers } from '../BearingFaultButtons';
import { DuckCompareButton } from './DuckFaultControls';

const SpectrumChart = lazySpectrumChart.Component;

interface Props {
  domain: DuckDomain;
  measurementId: string;
  channelKey: string;
  signal: readonly number[];
  samplingRateHz: number;
  /** Unit of the channel's values: A, V or g. */
  unit: string;
  /**
   * A vibration channel (accelerometer sensor, g): the spectrum and envelope offer the point's bearing
   * fault frequencies and the spectrum "add to compare", as the measurement page's do.
   */
  vibration?: boolean;
  /** The point's bearing (orders of shaft speed), null/undefined without one. */
  bearing?: Bearing | null;
  /** Shaft speed in Hz (the point's reference frequency or the RPM typed), 0 when unknown. */
  referenceFrequencyHz?: number;
  /** Point name or path and ISO creation time, for the compare basket. */
  pointName?: string;
  createdAt?: string;
}

/**
 * One analysis tab of the Duck view: spectrum, envelope (bandpass 100 … fs/2 − 50 Hz) or cepstrum
 * of the selected channel, with the window choice. The unit follows the sensor. A vibration channel
 * also gets the bearing fault-frequency buttons (spectrum, envelope) and "add to compare" (spectrum).
 */
export function DuckAnalysisPanel(props: Props) {
  const { domain, samplingRateHz } = props;
  const limits = bandpassLimits(samplingRateHz);
  const defaultBand = defaultEnvelopeBand(samplingRateHz);
  // Keyed: another channel or rate starts from the default band again.
  return (
    <DuckAnalysisContent
      key={`${props.channelKey}/${samplingRateHz}`}
      {...props}
      limits={domain === 'envelope' ? limits : null}
      defaultBand={domain === 'envelope' ? defaultBand : null}
    />
  );
}

function DuckAnalysisContent({
  domain,
  measurementId,
  channelKey,
  signal,
  samplingRateHz,
  unit,
  vibration = false,
  bearing,
  referenceFrequencyHz = 0,
  pointName = '',
  createdAt = '',
  limits,
  defaultBand,
}: Props & { limits: { min: number; max: number } | null; defaultBand: [number, number] | null }) {
  const { t } = useTranslation('duckMeasurement');
  const [windowName, setWindowName] = useState<WindowName>('hanning');
  const [band, setBand] = useState<[number, number] | null>(defaultBand);
  const q = useDuckAnalysisQuery(domain, {
    measurementId,
    channelKey,
    signal,
    samplingRateHz,
    window: windowName,
    ...(domain === 'envelope' ? { band: band ?? undefined, xlimHz: ENVELOPE_XLIM_HZ } : {}),
  });
  const shownUnit = unit === 'g' ? (q.data?.unit ?? 'g') : unit;
  const faults = useBearingFaultMarkers(vibration && domain !== 'cepstrum' ? bearing : null, referenceFrequencyHz);
  // Built on click only: the spectrum and the samples are copied into the basket then.
  const data = q.data;
  const compareItem =
    vibration && domain === 'spectrum' && data?.x.length
      ? () => ({
          measurementId,
          pointName,
          date: createdAt,
          channel: channelKey,
          fft: { x: [...data.x], y: [...data.y], unit: shownUnit, window: windowName, amplitude: 'grms' as const },
          time: { samplingRateHz, y: [...signal] },
        })
      : null;
  const blocked =
    domain === 'envelope' && !limits ? <Typography.Text type="secondary">{t('envelope.noBand')}</Typography.Text> : undefined;

  return (
    <Flex vertical gap={8} data-testid={`duck-${domain}-panel`} data-channel={channelKey}>
      <Flex gap={10} align="center" wrap>
        <WindowSelect value={windowName} onChange={setWindowName} testId={`duck-${domain}-window`} />
        {domain === 'envelope' && limits && band && (
          <EnvelopeBandSlider limits={limits} band={band} onChange={setBand} testId="duck-envelope-band" />
        )}
        <BearingFaultButtons {...faults} testIdPrefix={`duck-${domain}`} />
        {vibration && domain === 'spectrum' && <DuckCompareButton item={compareItem} />}
      </Flex>
      <DomainBody isPending={q.isPending} isFetching={q.isFetching} error={q.error} empty={!q.data?.x.length} blocked={blocked}>
        {() =>
          domain === 'cepstrum' ? (
            <LineChart
              x={q.data!.x}
              y={q.data!.y}
              xLabel={t('cepstrum.quefrency')}
              yLabel={t('cepstrum.amplitude')}
              seriesLabel={t('cepstrum.series')}
              xFactor={1000}
              testId="duck-cepstrum-chart"
            />
          ) : (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
              <SpectrumChart
                xHz={q.data!.x}
                y={q.data!.y}
                unit={shownUnit}
                amplitudeLabel={t(domain === 'envelope' ? 'envelope.amplitude' : 'spectrum.amplitude')}
                peakLimitHz={Infinity}
                referenceFrequencyHz={referenceFrequencyHz}
                markers={faults.markers}
                testIdPrefix={`duck-${domain}`}
                name={`${channelKey}_${domain}`}
              />
            </Suspense>
          )
        }
      </DomainBody>
    </Flex>
  );
}
