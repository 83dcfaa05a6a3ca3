import { lazyPreloadable } from '../core/chunks/lazyPreloadable';

/**
 * The signal charts (uPlot), loaded on demand and shared by every panel that draws them: once one
 * panel or a preload (`preloadSignalChartCode`) has loaded a chart's code, the others render it
 * without suspending (core/chunks/lazyPreloadable.tsx).
 */
export const lazySpectrumChart = lazyPreloadable(() => import('./SpectrumChart'));
export const lazyTimeChart = lazyPreloadable(() => import('./TimeChart'));
