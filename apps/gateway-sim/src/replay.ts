/**
 * What another package may use of how the simulated plant replays its recordings (the package
 * export `@overtone/gateway-sim/replay`): the server's demo history (apps/server/src/jobs/
 * seed-demo-history.ts) cuts its synthetic measurements exactly as the simulator does.
 */
export { loadRecording, Recording } from './recordings.ts';
export { chooseDecimation } from './device.ts';
