/**
 * s3rver in a process of its own for the benches (apps/server/test/support/s3.ts), so that the
 * object store's CPU is not counted as the server's: sends `{ config }` on IPC once listening, stops
 * on `'stop'` or when the parent goes.
 */
import { startS3 } from '../apps/server/test/support/s3.ts';

const s3 = await startS3();
process.send!({ config: s3.config });
const stop = () => void s3.stop().finally(() => process.exit(0));
process.on('message', (m) => m === 'stop' && stop());
process.on('disconnect', stop);
