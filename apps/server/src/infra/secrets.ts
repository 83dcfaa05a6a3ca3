import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Keys that must survive restarts and be shared by every instance (env wins over the file). */
export interface Secrets {
  /** HMAC key of ALTCHA challenges. */
  captchaKey: string;
  /** HMAC key of signed broker WebSocket URLs. */
  liveUrlKey: string;
  /** Password of the server's own MQTT client on the embedded broker. */
  brokerServerPassword: string;
  /** Secret access key of the emulated object store: signs presigned POST policies and image GET URLs. */
  storageKey: string;
}

/** Reads `dataDir/secrets.json`, creating it with random keys on first start. */
export function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8'));
  const secrets: Secrets = {
    captchaKey: stored.captchaKey ?? randomBytes(32).toString('hex'),
    liveUrlKey: stored.liveUrlKey ?? randomBytes(32).toString('hex'),
    brokerServerPassword: stored.brokerServerPassword ?? randomBytes(24).toString('hex'),
    storageKey: stored.storageKey ?? randomBytes(32).toString('hex'),
  };
  if (JSON.stringify(stored) !== JSON.stringify(secrets)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return {
    captchaKey: env.CAPTCHA_HMAC_KEY || secrets.captchaKey,
    liveUrlKey: env.LIVE_URL_KEY || secrets.liveUrlKey,
    brokerServerPassword: secrets.brokerServerPassword,
    storageKey: env.STORAGE_HMAC_KEY || secrets.storageKey,
  };
}
