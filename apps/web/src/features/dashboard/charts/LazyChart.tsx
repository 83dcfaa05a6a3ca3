import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { ChartProps } from './chartTypes';

/** ECharts' chunk, fetched the first time a dashboard chart is drawn. */
const EChart = lazy(() => import('./EChart'));

/** A dashboard chart: a skeleton of the same height while ECharts' chunk loads. */
export function LazyChart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height }} />}>
      <EChart {...props} />
    </Suspense>
  );
}
