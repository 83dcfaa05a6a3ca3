import { useState } from 'react';
import { Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WindowName } from '@overtone/contract';
import { WindowSelect } from '../../../charts/WindowSelect';
import { useChartTheme } from '../../../charts/chartTheme';
import { usePolarQuery } from './analysisApi';
import { DomainBody } from './DomainBody';
import { PolarPlot } from './PolarPlot';
import { polarToXY } from './polarGeometry';
import { ReferenceFrequencyInput } from './ReferenceFrequencyInput';
import type { DomainProps } from './types';
import { useReferenceFrequency } from './useReferenceFrequency';

interface Props extends DomainProps {
  /** Running speed of the point, Hz (0 when unknown): the default reference frequency. */
  referenceFrequencyHz: number;
}

/**
 * Polar chart of the axis (spec 002 "Chart controls"): the 1× vector (peak amplitude, phase) of
 * every revolution at the reference frequency, and their vector mean. Window (rectangular by
 * default: docs/dsp.md) and reference frequency; 0 shows the red hint and sends nothing.
 */
export function PolarPanel({ referenceFrequencyHz, ...props }: Props) {
  const { t } = useTranslation('analysisDomains');
  const theme = useChartTheme();
  const [windowName, setWindowName] = useState<WindowName>('rectangular');
  const [reference, setReference] = useReferenceFrequency(referenceFrequencyHz);
  const q = usePolarQuery({ ...props, window: windowName, referenceFrequencyHz: reference });

  return (
    <Flex vertical gap={8} data-testid="polar-panel">
      <Flex gap={10} align="center" wrap>
        <WindowSelect value={windowName} onChange={setWindowName} testId="polar-window" />
        <ReferenceFrequencyInput
          value={reference}
          onChange={setReference}
          max={props.samplingRateHz / 2}
          testId="polar-reference"
        />
      </Flex>
      <DomainBody
        isPending={q.isPending}
        isFetching={q.isFetching}
        error={q.error}
        empty={!q.data?.r.length}
        blocked={reference > 0 ? undefined : <span />}
      >
        {() => {
          const d = q.data!;
          const max = Math.max(d.r_mean, ...d.r);
          const [mx, my] = polarToXY(d.r_mean, d.phase_mean);
          return (
            <Flex gap={16} wrap align="center">
              <PolarPlot max={max} unit={d.unit} testId="polar-chart">
                {(toPx) => {
                  const [ox, oy] = toPx([0, 0]);
                  const [ex, ey] = toPx([mx, my]);
                  return (
                    <g>
                      {d.r.map((r, j) => {
                        const [x, y] = toPx(polarToXY(r, d.phase[j]));
                        return (
                          <circle
                            key={j}
                            cx={x}
                            cy={y}
                            r={3}
                            fill={theme.series}
                            fillOpacity={0.55}
                            data-testid="polar-revolution"
                          />
                        );
                      })}
                      <line x1={ox} y1={oy} x2={ex} y2={ey} stroke={theme.peak} strokeWidth={2.5} data-testid="polar-mean" />
                      <circle cx={ex} cy={ey} r={4} fill={theme.peak} />
                    </g>
                  );
                }}
              </PolarPlot>
              <Descriptions
                size="small"
                column={1}
                bordered
                items={[
                  { key: 'rev', label: t('polar.revolutions'), children: d.r.length },
                  { key: 'r', label: t('polar.meanAmplitude'), children: `${d.r_mean.toPrecision(4)} ${d.unit}` },
                  { key: 'phase', label: t('polar.meanPhase'), children: `${d.phase_mean.toFixed(1)}°` },
                ]}
              />
            </Flex>
          );
        }}
      </DomainBody>
    </Flex>
  );
}
