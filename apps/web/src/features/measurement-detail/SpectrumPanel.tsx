import { Suspense, useMemo, useState } from 'react';
import { Alert, App, Button, Empty, Segmented, Skeleton, Space, Tooltip } from 'antd';
import { PlusSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type AxisKey, type Bearing, type WindowName } from '@overtone/contract';
import { FIRST_SPECTRUM, useSpectrumQuery, type SpectrumMode } from './measurementApi';
import {
  addToCompareBasket,
  COMPARE_BASKET_MAX,
  COMPARE_BASKET_MESSAGE_KEY,
  COMPARE_BASKET_MESSAGE_S,
} from '../../charts/compareBasket';
import { velocityFromAcceleration } from '@overtone/dsp/integration';
import type { MarkerSet } from '../../charts/spectrumOverlay';
import { gearMeshFrequenciesHz, gearMeshHarmonicsHz, type GearboxTeeth } from '../../charts/gearMesh';
import { WindowSelect } from '../../charts/WindowSelect';
import { lazySpectrumChart, lazyTimeChart } from '../../charts/lazyCharts';
import { formatFrequency } from '../../charts/formatNumber';
import { evidenceMarker } from '../fault-reports/evidenceMark';
import { BearingFaultButtons, useBearingFaultMarkers } from './BearingFaultButtons';

const SpectrumChart = lazySpectrumChart.Component;
const TimeChart = lazyTimeChart.Component;

/**
 * Fetches the two charts' code (uPlot) at once, while the measurement loads, not after it.
 * @returns a promise that settles (never rejects) when both are in or failed (the panels ask again)
 */
export const preloadSignalChartCode = (): Promise<void> =>
  Promise.all([lazySpectrumChart.preload(), lazyTimeChart.preload()]).then(
    () => undefined,
    () => undefined,
  );

/** Marker colours of the gear meshes (input stage, second stage). */
export const GEAR_MESH_COLORS = ['#d46b08', '#1d39c4'] as const;

interface Props {
  measurementId: string;
  axis: AxisKey;
  signal: number[];
  samplingRateHz: number;
  referenceFrequencyHz: number;
  /** Bearing of the point: BPFO, BPFI, FTF and BSF markers are offered with a reference frequency. */
  bearing?: Bearing | null;
  /** Gearbox of the point (form fields): its gear-mesh frequencies and 10 harmonics are offered (spec 002 §9). */
  gearbox?: GearboxTeeth | null;
  /** For the compare basket. */
  pointName?: string;
  /** ISO creation time of the measurement, for the compare basket. */
  createdAt?: string;
  /** A fault report's evidence line to mark, Hz (drawn and selected on opening), or null. */
  markHz?: number | null;
}

/**
 * Spectrum of one axis (spec 002 "Chart controls", FFT). The server computes the Grms spectrum per
 * window; Vrms is integrated from it here (packages/dsp `velocityFromAcceleration`, the per-line
 * function of the server's velocity mode, so the lines are the same to the bit),
 * so the Grms/Vrms switch, scale, axis, zoom and harmonics never re-request anything.
 */
export function SpectrumPanel({
  measurementId,
  axis,
  signal,
  samplingRateHz,
  referenceFrequencyHz,
  bearing,
  gearbox,
  pointName = '',
  createdAt = '',
  markHz = null,
}: Props) {
  const { t } = useTranslation('charts');
  const { message } = App.useApp();
  const [windowName, setWindowName] = useState<WindowName>(FIRST_SPECTRUM.window);
  const [mode, setMode] = useState<SpectrumMode>('accelerometer');
  const [shownMeshes, setShownMeshes] = useState<number[]>([]);
  const q = useSpectrumQuery({
    measurementId,
    axis,
    signal,
    samplingRateHz,
    window: windowName,
    mode: FIRST_SPECTRUM.mode, // velocity is integrated from it below
    dcOffset: FIRST_SPECTRUM.dcOffset,
  });

  const spectrum = useMemo(() => {
    if (!q.data) return null;
    if (mode === 'accelerometer') return q.data;
    return { x: q.data.x, y: Array.from(velocityFromAcceleration(q.data.x, q.data.y)), unit: 'mm/s' };
  }, [q.data, mode]);

  const faults = useBearingFaultMarkers(bearing, referenceFrequencyHz);
  const faultMarkers = faults.markers;
  const meshes = gearMeshFrequenciesHz(gearbox, referenceFrequencyHz);
  const meshKey = meshes.join(',');
  const meshLabel = (i: number) => (meshes.length > 1 ? t('gearMesh.stage', { stage: i + 1 }) : t('gearMesh.label'));
  const markers = useMemo<MarkerSet[]>(() => {
    const evidence = evidenceMarker(markHz, t('evidenceMark', { frequency: formatFrequency(markHz ?? 0) }));
    return [
      ...(evidence ? [evidence] : []),
      ...faultMarkers,
      ...meshes
        .map((gmf, i) => ({ gmf, i }))
        .filter(({ i }) => shownMeshes.includes(i))
        .map(({ gmf, i }) => ({
          xs: gearMeshHarmonicsHz(gmf),
          color: GEAR_MESH_COLORS[i % GEAR_MESH_COLORS.length],
          label: (order: number) => t('faultHarmonic', { fault: meshLabel(i), order }),
        })),
    ];
    // meshKey stands for gearbox and reference frequency.
  }, [faultMarkers, shownMeshes, meshKey, markHz, t]);
  const toggleMesh = (i: number) => setShownMeshes((s) => (s.includes(i) ? s.filter((x) => x !== i) : [...s, i]));

  const addToCompare = () => {
    if (!spectrum) return;
    const result = addToCompareBasket({
      measurementId,
      pointName,
      date: createdAt,
      channel: axis,
      fft: {
        x: [...spectrum.x],
        y: [...spectrum.y],
        unit: spectrum.unit,
        window: windowName,
        amplitude: mode === 'velocity' ? 'vrms' : 'grms',
      },
      time: { samplingRateHz, y: [...signal] },
    });
    const toast = { key: COMPARE_BASKET_MESSAGE_KEY, duration: COMPARE_BASKET_MESSAGE_S };
    if (result === 'full') void message.warning({ ...toast, content: t('compare.full', { max: COMPARE_BASKET_MAX }) });
    else if (result === 'storageFull') void message.error({ ...toast, content: t('compare.storageFull') });
    else void message.success({ ...toast, content: t(result === 'added' ? 'compare.added' : 'compare.replaced') });
  };

  const controls = (
    <>
      <WindowSelect value={windowName} onChange={setWindowName} testId="spectrum-window" />
      <Segmented<SpectrumMode>
        size="small"
        value={mode}
        onChange={setMode}
        options={[
          { value: 'accelerometer', label: t('grms') },
          { value: 'velocity', label: t('vrms') },
        ]}
        data-testid="spectrum-mode"
      />
      <BearingFaultButtons {...faults} testIdPrefix="spectrum" />
      {meshes.length > 0 && (
        <Space.Compact size="small" data-testid="spectrum-gear-mesh">
          {meshes.map((gmf, i) => {
            const on = shownMeshes.includes(i);
            const color = GEAR_MESH_COLORS[i % GEAR_MESH_COLORS.length];
            return (
              <Button
                key={i}
                size="small"
                type={on ? 'primary' : 'default'}
                style={on ? { background: color } : { color }}
                aria-pressed={on}
                onClick={() => toggleMesh(i)}
                title={t('gearMesh.title', { mesh: meshLabel(i), frequency: formatFrequency(gmf) })}
                data-testid={`spectrum-gear-mesh-${i + 1}`}
                data-frequency-hz={gmf}
              >
                {meshLabel(i)}
              </Button>
            );
          })}
        </Space.Compact>
      )}
      <Tooltip title={t('compare.tooltip', { max: COMPARE_BASKET_MAX })}>
        <Button size="small" icon={<PlusSquareOutlined />} onClick={addToCompare} data-testid="spectrum-compare">
          {t('compare.add')}
        </Button>
      </Tooltip>
    </>
  );

  const body = () => {
    if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (q.isError) return <Alert type="error" showIcon title={t('spectrumFailed')} description={q.error.message} />;
    if (!spectrum || !spectrum.x.length) return <Empty description={t('noData')} />;
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <SpectrumChart
          xHz={spectrum.x}
          y={spectrum.y}
          unit={spectrum.unit}
          amplitudeLabel={mode === 'velocity' ? t('vrms') : t('grms')}
          referenceFrequencyHz={referenceFrequencyHz}
          markers={markers}
          initialActiveHz={markHz}
          name={axis}
          toolbarExtra={controls}
        />
        <div style={{ marginTop: 8 }}>
          <TimeChart
            signalG={signal}
            samplingRateHz={samplingRateHz}
            name={axis}
            mini
            height={110}
            testIdPrefix="spectrum-time"
          />
        </div>
      </Suspense>
    );
  };

  return (
    <div
      data-testid="spectrum-panel"
      data-markers-hz={markers.map((m) => m.xs.join(' ')).join(',')}
      data-mark-hz={markHz ?? undefined}
    >
      {body()}
    </div>
  );
}
