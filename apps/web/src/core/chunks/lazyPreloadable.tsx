import { lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component with the function that loads it. */
export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Loads the module (once; again after a failure); resolves when it is in. */
  preload: () => Promise<{ default: ComponentType<P> }>;
}

/**
 * `React.lazy` that does not suspend when its module is already loaded (preloaded, or rendered
 * before). A lazy component suspends at its first render even when its import has resolved, and
 * React then commits the content no sooner than 300 ms after the last Suspense fallback it showed
 * (react-dom's `FALLBACK_THROTTLE_MS`): a preloaded chart or page waited for that throttle, not for
 * its code (issue 18: the spectrum appears at once). Each mount decides once which one it renders,
 * so a mounted component is never swapped.
 * @param load the dynamic import, resolving to a module with the component as `default`
 */
export function lazyPreloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  function PreloadableComponent(props: P) {
    const [C] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <C {...props} />;
  }
  return { Component: PreloadableComponent, preload };
}
