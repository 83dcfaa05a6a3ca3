import { describe, expect, it } from 'vitest';
import { createChallenge, verifySolution } from 'altcha-lib';
import { SLICE, solveAltchaRange } from './altchaSolve';

const hmacKey = 'test-key';

describe('solveAltchaRange', () => {
  it('finds the number of a challenge made by altcha-lib, and the server accepts the payload', async () => {
    const c = await createChallenge({ hmacKey, number: 12_345, maxNumber: 20_000 });
    const number = await solveAltchaRange(c, 0, 20_001);
    expect(number).toBe(12_345);
    const payload = btoa(
      JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature }),
    );
    expect(await verifySolution(payload, hmacKey)).toBe(true);
  });

  it('splits as the widget does: the worker whose range holds the number finds it, the other returns null', async () => {
    const c = await createChallenge({ hmacKey, number: 7_001, maxNumber: 10_000 });
    expect(await solveAltchaRange(c, 0, 5_000)).toBeNull();
    expect(await solveAltchaRange(c, 5_000, 10_001)).toBe(7_001);
  });

  it('answers SHA-1 and SHA-512 challenges too, and 0 and the last number of the range', async () => {
    for (const algorithm of ['SHA-1', 'SHA-512'] as const) {
      const c = await createChallenge({ hmacKey, algorithm, number: 0, maxNumber: 10 });
      expect(await solveAltchaRange(c, 0, 11)).toBe(0);
    }
    const last = await createChallenge({ hmacKey, number: 999, maxNumber: 999 });
    expect(await solveAltchaRange(last, 0, 1_000)).toBe(999);
    expect(await solveAltchaRange(last, 0, 999)).toBeNull();
  });

  it('stops between slices when asked, without finding a number beyond the first slice', async () => {
    const c = await createChallenge({ hmacKey, number: 3 * SLICE + 5, maxNumber: 4 * SLICE });
    let asked = 0;
    const found = await solveAltchaRange(c, 0, 4 * SLICE, () => ++asked > 1);
    expect(found).toBeNull();
    expect(asked).toBe(2);
  });

  it('refuses an algorithm it does not know', async () => {
    await expect(solveAltchaRange({ algorithm: 'MD5', challenge: 'ab', salt: 's' }, 0, 1)).rejects.toThrow(/MD5/);
  });
});
