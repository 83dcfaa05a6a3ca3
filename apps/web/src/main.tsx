import './features/login/captcha/startOnLogin'; // first: on /login the captcha's proof of work begins before the app's code runs
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage, loadLanguage } from './core/i18n';
import './app/global.css';
import { App } from './app/App';
import { reloadOnChunkLoadError } from './core/chunks/chunkReload';

reloadOnChunkLoadError();

/**
 * The first render waits for the language in use (its own chunk, core/i18n.ts): no raw keys are ever
 * shown. Until then the page shows index.html's placeholder, which React replaces. A failed load
 * (e.g. a chunk gone after a deployment, which reloads the page) still renders.
 */
void loadLanguage(currentLanguage())
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
