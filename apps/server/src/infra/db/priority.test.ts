import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { isUrgentDb, serveRequestsUrgently } from './priority.ts';

let app: FastifyInstance | undefined;
afterEach(async () => void (await app?.close()));

describe('serveRequestsUrgently', () => {
  it('marks hooks and handlers of requests with and without a parsed body as urgent, over a real socket', async () => {
    app = Fastify();
    const seen: Record<string, boolean> = {};
    serveRequestsUrgently(app);
    // registered after, as the app's own hooks are
    app.addHook('onRequest', async (req) => {
      await new Promise((r) => setTimeout(r, 1));
      seen[`onRequest ${req.method}`] = isUrgentDb();
    });
    app.get('/x', async () => ({ urgent: isUrgentDb() }));
    app.post('/x', async (req) => {
      await new Promise((r) => setImmediate(r));
      return { urgent: isUrgentDb(), body: req.body };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const get = await (await fetch(`${url}/x`)).json();
    const big = 'x'.repeat(200_000); // parsed from several stream chunks
    const post = await (
      await fetch(`${url}/x`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ big }) })
    ).json();
    expect(get).toEqual({ urgent: true });
    expect(post).toEqual({ urgent: true, body: { big } });
    expect(seen).toEqual({ 'onRequest GET': true, 'onRequest POST': true });
    expect(isUrgentDb()).toBe(false);
  });

  it('leaves an app without it ordinary (the check above can fail)', async () => {
    app = Fastify();
    app.post('/x', async () => ({ urgent: isUrgentDb() }));
    const res = await app.inject({ method: 'POST', url: '/x', payload: { a: 1 } });
    expect(res.json()).toEqual({ urgent: false });
  });
});
