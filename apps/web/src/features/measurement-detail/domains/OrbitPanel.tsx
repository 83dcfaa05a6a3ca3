import { useState } from 'react';
import { Alert, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { AXIS_KEYS, type AxisKey, type WindowName } from '@overtone/contract';
import { WindowSelect } from '../../../charts/WindowSelect';
import { FitSelect } from '../../../ui/FitSelect';
import { useChartTheme } from '../../../charts/chartTheme';
import { useOrbitQuery } from './analysisApi';
import { DomainBody } from './DomainBody';
import { PolarPlot } from './PolarPlot';
import { orbitEllipse, svgPath } from './polarGeometry';
import { ReferenceFrequencyInput } from './ReferenceFrequencyInput';
import { useReferenceFrequency } from './useReferenceFrequency';

interface Props {
  measurementId: string;
  /** Samples per axis in g (the measurement's `data`). */
  data: Record<string, number[]>;
  samplingRateHz: number;
  /** The axis chosen on the page: the first orbit axis by default. */
  axis: AxisKey;
  /** Names of the axes after the point's coordinate-axis mapping. */
  axisLabels: Record<AxisKey, string>;
  referenceFrequencyHz: number;
}

/** Largest number of single-revolution orbits drawn under the mean one. */
const MAX_REVOLUTIONS_DRAWN = 60;

/**
 * Orbit chart (spec 002 "Chart controls", Orbit): the filtered 1× orbit of two axes, per revolution
 * (thin) and of the mean vectors (thick). Two axis selectors, window and reference frequency; 0
 * shows the red hint and sends nothing.
 */
export function OrbitPanel({ measurementId, data, samplingRateHz, axis, axisLabels, referenceFrequencyHz }: Props) {
  const { t } = useTranslation('analysisDomains');
  const theme = useChartTheme();
  const withData = AXIS_KEYS.filter((k) => (data[k]?.length ?? 0) >= 2);
  const [first, setFirst] = useState<AxisKey>(axis);
  const [second, setSecond] = useState<AxisKey>(() => withData.find((k) => k !== axis) ?? axis);
  const [windowName, setWindowName] = useState<WindowName>('rectangular');
  const [reference, setReference] = useReferenceFrequency(referenceFrequencyHz);
  const q = useOrbitQuery({
    measurementId,
    axis: first,
    axis2: second,
    signal: data[first] ?? [],
    signal2: data[second] ?? [],
    samplingRateHz,
    window: windowName,
    referenceFrequencyHz: first === second ? 0 : reference,
  });
  const axisOptions = AXIS_KEYS.map((k) => ({ value: k, label: axisLabels[k], disabled: !withData.includes(k) }));

  let blocked;
  if (!(reference > 0)) blocked = <span />;
  else if (first === second) blocked = <Alert type="warning" showIcon title={t('orbit.sameAxis')} />;

  return (
    <Flex vertical gap={8} data-testid="orbit-panel" data-axes={`${first},${second}`}>
      <Flex gap={10} align="center" wrap>
        <FitSelect<AxisKey>
          size="small"
          value={first}
          onChange={setFirst}
          options={axisOptions}
          prefix={t('orbit.xAxis')}
          data-testid="orbit-axis-1"
        />
        <FitSelect<AxisKey>
          size="small"
          value={second}
          onChange={setSecond}
          options={axisOptions}
          prefix={t('orbit.yAxis')}
          data-testid="orbit-axis-2"
        />
        <WindowSelect value={windowName} onChange={setWindowName} testId="orbit-window" />
        <ReferenceFrequencyInput value={reference} onChange={setReference} max={samplingRateHz / 2} testId="orbit-reference" />
      </Flex>
      <DomainBody isPending={q.isPending} isFetching={q.isFetching} error={q.error} empty={!q.data?.r.length} blocked={blocked}>
        {() => {
          const d = q.data!;
          const n = Math.min(d.x.r.length, d.y.r.length);
          const step = Math.max(1, Math.ceil(n / MAX_REVOLUTIONS_DRAWN));
          const revs = Array.from({ length: Math.ceil(n / step) }, (_, k) => k * step);
          const max = Math.max(d.x.r_mean, d.y.r_mean, ...d.x.r, ...d.y.r);
          return (
            <Flex gap={16} wrap align="center">
              <PolarPlot
                max={max}
                unit={d.unit}
                angles={false}
                xLabel={axisLabels[first]}
                yLabel={axisLabels[second]}
                testId="orbit-chart"
              >
                {(toPx) => (
                  <g fill="none">
                    {revs.map((j) => (
                      <path
                        key={j}
                        d={svgPath(orbitEllipse(d.x.r[j], d.x.phase[j], d.y.r[j], d.y.phase[j]), toPx)}
                        stroke={theme.series}
                        strokeOpacity={0.3}
                      />
                    ))}
                    <path
                      d={svgPath(orbitEllipse(d.x.r_mean, d.x.phase_mean, d.y.r_mean, d.y.phase_mean), toPx)}
                      stroke={theme.peak}
                      strokeWidth={2.5}
                      data-testid="orbit-mean"
                    />
                  </g>
                )}
              </PolarPlot>
              <Descriptions
                size="small"
                column={1}
                bordered
                items={[
                  { key: 'rev', label: t('polar.revolutions'), children: n },
                  { key: 'major', label: t('orbit.major'), children: `${d.r_mean.toPrecision(4)} ${d.unit}` },
                  { key: 'angle', label: t('orbit.orientation'), children: `${d.phase_mean.toFixed(1)}°` },
                ]}
              />
            </Flex>
          );
        }}
      </DomainBody>
    </Flex>
  );
}
