/**
 * A stale tab after a new deployment (spec 000 §8: "a script chunk that fails or times out raises a
 * chunk-load error"): the old page asks for chunks the server no longer has. Vite signals it with a
 * `vite:preloadError` event on `window`; the page then reloads once, getting the new build. A
 * second failure within {@link RELOAD_GUARD_MS} is not reloaded again (the server may really be
 * down): the error goes on to the app's error handling.
 */
export const RELOAD_GUARD_MS = 60_000;
const KEY = 'overtone.chunkReloadAt';

interface Deps {
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

/**
 * Installs the handler.
 * @returns a function that removes it
 */
export function reloadOnChunkLoadError(deps: Partial<Deps> = {}): () => void {
  const target = deps.target ?? window;
  const storage = deps.storage ?? window.sessionStorage;
  const reload = deps.reload ?? (() => window.location.reload());
  const now = deps.now ?? Date.now;
  const onError = (event: Event) => {
    const last = Number(storage.getItem(KEY) ?? 0);
    if (now() - last < RELOAD_GUARD_MS) return; // reloaded a moment ago: let it fail visibly
    event.preventDefault(); // handled: Vite does not rethrow it
    storage.setItem(KEY, String(now()));
    reload();
  };
  target.addEventListener('vite:preloadError', onError);
  return () => target.removeEventListener('vite:preloadError', onError);
}
