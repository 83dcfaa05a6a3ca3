import { describe, expect, it } from 'vitest';
import {
  initialLiveState,
  isFinished,
  isRunning,
  liveReducer,
  liveStep,
  liveTimer,
  type LiveAction,
  type LiveState,
} from './liveReducer';

const run = (actions: LiveAction[], from: LiveState = initialLiveState) => actions.reduce(liveReducer, from);
const msg = (id: string, event: string, payload = ''): LiveAction => ({ type: 'message', id, event, payload });
const ID = '65f0c0ffee0000000000abcd';

describe('live measurement state machine', () => {
  it('follows the happy path requested → measuring → post-processing → persisted', () => {
    const phases: string[] = [];
    let s = initialLiveState;
    for (const a of [
      { type: 'start' },
      { type: 'requested', id: ID },
      msg(ID, 'accepted'),
      msg(ID, 'done'),
      msg(ID, 'persisted'),
    ] as LiveAction[]) {
      s = liveReducer(s, a);
      phases.push(s.phase);
    }
    expect(phases).toEqual(['connecting', 'requested', 'measuring', 'processing', 'persisted']);
    expect(s.measurementId).toBe(ID);
    expect(isFinished(s.phase)).toBe(true);
  });

  it('ignores events of other measurements of the same device', () => {
    const s = run([{ type: 'start' }, { type: 'requested', id: ID }, msg('other', 'accepted'), msg('other', 'persisted')]);
    expect(s.phase).toBe('requested');
  });

  it('applies events that arrive before the measure request answers', () => {
    const s = run([{ type: 'start' }, msg('other', 'rejected', 'busy'), msg(ID, 'accepted'), { type: 'requested', id: ID }]);
    expect(s.phase).toBe('measuring');
    expect(s.early).toEqual([]);
  });

  it('applies an early rejection with its reason', () => {
    const s = run([{ type: 'start' }, msg(ID, 'rejected', 'battery low'), { type: 'requested', id: ID }]);
    expect(s).toMatchObject({ phase: 'rejected', error: 'battery low' });
  });

  it('never goes back: a late accepted does not undo done', () => {
    const s = run([{ type: 'start' }, { type: 'requested', id: ID }, msg(ID, 'done'), msg(ID, 'accepted')]);
    expect(s.phase).toBe('processing');
  });

  it('ends on timeout, failure or cancel only while running', () => {
    expect(run([{ type: 'start' }, { type: 'timeout' }]).phase).toBe('timeout');
    expect(run([{ type: 'start' }, { type: 'failed', error: 'ws closed' }])).toMatchObject({
      phase: 'failed',
      error: 'ws closed',
      errorShown: false,
    });
    expect(run([{ type: 'start' }, { type: 'failed', shown: true }]).errorShown).toBe(true);
    expect(run([{ type: 'start' }, { type: 'requested', id: ID }, { type: 'cancel' }]).phase).toBe('cancelled');
    const done = run([{ type: 'start' }, { type: 'requested', id: ID }, msg(ID, 'persisted')]);
    expect(run([{ type: 'timeout' }, { type: 'failed' }, { type: 'cancel' }, msg(ID, 'rejected')], done).phase).toBe('persisted');
  });

  it('ignores events and answers when not running', () => {
    expect(run([msg(ID, 'accepted'), { type: 'requested', id: ID }])).toEqual(initialLiveState);
  });

  it('does not restart while running, and starts afresh after an outcome', () => {
    const running = run([{ type: 'start' }, { type: 'requested', id: ID }]);
    expect(liveReducer(running, { type: 'start' })).toBe(running);
    expect(liveReducer(running, { type: 'reset' })).toBe(running);
    const failed = run([{ type: 'failed', error: 'x' }], running);
    expect(liveReducer(failed, { type: 'start' })).toEqual({ ...initialLiveState, phase: 'connecting' });
    expect(liveReducer(failed, { type: 'reset' })).toEqual(initialLiveState);
  });

  it('bounds the early buffer', () => {
    const s = run([{ type: 'start' }, ...Array.from({ length: 40 }, (_, i) => msg(`m${i}`, 'accepted'))]);
    expect(s.early.length).toBe(16);
    expect(s.early.at(-1)?.id).toBe('m39');
  });
});

describe('timers and steps', () => {
  it('keeps one 60 s timer from connecting to accepted, then a processing timer', () => {
    expect(liveTimer('connecting')).toEqual({ name: 'request', ms: 60_000 });
    expect(liveTimer('requested')).toEqual(liveTimer('connecting'));
    expect(liveTimer('measuring')).toEqual({ name: 'processing', ms: 120_000 });
    expect(liveTimer('processing')).toEqual(liveTimer('measuring'));
    for (const p of ['idle', 'persisted', 'rejected', 'timeout', 'failed', 'cancelled'] as const) expect(liveTimer(p)).toBeNull();
  });

  it('maps phases to the progress steps', () => {
    expect(['requested', 'measuring', 'processing', 'persisted'].map((p) => liveStep(p as never))).toEqual([0, 1, 2, 3]);
    expect(isRunning('connecting')).toBe(true);
    expect(isRunning('idle')).toBe(false);
    expect(isFinished('idle')).toBe(false);
  });
});
