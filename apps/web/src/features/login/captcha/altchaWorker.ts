import { earlyAnswer, newSolverWorker } from './earlyCaptcha';

interface WidgetMessage {
  type?: string;
  payload?: { challenge?: string };
  start?: number;
  max?: number;
}

/**
 * What the ALTCHA widget gets as a worker: the early search's answer when the widget solves the
 * challenge that search solved (earlyCaptcha.ts), else a real solver worker (altcha.worker.ts) that
 * it talks to as to its own. It keeps the widget's protocol: one message per `work`, `null` after
 * an `abort` that came before any search began.
 */
class EarlyAnswerWorker extends EventTarget {
  private real: Worker | null = null;
  private aborted = false;
  private closed = false;

  postMessage(msg: WidgetMessage) {
    if (msg?.type === 'work' && typeof msg.payload?.challenge === 'string') {
      this.aborted = false;
      void earlyAnswer(msg.payload.challenge, msg.start ?? 0, msg.max ?? 0).then((answer) => {
        if (this.closed) return;
        if (answer !== undefined) this.emit(answer);
        else if (this.aborted) this.emit(null);
        else this.worker().postMessage(msg);
      });
      return;
    }
    if (msg?.type === 'abort') this.aborted = true;
    if (msg?.type === 'work') this.worker().postMessage(msg);
    else this.real?.postMessage(msg);
  }

  terminate() {
    this.closed = true;
    this.real?.terminate();
  }

  private emit(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }

  private worker() {
    if (!this.real) {
      this.real = newSolverWorker();
      this.real.addEventListener('message', (ev: MessageEvent) => this.emit(ev.data));
      this.real.addEventListener('error', () => this.emit(null));
    }
    return this.real;
  }
}

/**
 * Makes the ALTCHA widget solve with our workers: {@link EarlyAnswerWorker} (the early search's
 * answer, or altcha.worker.ts: synchronous SHA-2 instead of one Web Crypto promise per number). The
 * widget creates its workers through the global `altchaCreateWorker` hook (altcha 2.3), which its
 * module sets when loaded: this is called after that import.
 */
export function installAltchaSolver() {
  // the widget uses postMessage, addEventListener('message') and terminate, which it has
  globalThis.altchaCreateWorker = () => new EarlyAnswerWorker() as unknown as Worker;
}
