import { useState } from 'react';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { LAG_SIZES, type WindowName } from '@overtone/contract';
import { WindowSelect } from '../../../charts/WindowSelect';
import { FitSelect } from '../../../ui/FitSelect';
import { useAutoCorrelationQuery } from './analysisApi';
import { DomainBody } from './DomainBody';
import { LineChart } from './LineChart';
import type { DomainProps } from './types';

/** Default lag size (spec 002 §9: 1024). */
export const DEFAULT_LAG_SIZE = 1024;
const CORRELATION_RANGE: [number, number] = [-1, 1];

/**
 * Normalised autocorrelation of the axis (spec 002 "Chart controls", Autocorrelation): window and
 * lag size (256…9192, default 1024); the lag axis in ms. Lag sizes not below the sample count are disabled.
 */
export function AutoCorrelationPanel(props: DomainProps) {
  const { t } = useTranslation('analysisDomains');
  const [windowName, setWindowName] = useState<WindowName>('rectangular');
  const [lagSize, setLagSize] = useState<number>(DEFAULT_LAG_SIZE);
  const n = props.signal.length;
  const q = useAutoCorrelationQuery({ ...props, window: windowName, lagSize });
  return (
    <Flex vertical gap={8} data-testid="autocorrelation-panel" data-lag-size={lagSize}>
      <Flex gap={10} align="center" wrap>
        <WindowSelect value={windowName} onChange={setWindowName} testId="autocorrelation-window" />
        <FitSelect<number>
          size="small"
          value={lagSize}
          onChange={setLagSize}
          prefix={t('autoCorrelation.lagSize')}
          options={LAG_SIZES.map((l) => ({ value: l, label: String(l), disabled: l >= n }))}
          data-testid="autocorrelation-lag"
        />
      </Flex>
      <DomainBody
        isPending={q.isPending}
        isFetching={q.isFetching}
        error={q.error}
        empty={!q.data?.r.length}
        blocked={lagSize >= n ? <Alert type="warning" showIcon title={t('autoCorrelation.tooShort', { n })} /> : undefined}
      >
        {() => (
          <LineChart
            x={q.data!.lags}
            y={q.data!.r}
            xLabel={t('autoCorrelation.lag')}
            yLabel={t('autoCorrelation.coefficient')}
            seriesLabel={t('autoCorrelation.series')}
            xFactor={1000 / props.samplingRateHz}
            xDecimals={2}
            yRange={CORRELATION_RANGE}
            testId="autocorrelation-chart"
          />
        )}
      </DomainBody>
    </Flex>
  );
}
