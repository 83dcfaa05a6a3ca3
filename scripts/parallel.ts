import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A command to run from the repository's root, and the label its result is printed and kept under. */
export interface LabelledCommand {
  label: string;
  cmd: string;
  args: string[];
}

/** Runs a command with its output kept, resolving to whether it succeeded and what it printed. */
export const run = (cmd: string, args: string[]) =>
  new Promise<{ ok: boolean; output: string }>((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (e) => resolve({ ok: false, output: output + String(e) }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });

/**
 * Runs the commands `lanes` at a time, first come first served; prints each one's output when it
 * ends (so outputs never interleave). Resolves to each label's success.
 */
export async function parallel(commands: LabelledCommand[], lanes = os.availableParallelism()) {
  const queue = [...commands];
  const results = new Map<string, boolean>();
  await Promise.all(
    Array.from({ length: Math.min(lanes, queue.length) }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        const r = await run(c.cmd, c.args);
        console.log(`${r.ok ? '  ok' : '  FAILED'} ${c.label}${r.output.trim() ? `\n${r.output.trimEnd()}` : ''}`);
        results.set(c.label, r.ok);
      }
    }),
  );
  return results;
}
