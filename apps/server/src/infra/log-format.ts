import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

/**
 * A stream for the server's logger that prints one readable line per record
 * (`2026-01-01T10:00:00.000Z info  measurement stored measurement=… outcome=persisted`) instead of
 * pino's JSON, for a person watching `npm start`. `LOG_FORMAT=json` keeps JSON (for log shippers).
 */
export function humanLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          const r = JSON.parse(line) as Record<string, unknown>;
          const fields = Object.entries(r)
            .filter(([k]) => !SKIP.has(k))
            .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
            .join(' ');
          const time = new Date(Number(r.time)).toISOString();
          out.write(
            `${time} ${(LEVELS[Number(r.level)] ?? String(r.level)).padEnd(5)} ${String(r.msg ?? '')}${fields ? ' ' + fields : ''}\n`,
          );
        } catch {
          out.write(line + '\n');
        }
      }
      done();
    },
  });
}
