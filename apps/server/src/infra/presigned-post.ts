import { createHmac, timingSafeEqual } from 'node:crypto';
import type { S3PresignedPost } from '@overtone/contract';
import { AppError } from './errors.ts';

/**
 * S3 browser-based uploads (presigned POST, AWS Signature Version 4), emulated by the server over the
 * local object storage (ARCHITECTURE.md "object storage"). The policy and its signature are exactly
 * S3's ("Creating a POST policy" and "Calculating a signature", Amazon S3 API reference, Browser-based
 * uploads using POST), so a client that uploads to S3 uploads here unchanged and an S3 store can
 * replace the emulation by signing with its own keys:
 * - the policy is a JSON document {expiration, conditions}, sent base64-encoded as `Policy`;
 * - the signature is hex HMAC-SHA256 of that base64 string under the SigV4 signing key derived from
 *   the secret, the credential's date, region 'local' and service 's3';
 * - every condition must hold, and every form field except `Policy`, `X-Amz-Signature`, `file` and
 *   `x-ignore-*` must be named by a condition (S3: "Extra input fields").
 */

/** Bucket name of the emulated store. */
export const LOCAL_BUCKET = 'overtone';
/** Region and access key id the emulation signs with. */
export const LOCAL_REGION = 'local';
export const LOCAL_ACCESS_KEY_ID = 'overtone-local';
const ALGORITHM = 'AWS4-HMAC-SHA256';

/** What one presigned POST allows. */
export interface PostPolicy {
  /** URL the form is posted to (the emulation's upload endpoint, or an S3 bucket URL). */
  url: string;
  /** The exact object key the form carries. */
  key: string;
  /** Every accepted key starts with this (the point's own prefix). */
  keyPrefix: string;
  /** `Content-Type` form field; the policy requires it to start with `contentTypePrefix`. */
  contentType: string;
  contentTypePrefix: string;
  /** Largest accepted file, bytes (content-length-range 1 … maxBytes). */
  maxBytes: number;
  /** Lifetime of the policy, s. */
  expiresInS: number;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** The SigV4 signing key of a date (YYYYMMDD) for S3 in `region` (AWS SigV4 "Deriving the signing key"). */
function signingKey(secret: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}

/** Hex SigV4 signature of a base64 POST policy. */
export function signPolicy(secret: string, policyBase64: string, date: string, region = LOCAL_REGION): string {
  return createHmac('sha256', signingKey(secret, date, region))
    .update(policyBase64, 'utf8')
    .digest('hex');
}

/** `YYYYMMDDTHHMMSSZ` of a time. */
const amzDate = (t: Date) =>
  t
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * A presigned POST for one object: the URL and the form fields to post with the file (`file` last).
 * @param secret the store's secret access key (Secrets.storageKey for the emulation)
 * @param now signing time (tests); default now
 */
export function createPresignedPost(secret: string, p: PostPolicy, now = new Date()): S3PresignedPost {
  const date = amzDate(now);
  const credential = `${LOCAL_ACCESS_KEY_ID}/${date.slice(0, 8)}/${LOCAL_REGION}/s3/aws4_request`;
  const policy = {
    expiration: new Date(now.getTime() + p.expiresInS * 1000).toISOString(),
    conditions: [
      { bucket: LOCAL_BUCKET },
      ['starts-with', '$key', p.keyPrefix],
      ['starts-with', '$Content-Type', p.contentTypePrefix],
      ['content-length-range', 1, p.maxBytes],
      { 'x-amz-algorithm': ALGORITHM },
      { 'x-amz-credential': credential },
      { 'x-amz-date': date },
    ],
  };
  const policyBase64 = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return {
    url: p.url,
    fields: {
      bucket: LOCAL_BUCKET,
      key: p.key,
      'Content-Type': p.contentType,
      'X-Amz-Algorithm': ALGORITHM,
      'X-Amz-Credential': credential,
      'X-Amz-Date': date,
      Policy: policyBase64,
      'X-Amz-Signature': signPolicy(secret, policyBase64, date.slice(0, 8)),
    },
  };
}

/** An upload the policy allowed: its key and content type (form fields). */
export interface VerifiedUpload {
  key: string;
  contentType: string;
}

const denied = (): never => {
  throw new AppError('FORBIDDEN');
};

/**
 * Checks a posted form against its policy as S3 does: algorithm, credential, signature (constant
 * time), expiry, every condition (exact, `starts-with`, `content-length-range`), and no field that
 * no condition names. Field names are compared case-insensitively (`key` included).
 * @param fields the form fields before the file part
 * @param fileBytes size of the file part, bytes
 * @throws AppError FORBIDDEN (403, S3's AccessDenied) on any violation
 */
export function verifyPresignedPost(
  secret: string,
  fields: Record<string, string>,
  fileBytes: number,
  now = new Date(),
): VerifiedUpload {
  const f = new Map(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
  const policyBase64 = f.get('policy');
  const signature = f.get('x-amz-signature');
  const credential = f.get('x-amz-credential');
  if (!policyBase64 || !signature || !credential || f.get('x-amz-algorithm') !== ALGORITHM) return denied();
  const [accessKey, date, region, service, terminal] = credential.split('/');
  if (accessKey !== LOCAL_ACCESS_KEY_ID || !date || !/^\d{8}$/.test(date) || region !== LOCAL_REGION) return denied();
  if (service !== 's3' || terminal !== 'aws4_request') return denied();
  const expected = Buffer.from(signPolicy(secret, policyBase64, date, region), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return denied();

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as typeof policy;
  } catch {
    return denied();
  }
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (!Number.isFinite(expiration) || now.getTime() > expiration) return denied();
  if (!Array.isArray(policy.conditions)) return denied();

  const covered = new Set(['policy', 'x-amz-signature', 'file']);
  const field = (name: string) => (name === 'bucket' ? LOCAL_BUCKET : f.get(name));
  for (const c of policy.conditions as unknown[]) {
    if (Array.isArray(c)) {
      const [op, a, b] = c as unknown[];
      if (op === 'content-length-range') {
        if (typeof a !== 'number' || typeof b !== 'number' || fileBytes < a || fileBytes > b) return denied();
        continue;
      }
      if (typeof a !== 'string' || !a.startsWith('$') || typeof b !== 'string') return denied();
      const name = a.slice(1).toLowerCase();
      const value = field(name);
      covered.add(name);
      if (value === undefined) return denied();
      if (op === 'eq' ? value !== b : op === 'starts-with' ? !value.startsWith(b) : true) return denied();
    } else if (c && typeof c === 'object') {
      for (const [k, v] of Object.entries(c as Record<string, unknown>)) {
        const name = k.toLowerCase();
        covered.add(name);
        if (field(name) !== v) return denied();
      }
    } else return denied();
  }
  for (const name of f.keys()) if (!covered.has(name) && !name.startsWith('x-ignore-')) return denied();
  const key = f.get('key');
  if (!key) return denied();
  return { key, contentType: f.get('content-type') ?? 'application/octet-stream' };
}
