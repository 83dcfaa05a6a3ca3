// Worker entry of the embedded database thread (pglite-thread.ts): registers tsx so the TypeScript
// host loads in any host process (the server under `node --import tsx`, or a test runner).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread-host.ts');
