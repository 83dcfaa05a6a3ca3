import { lazy, Suspense, useState } from 'react';
import { Alert, Empty, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AxisKey, type WindowName } from '@overtone/contract';
import { useSpectrumQuery, type SpectrumMode } from './measurementApi';

import { WindowSelect } from '../../charts/WindowSelect';

const SpectrumChart = lazy(() => import('../../charts/SpectrumChart'));

interface Props {
  measurementId: string;
  axis: AxisKey;
  signal: number[];
  samplingRateHz: number;
  referenceFrequencyHz: number;
}

/** Spectrum of one axis: window and Grms/Vrms choose the server computation; the chart does the rest. */
export function SpectrumPanel({ measurementId, axis, signal, samplingRateHz, referenceFrequencyHz }: Props) {
  const { t } = useTranslation('charts');
  const [windowName, setWindowName] = useState<WindowName>('hanning');
  const [mode, setMode] = useState<SpectrumMode>('accelerometer');
  const q = useSpectrumQuery({ measurementId, axis, signal, samplingRateHz, window: windowName, mode, dcOffset: true });

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
    </>
  );

  if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (q.isError) return <Alert type="error" showIcon title={t('spectrumFailed')} description={q.error.message} />;
  if (!q.data.x.length) return <Empty description={t('noData')} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <SpectrumChart
        xHz={q.data.x}
        y={q.data.y}
        unit={q.data.unit}
        amplitudeLabel={mode === 'velocity' ? t('vrms') : t('grms')}
        referenceFrequencyHz={referenceFrequencyHz}
        name={axis}
        toolbarExtra={controls}
      />
    </Suspense>
  );
}
