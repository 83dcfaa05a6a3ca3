import { sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** An ALTCHA challenge as the widget hands it to a solver (altcha-lib `createChallenge`). */
export interface AltchaChallenge {
  /** 'SHA-256' (ours), 'SHA-1', 'SHA-384' or 'SHA-512' */
  algorithm: string;
  /** hex digest of `salt + number` */
  challenge: string;
  salt: string;
}

const HASHES = { 'SHA-1': sha1, 'SHA-256': sha256, 'SHA-384': sha384, 'SHA-512': sha512 } as const;

/**
 * Searches `[start, end)` of an ALTCHA proof of work: the number `n` with
 * `hex(H(salt + String(n))) === challenge` (ALTCHA's protocol, https://altcha.org/docs/proof-of-work).
 *
 * The widget's own solver awaits one Web Crypto digest per number, a promise per hash; this one
 * hashes synchronously with @noble/hashes (audited, constant work per call) and compares bytes, not
 * hex text, so the same search takes a fraction of the time (issue 18: the login page is usable
 * before a user could fill it in). The difficulty the server sets is unchanged: the work is the same
 * count of hashes, done faster, as a bot's native solver already does it.
 *
 * @param c the challenge (algorithm, challenge, salt)
 * @param start first number tried (≥ 0)
 * @param end one past the last number tried
 * @param shouldStop asked every {@link SLICE} numbers; `true` ends the search with `null`
 * @returns the number found, `null` if it is not in the range or the search was stopped
 * @throws Error for an algorithm other than SHA-1, SHA-256, SHA-384, SHA-512 or a challenge that is not hex
 */
export async function solveAltchaRange(
  c: AltchaChallenge,
  start: number,
  end: number,
  shouldStop: () => boolean | Promise<boolean> = () => false,
): Promise<number | null> {
  const hash = HASHES[c.algorithm.toUpperCase() as keyof typeof HASHES];
  if (!hash) throw new Error(`unsupported ALTCHA algorithm ${c.algorithm}`);
  const target = hexToBytes(c.challenge.toLowerCase());
  const prefix = hash.create().update(utf8ToBytes(c.salt));
  // One hash state, digit buffer and digest reused for every number (`_cloneInto`, `digestInto`:
  // the Hash interface's allocation-free forms), which more than halves the time per number.
  const state = hash.create();
  const digits = new Uint8Array(16);
  const digest = new Uint8Array(state.outputLen);
  for (let slice = start; slice < end; slice += SLICE) {
    if (await shouldStop()) return null;
    const last = Math.min(end, slice + SLICE);
    for (let n = slice; n < last; n++) {
      const text = String(n);
      for (let i = 0; i < text.length; i++) digits[i] = text.charCodeAt(i); // ASCII digits
      prefix._cloneInto(state).update(digits.subarray(0, text.length)).digestInto(digest);
      if (equalBytes(digest, target)) return n;
    }
  }
  return null;
}

/** Numbers hashed between two looks at `shouldStop` (a few milliseconds of work). */
export const SLICE = 4096;

function equalBytes(a: Uint8Array, b: Uint8Array) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
