import { lazyPreloadable } from '../core/chunks/lazyPreloadable';
import { loadAppTexts } from '../core/i18n';

/** A screen's chunk together with the texts of the screens behind the login (core/i18n.ts). */
export const withAppTexts = <T>(chunk: Promise<T>): Promise<T> => Promise.all([chunk, loadAppTexts()]).then(([m]) => m);

/*
 * The screens behind the login that app/routePrefetch.ts loads before the first render, when the
 * address is theirs: preloaded, they render without suspending (chunks/lazyPreloadable.tsx).
 */
/** The shell (menus, tree, live notifications): every page behind the login. */
export const mainShellChunk = lazyPreloadable<object>(() =>
  withAppTexts(import('./shell/MainShell')).then((m) => ({ default: m.MainShell })),
);
/** The measurement page brings uPlot and the chart code. */
export const measurementDetailChunk = lazyPreloadable(() =>
  withAppTexts(import('../features/measurement-detail/MeasurementDetailPage')),
);
