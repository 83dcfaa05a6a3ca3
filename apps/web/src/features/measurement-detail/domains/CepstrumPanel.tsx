import { useState } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WindowName } from '@overtone/contract';
import { WindowSelect } from '../../../charts/WindowSelect';
import { useCepstrumQuery } from './analysisApi';
import { DomainBody } from './DomainBody';
import { LineChart } from './LineChart';
import type { DomainProps } from './types';

/**
 * Real cepstrum of the axis (spec 002 "Chart controls": cepstrum chart): families of harmonics and
 * sidebands show as rahmonics at 1/spacing. Window choice; quefrency axis in ms.
 */
export function CepstrumPanel(props: DomainProps) {
  const { t } = useTranslation('analysisDomains');
  const [windowName, setWindowName] = useState<WindowName>('hanning');
  const q = useCepstrumQuery({ ...props, window: windowName });
  return (
    <Flex vertical gap={8} data-testid="cepstrum-panel">
      <Flex gap={10} align="center" wrap>
        <WindowSelect value={windowName} onChange={setWindowName} testId="cepstrum-window" />
      </Flex>
      <DomainBody isPending={q.isPending} isFetching={q.isFetching} error={q.error} empty={!q.data?.x.length}>
        {() => (
          <LineChart
            x={q.data!.x}
            y={q.data!.y}
            xLabel={t('cepstrum.quefrency')}
            yLabel={t('cepstrum.amplitude')}
            seriesLabel={t('cepstrum.series')}
            xFactor={1000}
            testId="cepstrum-chart"
          />
        )}
      </DomainBody>
    </Flex>
  );
}
