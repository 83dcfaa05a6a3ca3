import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForListener } from './net.ts';

/** Debian's mosquitto 2 (package `mosquitto`; `scripts/test.ts` installs it when missing). */
export const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';
export const MOSQUITTO_CTRL = process.env.MOSQUITTO_CTRL_PATH ?? '/usr/bin/mosquitto_ctrl';
/** The dynamic-security plugin of Debian's package (multiarch path of the running machine). */
export const DYNSEC_PLUGIN =
  process.env.MOSQUITTO_DYNSEC_PLUGIN ??
  ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib']
    .map((d) => path.join(d, 'mosquitto_dynamic_security.so'))
    .find((f) => fs.existsSync(f)) ??
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

const randomPassword = () => `pw-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

/** Why mosquitto cannot run here (a missing file), or null when it can. */
export function mosquittoMissing(): string | null {
  for (const f of [MOSQUITTO, MOSQUITTO_CTRL, DYNSEC_PLUGIN])
    if (!fs.existsSync(f)) return `${f} is missing (apt-get install mosquitto)`;
  return null;
}

/** A running test broker with the dynamic-security plugin and its admin client. */
export interface TestMosquitto {
  /** `mqtt://127.0.0.1:<port>` without credentials */
  url: string;
  port: number;
  /** dynamic-security admin (created by `mosquitto_ctrl dynsec init`) */
  adminUser: string;
  adminPassword: string;
  /** `mqtt://<admin>:<password>@127.0.0.1:<port>`: the MQTT_URL form the server is given */
  adminUrl: string;
  /** the broker's temporary directory (mosquitto.conf, dynamic-security.json, log) */
  dir: string;
  /** everything the broker logged so far */
  log(): string;
  /**
   * Creates another user with the plugin's `admin` role, as docs/operations.md tells the operator for
   * each further server instance (client ids are usernames), through `mosquitto_ctrl` as the admin:
   * call it before a server connects as the admin (that connection would be taken over).
   * @returns its `mqtt://user:password@…` URL
   */
  addAdmin(user: string): string;
  /**
   * Runs `mosquitto_ctrl dynsec <args>` as the admin (same caveat as {@link addAdmin}).
   * @throws Error with the tool's output when it fails
   */
  dynsec(...args: string[]): void;
  /** SIGTERM, wait for the exit (SIGKILL after 5 s), remove the directory */
  stop(): Promise<void>;
}

/**
 * Starts a real mosquitto 2 on a free loopback port, in a temporary directory, configured as
 * docs/operations.md "External MQTT broker (Mosquitto 2)" tells the operator: no anonymous clients,
 * global settings, the dynamic-security plugin with a config file created by
 * `mosquitto_ctrl dynsec init <file> <admin> <password>`, client ids replaced by usernames.
 * @throws Error when the binary is missing (see {@link mosquittoMissing}) or the broker does not start
 */
export async function startMosquitto(): Promise<TestMosquitto> {
  const missing = mosquittoMissing();
  if (missing) throw new Error(missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-mosquitto-'));
  const adminUser = 'overtone';
  const adminPassword = randomPassword();
  const dynsecFile = path.join(dir, 'dynamic-security.json');
  const init = spawnSync(MOSQUITTO_CTRL, ['dynsec', 'init', dynsecFile, adminUser, adminPassword], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`mosquitto_ctrl dynsec init failed: ${init.stderr}${init.stdout}`);
  const port = await freePort();
  const conf = [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    'per_listener_settings false',
    'use_username_as_clientid true',
    'persistence false',
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    'log_type notice',
    `plugin ${DYNSEC_PLUGIN}`,
    `plugin_opt_config_file ${dynsecFile}`,
    // Started as root (CI containers), mosquitto would switch to the `mosquitto` user, which cannot
    // write the plugin's file in our temporary directory: stay the user we are.
    ...(process.getuid?.() === 0 ? ['user root'] : []),
    '',
  ].join('\n');
  const confFile = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(confFile, conf);
  let output = '';
  const proc = spawn(MOSQUITTO, ['-c', confFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForListener('mosquitto', port, proc, 10_000, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  const url = `mqtt://127.0.0.1:${port}`;
  const ctrl = (...args: string[]) => {
    const r = spawnSync(
      MOSQUITTO_CTRL,
      ['-h', '127.0.0.1', '-p', String(port), '-u', adminUser, '-P', adminPassword, 'dynsec', ...args],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`mosquitto_ctrl dynsec ${args[0]} failed: ${r.stderr}${r.stdout}`);
  };
  return {
    url,
    port,
    adminUser,
    adminPassword,
    adminUrl: `mqtt://${encodeURIComponent(adminUser)}:${encodeURIComponent(adminPassword)}@127.0.0.1:${port}`,
    dir,
    log: () => output,
    dynsec: ctrl,
    addAdmin(user) {
      const password = randomPassword();
      ctrl('createClient', user, '-p', password);
      ctrl('addClientRole', user, 'admin');
      return `mqtt://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    },
    stop,
  };
}
