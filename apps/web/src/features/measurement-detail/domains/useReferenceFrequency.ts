import { useState } from 'react';

/**
 * The reference frequency of a polar or orbit chart: starts from the point's (or the page's RPM
 * input) and follows it when that changes; the user may type another one for this chart.
 */
export function useReferenceFrequency(fromPoint: number): [number, (hz: number) => void] {
  const [source, setSource] = useState(fromPoint);
  const [value, setValue] = useState(fromPoint);
  if (source !== fromPoint) {
    setSource(fromPoint);
    setValue(fromPoint);
  }
  return [value, setValue];
}
