import type { AxisKey } from '@overtone/contract';

/** What every domain panel gets from the measurement detail: the samples are not fetched again. */
export interface DomainProps {
  measurementId: string;
  axis: AxisKey;
  /** Samples of `axis` in g. */
  signal: number[];
  samplingRateHz: number;
}
