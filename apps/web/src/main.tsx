import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n';
import './app/global.css';
import { App } from './app/App';
import { reloadOnChunkLoadError } from './app/chunks/chunkReload';

reloadOnChunkLoadError();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
