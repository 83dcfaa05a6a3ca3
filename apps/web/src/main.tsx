import './features/login/captcha/startOnLogin'; // first: on /login the captcha's proof of work begins before the app's code runs
import './app/earlyReads'; // then a measurement's detail and waveform are asked for (issue 18)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage, loadLanguage } from './core/i18n';
import './app/global.css';
import { App } from './app/App';
import { routeCodeReady } from './app/routePrefetch';
import { reloadOnChunkLoadError } from './core/chunks/chunkReload';

reloadOnChunkLoadError();

/** Longest the first render waits for the address's code (a slow network: index.html's placeholder shows meanwhile), ms. */
const CODE_WAIT_MS = 1500;

/**
 * The first render waits for the language in use (its own chunk, core/i18n.ts): no raw keys are ever
 * shown. It also waits, at most {@link CODE_WAIT_MS}, for the code of the page at the address
 * (`routeCodeReady`: a first render that suspends on it delays the page by React's fallback
 * throttle). Until then the page shows index.html's placeholder, which React replaces. A failed load
 * (e.g. a chunk gone after a deployment, which reloads the page) still renders.
 */
void Promise.all([
  loadLanguage(currentLanguage()).catch(() => undefined),
  Promise.race([routeCodeReady(), new Promise((resolve) => setTimeout(resolve, CODE_WAIT_MS))]),
]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
