/**
 * State machine of a live measurement as the browser follows it (spec 000 §4 "Live measurement
 * flow"). Pure: connection, request and timers live in {@link useLiveMeasurement}.
 *
 *   idle → connecting (live connection opened, 60 s timer) → requested (POST answered with the id)
 *        → measuring (accepted) → processing (done) → persisted
 *   any running phase → rejected | timeout | failed | cancelled
 *
 * Events of the live topic carry the measurement id; events of other measurements of the same
 * device are ignored. An event may arrive before the POST answer (the gateway can be faster than
 * the HTTP response): it is kept and applied once the id is known.
 */

export type LivePhase =
  | 'idle'
  | 'connecting'
  | 'requested'
  | 'measuring'
  | 'processing'
  | 'persisted'
  | 'rejected'
  | 'timeout'
  | 'failed'
  | 'cancelled';

export interface LiveMessage {
  /** Measurement id: the topic segment before the event. */
  id: string;
  /** Last topic segment: accepted, rejected, done, persisted (others are ignored). */
  event: string;
  /** Payload as text (the rejection reason for `rejected`). */
  payload: string;
}

export interface LiveState {
  phase: LivePhase;
  measurementId: string | null;
  /** Messages that arrived before the measurement id was known. */
  early: LiveMessage[];
  /** Rejection reason or failure text. */
  error: string | null;
  /** Whether a failure was already shown to the user (e.g. the measure request's own error). */
  errorShown: boolean;
}

export type LiveAction =
  | { type: 'start' }
  | { type: 'requested'; id: string }
  | ({ type: 'message' } & LiveMessage)
  | { type: 'timeout' }
  | { type: 'failed'; error?: string; shown?: boolean }
  | { type: 'cancel' }
  | { type: 'reset' };

export const initialLiveState: LiveState = { phase: 'idle', measurementId: null, early: [], error: null, errorShown: false };

const RUNNING: readonly LivePhase[] = ['connecting', 'requested', 'measuring', 'processing'];
export const isRunning = (p: LivePhase) => RUNNING.includes(p);
export const isFinished = (p: LivePhase) => p !== 'idle' && !isRunning(p);

/** Bound on remembered early messages (a device's other measurements could flood it). */
const MAX_EARLY = 16;

/** Forward-only order of the progress phases, so that a late `accepted` cannot undo `done`. */
const PROGRESS: Partial<Record<LivePhase, number>> = { connecting: 0, requested: 1, measuring: 2, processing: 3 };

function advance(state: LiveState, to: LivePhase): LiveState {
  return (PROGRESS[to] ?? 0) > (PROGRESS[state.phase] ?? 0) ? { ...state, phase: to } : state;
}

function applyMessage(state: LiveState, m: LiveMessage): LiveState {
  if (m.id !== state.measurementId) return state;
  switch (m.event) {
    case 'accepted':
      return advance(state, 'measuring');
    case 'done':
      return advance(state, 'processing');
    case 'rejected':
      return { ...state, phase: 'rejected', error: m.payload || null };
    case 'persisted':
      return { ...state, phase: 'persisted' };
    default:
      return state;
  }
}

export function liveReducer(state: LiveState, action: LiveAction): LiveState {
  switch (action.type) {
    case 'start':
      return isRunning(state.phase) ? state : { ...initialLiveState, phase: 'connecting' };
    case 'reset':
      return isRunning(state.phase) ? state : initialLiveState;
    case 'requested': {
      if (state.phase !== 'connecting') return state;
      let next: LiveState = { ...state, phase: 'requested', measurementId: action.id, early: [] };
      for (const m of state.early) if (isRunning(next.phase)) next = applyMessage(next, m);
      return next;
    }
    case 'message': {
      if (!isRunning(state.phase)) return state;
      const m: LiveMessage = { id: action.id, event: action.event, payload: action.payload };
      if (state.measurementId === null) return { ...state, early: [...state.early, m].slice(-MAX_EARLY) };
      return applyMessage(state, m);
    }
    case 'timeout':
      return isRunning(state.phase) ? { ...state, phase: 'timeout' } : state;
    case 'failed':
      return isRunning(state.phase)
        ? { ...state, phase: 'failed', error: action.error ?? null, errorShown: !!action.shown }
        : state;
    case 'cancel':
      return isRunning(state.phase) ? { ...state, phase: 'cancelled' } : state;
  }
}

/** Live measurement timeout until `accepted` (spec 000 §9: 60000 ms). */
export const REQUEST_TIMEOUT_MS = 60_000;
/**
 * After `accepted` the spec clears the timer; so that the dialog cannot hang forever when the
 * `persisted` event never comes, a generous processing timeout applies (transfer of a large
 * measurement over the radio plus the server's analysis).
 */
export const PROCESSING_TIMEOUT_MS = 120_000;

/**
 * Which timer runs in a phase. Phases that share a timer keep it running (the 60 s of the spec
 * start when the connection opens, not when the POST answers).
 * @returns the timer's name and duration in ms, or null when none runs
 */
export function liveTimer(phase: LivePhase): { name: 'request' | 'processing'; ms: number } | null {
  if (phase === 'connecting' || phase === 'requested') return { name: 'request', ms: REQUEST_TIMEOUT_MS };
  if (phase === 'measuring' || phase === 'processing') return { name: 'processing', ms: PROCESSING_TIMEOUT_MS };
  return null;
}

/** Index of the phase in the progress steps requested → measuring → post-processing → done. */
export function liveStep(phase: LivePhase): number {
  switch (phase) {
    case 'idle':
    case 'connecting':
    case 'requested':
      return 0;
    case 'measuring':
      return 1;
    case 'processing':
      return 2;
    default:
      return 3;
  }
}
