import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChallenge, verifySolution } from 'altcha-lib';
import { solveAltchaRange, type AltchaChallenge } from './altchaSolve';
import { CAPTCHA_CHALLENGE_URL, captchaFetch, earlyAnswer, resetEarlyCaptcha, startCaptchaEarly } from './earlyCaptcha';
import { installAltchaSolver } from './altchaWorker';

const hmacKey = 'early-test';

/** A solver worker run in this thread: the protocol of altcha.worker.ts over the same search. */
class InThreadWorker extends EventTarget {
  static created = 0;
  static terminated = 0;
  private stop = false;
  constructor() {
    super();
    InThreadWorker.created++;
  }
  postMessage(msg: { type: string; payload: AltchaChallenge; start: number; max: number }) {
    if (msg.type === 'abort') this.stop = true;
    if (msg.type !== 'work') return;
    void solveAltchaRange(msg.payload, msg.start, msg.max + 1, () => this.stop).then((n) =>
      this.dispatchEvent(new MessageEvent('message', { data: n === null ? null : { number: n, took: 1, worker: true } })),
    );
  }
  terminate() {
    InThreadWorker.terminated++;
    this.stop = true;
  }
}

/** The widget's side of the protocol (altcha 2.3 `ci`): workers made by the hook, the range split, the first answer kept. */
async function widgetSolve(c: AltchaChallenge & { maxnumber: number }, count = 2) {
  const workers = Array.from({ length: count }, () => globalThis.altchaCreateWorker!() as unknown as InThreadWorker);
  const per = Math.ceil(c.maxnumber / count);
  const answers = await Promise.all(
    workers.map(
      (w, i) =>
        new Promise<{ number: number } | null>((resolve) => {
          w.addEventListener('message', (ev) => resolve((ev as MessageEvent).data));
          w.postMessage({ type: 'work', payload: c, start: i * per, max: i * per + per });
        }),
    ),
  );
  workers.forEach((w) => w.terminate());
  return answers.find(Boolean) ?? null;
}

let challenges: Awaited<ReturnType<typeof createChallenge>>[] = [];
let served: string[] = [];

beforeEach(async () => {
  resetEarlyCaptcha();
  InThreadWorker.created = InThreadWorker.terminated = 0;
  challenges = [
    await createChallenge({ hmacKey, number: 31_000, maxNumber: 40_000 }),
    await createChallenge({ hmacKey, number: 2_500, maxNumber: 40_000 }),
  ];
  served = [];
  vi.stubGlobal('Worker', InThreadWorker);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      served.push(url);
      return new Response(JSON.stringify(challenges[served.length - 1]), { headers: { 'content-type': 'application/json' } });
    }),
  );
  installAltchaSolver();
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetEarlyCaptcha();
});

describe('the captcha started when the login page opens', () => {
  it('hands the widget its challenge once, and the number found for it without another search', async () => {
    startCaptchaEarly();
    startCaptchaEarly(); // once per page
    const first = await captchaFetch(`http://localhost${CAPTCHA_CHALLENGE_URL}`);
    const c = await first.json();
    expect(c.challenge).toBe(challenges[0]!.challenge);
    const early = InThreadWorker.created;
    expect(early).toBeGreaterThanOrEqual(1);

    const found = await widgetSolve(c);
    expect(found?.number).toBe(31_000);
    expect(InThreadWorker.created).toBe(early); // the widget's workers searched nothing
    const payload = btoa(JSON.stringify({ ...c, number: found!.number }));
    expect(await verifySolution(payload, hmacKey)).toBe(true);

    // a reset asks the server again, and the widget's workers search that one themselves
    const again = await (await captchaFetch(`http://localhost${CAPTCHA_CHALLENGE_URL}`)).json();
    expect(again.challenge).toBe(challenges[1]!.challenge);
    expect(served).toHaveLength(2);
    expect((await widgetSolve(again))?.number).toBe(2_500);
    expect(InThreadWorker.created).toBeGreaterThan(early);
  });

  it('answers only the worker whose range holds the number, and nothing for another challenge', async () => {
    startCaptchaEarly();
    await captchaFetch(CAPTCHA_CHALLENGE_URL);
    expect((await earlyAnswer(challenges[0]!.challenge, 20_000, 40_000))?.number).toBe(31_000);
    expect(await earlyAnswer(challenges[0]!.challenge, 0, 20_000)).toBeNull();
    expect(await earlyAnswer(challenges[1]!.challenge, 0, 40_000)).toBeUndefined();
    expect(InThreadWorker.terminated).toBe(InThreadWorker.created); // the early workers are gone
  });

  it('leaves the widget to fetch and solve when nothing was started or the server refused', async () => {
    expect(await earlyAnswer(challenges[0]!.challenge, 0, 40_000)).toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"no"}', { status: 429 })),
    );
    startCaptchaEarly();
    const r = await captchaFetch(CAPTCHA_CHALLENGE_URL);
    expect(r.status).toBe(429); // the widget sees the server's own answer
    expect(await earlyAnswer(challenges[0]!.challenge, 0, 40_000)).toBeUndefined();
    expect(InThreadWorker.terminated).toBe(InThreadWorker.created);
  });

  it('answers an abort that comes before the search with null, as the widget expects one message per work', async () => {
    const w = globalThis.altchaCreateWorker!() as unknown as InThreadWorker;
    const answer = new Promise((resolve) => w.addEventListener('message', (ev) => resolve((ev as MessageEvent).data)));
    w.postMessage({ type: 'work', payload: challenges[0]!, start: 0, max: 40_000 });
    w.postMessage({ type: 'abort' } as never);
    expect(await answer).toBeNull();
  });
});
