// Piscina worker entry: registers tsx so the TypeScript DSP tasks load in any host process
// (the server under `node --import tsx`, or a test runner), then runs one task per call.
import { register } from 'tsx/esm/api';

register();
const { runDspTask } = await import('./dsp-tasks.ts');

export default function run(task) {
  return runDspTask(task);
}
