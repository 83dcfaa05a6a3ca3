import { useCallback, useState } from 'react';
import { Alert, Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { NFFT_OPTIONS, type WindowName } from '@overtone/contract';
import { WindowSelect } from '../../../charts/WindowSelect';
import { FitSelect } from '../../../ui/FitSelect';
import { useSpectrogramQuery } from './analysisApi';
import { DomainBody } from './DomainBody';
import { HeatMapCanvas } from './HeatMapCanvas';
import type { HeatScale } from './heatMap';
import type { DomainProps } from './types';

/** Default segment length of the spectrogram, samples (the contract's default). */
export const DEFAULT_NFFT = 1024;

/**
 * Spectrogram of the axis (spec 002 "Chart controls"; §9 NFFT 256…16384): a heat map of the RMS
 * amplitude per segment and frequency, with window, NFFT and linear/dB colour scale. An NFFT
 * longer than the signal is disabled.
 */
export function SpectrogramPanel(props: DomainProps) {
  const { t } = useTranslation('analysisDomains');
  const [windowName, setWindowName] = useState<WindowName>('hanning');
  const n = props.signal.length;
  const [nfft, setNfft] = useState<number>(() =>
    DEFAULT_NFFT <= n ? DEFAULT_NFFT : (NFFT_OPTIONS.filter((o) => o <= n).at(-1) ?? DEFAULT_NFFT),
  );
  const [scale, setScale] = useState<HeatScale>('log');
  const q = useSpectrogramQuery({ ...props, window: windowName, nfft });
  const readout = useCallback(
    (time: number, frequency: number, value: string) =>
      t('spectrogram.readout', { time: time.toFixed(3), frequency: frequency.toFixed(1), value }),
    [t],
  );
  const unit = q.data?.unit ?? 'g';

  return (
    <Flex vertical gap={8} data-testid="spectrogram-panel" data-nfft={nfft}>
      <Flex gap={10} align="center" wrap>
        <WindowSelect value={windowName} onChange={setWindowName} testId="spectrogram-window" />
        <FitSelect<number>
          size="small"
          value={nfft}
          onChange={setNfft}
          prefix={t('spectrogram.nfft')}
          options={NFFT_OPTIONS.map((o) => ({ value: o, label: String(o), disabled: o > n }))}
          data-testid="spectrogram-nfft"
        />
        <Segmented<HeatScale>
          size="small"
          value={scale}
          onChange={setScale}
          options={[
            { value: 'linear', label: t('scale.linear') },
            { value: 'log', label: t('scale.log') },
          ]}
          data-testid="spectrogram-scale"
        />
      </Flex>
      <DomainBody
        isPending={q.isPending}
        isFetching={q.isFetching}
        error={q.error}
        empty={!q.data?.t.length || !q.data.f.length}
        blocked={nfft > n ? <Alert type="warning" showIcon title={t('spectrogram.tooShort', { n })} /> : undefined}
      >
        {() => (
          <HeatMapCanvas
            f={q.data!.f}
            t={q.data!.t}
            sxx={q.data!.sxx}
            unit={unit}
            scale={scale}
            xLabel={t('spectrogram.time')}
            yLabel={t('spectrogram.frequency')}
            colorLabel={scale === 'log' ? t('spectrogram.db', { unit }) : unit}
            readout={readout}
            testId="spectrogram-chart"
          />
        )}
      </DomainBody>
    </Flex>
  );
}
