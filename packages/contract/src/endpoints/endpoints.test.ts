import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS } from './index.ts';
import { endpointPath, pathParamNames, type Endpoint } from './endpoint.ts';

describe('the endpoint table', () => {
  const entries: [string, Endpoint][] = Object.entries(ENDPOINTS);

  it('names each operation once: no two entries share a method and a path', () => {
    const keys = entries.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("declares a schema for exactly the path's parameters, and answers 400 whenever it validates input", () => {
    for (const [name, e] of entries) {
      const declared = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
      expect(declared, name).toEqual(pathParamNames(e.path).sort());
      if (e.body || e.query) expect(e.errors ?? [], name).toContain(400);
    }
  });

  it('fills a path with its parameters, URI-encoded, and refuses a missing one', () => {
    expect(endpointPath(ENDPOINTS.getPoint, { id: 'a b/c' })).toBe('/point/a%20b%2Fc');
    expect(endpointPath(ENDPOINTS.createGroup, { parentGroupId: 'root' })).toBe('/tree/group/root/group');
    expect(() => endpointPath(ENDPOINTS.getPoint, {})).toThrow(/:id/);
    expect(endpointPath(ENDPOINTS.getTree)).toBe('/tree');
  });
});
