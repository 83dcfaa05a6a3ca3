import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { enforceAccess } from './access.ts';
import type { Auth } from './session.ts';

/** A request to a route declaring `config`, with or without a session granting `permissions`. */
const request = (config: FastifyContextConfig, permissions?: string[]) =>
  ({
    is404: false,
    routeOptions: { config },
    auth: permissions && ({ permissions: new Set(permissions), purpose: 'session', passwordChanged: true } as unknown as Auth),
  }) as unknown as FastifyRequest;

const codeOf = (req: FastifyRequest) => {
  try {
    enforceAccess(req);
    return 'passed';
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

describe('enforceAccess', () => {
  it('lets anyone through a public route, a session through a session route, a permission through its route', () => {
    expect(codeOf(request({ access: { public: true } }))).toBe('passed');
    expect(codeOf(request({ access: { session: true } }, []))).toBe('passed');
    expect(codeOf(request({ access: { permission: ['readPoint'] } }, ['readPoint']))).toBe('passed');
  });

  it('answers 401 without a session, 403 without the permission or without any declared access', () => {
    expect(codeOf(request({ access: { session: true } }))).toBe('UNAUTHORIZED');
    expect(codeOf(request({ access: { permission: ['readPoint'] } }, ['readAlarm']))).toBe('FORBIDDEN');
    expect(codeOf(request({}))).toBe('FORBIDDEN');
  });

  it("passes a share holder's route only when the share module registered it with its token check", () => {
    expect(codeOf(request({ access: { shareToken: true }, shareTokenChecked: true }))).toBe('passed');
    // registered anywhere else, it would be open to anyone: refused instead
    expect(codeOf(request({ access: { shareToken: true } }))).toBe('FORBIDDEN');
    expect(codeOf(request({ access: { shareToken: true } }, ['readMeasurement']))).toBe('FORBIDDEN');
  });
});
