import { warmUpDomains } from './domains/domainClient';
import { preloadSignalChartCode } from './SpectrumPanel';

/**
 * Starts the measurement page's DSP worker and loads its charts' code while the measurement is still
 * on its way (issue 18: the spectrum appears at once): called by the page when it mounts, and before
 * that by app/routePrefetch.ts when the app opens on a measurement's address. Repeating it is harmless.
 * @returns a promise that settles (never rejects) when the charts' code is in or failed
 */
export function warmUpMeasurementPage(): Promise<void> {
  warmUpDomains();
  return preloadSignalChartCode();
}
