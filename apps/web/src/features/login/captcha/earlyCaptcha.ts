/**
 * The login page's proof of work, started when the page opens rather than when the form is drawn
 * (issue 18: the captcha is solved while the app's code still loads, so the page is usable as soon
 * as the form shows). On /login, {@link startCaptchaEarly} runs before anything else (startOnLogin.ts,
 * main.tsx's first import): it fetches a challenge and solves it in workers at once. The ALTCHA widget then gets that challenge
 * from its `customfetch` ({@link captchaFetch}, once) and, through the worker hook
 * (altchaWorker.ts), the number already found instead of searching again. Anything else (a reset, an
 * expired challenge, another page) goes to the server and the workers as usual.
 *
 * This module is part of the entry chunk: it holds no solver (that is the worker's chunk).
 */

/** Path of the ALTCHA proof-of-work challenge (contract: `GET /auth/captcha`). */
export const CAPTCHA_CHALLENGE_URL = '/api/auth/captcha';

/** The challenge fields a solver needs, as the server sends them (altcha-lib `createChallenge`). */
interface ChallengeFields {
  algorithm: string;
  challenge: string;
  salt: string;
  maxnumber?: number;
  maxNumber?: number;
}

/** What a solver worker answers for one range: the number, or null. */
export type WorkerAnswer = { number: number; took: number; worker: true } | null;

interface EarlyCaptcha {
  /** the challenge's text as the server sent it */
  text: string;
  challenge: string;
  /** the number found, or null when it is not in the range (or the workers failed) */
  solution: Promise<WorkerAnswer>;
}

let early: Promise<EarlyCaptcha | null> | null = null;
let served = false;

/** Workers a search is split over, as the widget does (it uses up to 16). */
const workerCount = () => Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2));

/** A solver worker (captcha/altcha.worker.ts), the same file the widget's hook uses. */
export const newSolverWorker = () =>
  new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module', name: 'overtone-captcha' });

/**
 * Searches `[0, maxnumber]` split over `workers`, as the widget splits it; resolves with the first
 * number found (the other workers are stopped), or null.
 */
function solveInWorkers(c: ChallengeFields, workers: Worker[]): Promise<WorkerAnswer> {
  const max = c.maxnumber ?? c.maxNumber ?? 1_000_000;
  const per = Math.ceil(max / workers.length);
  const payload = { algorithm: c.algorithm, challenge: c.challenge, salt: c.salt };
  return new Promise<WorkerAnswer>((resolve) => {
    let left = workers.length;
    const finish = (answer: WorkerAnswer) => {
      if (answer || --left === 0) {
        for (const w of workers) w.terminate();
        resolve(answer);
      }
    };
    workers.forEach((w, i) => {
      w.addEventListener('message', (ev: MessageEvent<WorkerAnswer>) => finish(ev.data ?? null), { once: true });
      w.addEventListener('error', () => finish(null), { once: true });
      w.postMessage({ type: 'work', payload, start: i * per, max: Math.min(max, (i + 1) * per) });
    });
  });
}

/**
 * Fetches a challenge and starts solving it (once per page load; later calls do nothing). The
 * workers are created first, so that their code loads while the challenge is on its way. Failures
 * are silent: the widget then fetches and solves as it always did.
 */
export function startCaptchaEarly(): void {
  if (early || typeof Worker === 'undefined') return;
  const workers = Array.from({ length: workerCount() }, newSolverWorker);
  const drop = () => {
    for (const w of workers) w.terminate();
    return null;
  };
  early = fetch(CAPTCHA_CHALLENGE_URL, { credentials: 'same-origin' })
    .then(async (r) => {
      if (!r.ok) return drop();
      const text = await r.text();
      const c = JSON.parse(text) as ChallengeFields;
      if (typeof c.challenge !== 'string' || typeof c.salt !== 'string' || typeof c.algorithm !== 'string') return drop();
      return { text, challenge: c.challenge, solution: solveInWorkers(c, workers) };
    })
    .catch(drop);
}

/**
 * The widget's `customfetch`: the early challenge the first time (if one was started and fetched),
 * the server otherwise.
 */
export async function captchaFetch(url: string, init?: RequestInit): Promise<Response> {
  if (!served && early && url.endsWith(CAPTCHA_CHALLENGE_URL)) {
    served = true;
    const e = await early;
    if (e) return new Response(e.text, { status: 200, headers: { 'content-type': 'application/json' } });
  }
  return fetch(url, init);
}

/**
 * The early search's answer for a widget worker's range, when the widget is solving the early
 * challenge; `undefined` when it is solving another, or the early search found nothing (the worker
 * then searches itself).
 * @param challenge the challenge digest the widget posted
 * @param start, max the worker's range (inclusive, as the widget posts it)
 */
export async function earlyAnswer(challenge: string, start: number, max: number): Promise<WorkerAnswer | undefined> {
  const e = early && (await early);
  if (!e || e.challenge !== challenge) return undefined;
  const found = await e.solution;
  if (!found) return undefined; // the early search failed: the widget's workers search themselves
  return found.number >= start && found.number <= max ? found : null;
}

/** Forgets the early challenge (tests). */
export function resetEarlyCaptcha() {
  early = null;
  served = false;
}
