import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.ts';

describe('createLimiter', () => {
  it('runs at most n at once, in arrival order, and passes results and errors through', async () => {
    const run = createLimiter(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      peak = Math.max(peak, ++active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      if (i === 3) throw new Error('three');
      return i * 10;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => run(task(i))));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      0,
      10,
      20,
      'three',
      40,
      50,
    ]);
  });
});

describe('createLimiter backlog', () => {
  it('counts running and waiting tasks, and belowBacklog resolves once fewer remain', async () => {
    const run = createLimiter(1);
    const gates: (() => void)[] = [];
    const task = () => run(() => new Promise<void>((r) => gates.push(r)));
    const tasks = [task(), task(), task()];
    await new Promise((r) => setImmediate(r));
    expect(run.backlog()).toBe(3);
    let below2 = false;
    const waiting = run.belowBacklog(2).then(() => (below2 = true));
    await run.belowBacklog(4); // already below: at once
    gates.shift()!();
    await new Promise((r) => setImmediate(r));
    expect(run.backlog()).toBe(2);
    expect(below2).toBe(false);
    gates.shift()!();
    await waiting;
    expect(run.backlog()).toBe(1);
    gates.shift()!();
    await Promise.all(tasks);
    expect(run.backlog()).toBe(0);
  });
});

describe('createAdmission', () => {
  it('admits up to its capacity, refuses at once beyond, and frees a place once per leave', async () => {
    const { createAdmission } = await import('./limiter.ts');
    const a = createAdmission(2);
    const first = a.tryEnter();
    const second = a.tryEnter();
    expect(first && second).toBeTruthy();
    expect(a.tryEnter()).toBeNull();
    first!();
    first!(); // a second leave of the same holder frees nothing more
    expect(a.inside()).toBe(1);
    expect(a.tryEnter()).not.toBeNull();
    expect(a.tryEnter()).toBeNull();
  });
});
