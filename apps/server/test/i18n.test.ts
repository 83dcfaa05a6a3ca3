import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@overtone/contract';
import { api, login, startTestServer } from './support/test-server.ts';
import { callApi, failureOf } from './support/endpoint-client.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
});
afterAll(async () => server?.close());

/** The error answer of a call (the entry types its 200 answer only). */
const notFound = async (language: string | null) =>
  failureOf(await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id: '0123456789abcdef01234567' }, language }));

describe('the server answers in the language header’s language (spec 000 §1)', () => {
  it('translates catalogue messages; Turkish without a header or for an unknown language', async () => {
    expect(await notFound('en')).toEqual({ message: 'Measurement not found', code: 'MEASUREMENT_NOT_FOUND' });
    expect((await notFound('de')).message).toBe('Messung nicht gefunden');
    expect((await notFound('ru')).message).toBe('Измерение не найдено');
    expect((await notFound('zh')).message).toBe('未找到测量');
    expect((await notFound('zh-tw')).message).toBe('找不到量測');
    expect((await notFound(null)).message).toBe('Ölçüm bulunamadı');
    expect((await notFound('fr')).message).toBe('Ölçüm bulunamadı');
  });

  it('translates the errors of the tenant and access checks too', async () => {
    const unknownHost = await callApi(server.url, null, ENDPOINTS.getTree, { host: 'x.example', language: 'de' });
    expect(failureOf(unknownHost).message).toBe('Kunde nicht gefunden');
    const noSession = await callApi(server.url, null, ENDPOINTS.getTree, { language: 'zh' });
    expect(failureOf(noSession).message).toBe('会话已结束，请重新登录');
  });

  it("translates the contract's validation messages by key, and zod's own messages with zod's locales", async () => {
    const res = await api<{ errors: { msg: string; param: string }[] }>(
      server.url,
      null,
      'POST',
      '/auth/customer',
      { email: '', password: '', reCaptcha: 'x' },
      { language: 'de' },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.msg).sort()).toEqual([
      'Bitte geben Sie Ihr Passwort ein',
      'Bitte geben Sie Ihre E-Mail-Adresse ein',
    ]);
    const wrongType = await api<{ errors: { msg: string; param: string }[] }>(
      server.url,
      token,
      'PUT',
      '/me/user-guiding-shown',
      { userGuidingShown: 'yes' },
      { language: 'de' },
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0]).toEqual({
      msg: 'Ungültige Eingabe: erwartet boolean, erhalten string',
      param: 'userGuidingShown',
    });
    const en = await api<{ errors: { msg: string }[] }>(server.url, token, 'PUT', '/me/user-guiding-shown', {
      userGuidingShown: 'yes',
    });
    expect(en.body.errors[0]!.msg).toBe('Invalid input: expected boolean, received string');
  });
});
