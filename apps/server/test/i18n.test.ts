import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startTestServer } from './support/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
});
afterAll(async () => server?.close());

const notFound = (language: string | null) =>
  api<{ message: string; code: string }>(server.url, token, 'GET', '/measurement/0123456789abcdef01234567', undefined, {
    language,
  });

describe('the server answers in the language header’s language (spec 000 §1)', () => {
  it('translates catalogue messages; Turkish without a header or for an unknown language', async () => {
    expect((await notFound('en')).body).toEqual({ message: 'Measurement not found', code: 'MEASUREMENT_NOT_FOUND' });
    expect((await notFound('de')).body.message).toBe('Messung nicht gefunden');
    expect((await notFound('ru')).body.message).toBe('Измерение не найдено');
    expect((await notFound('zh')).body.message).toBe('未找到测量');
    expect((await notFound('zh-tw')).body.message).toBe('找不到量測');
    expect((await notFound(null)).body.message).toBe('Ölçüm bulunamadı');
    expect((await notFound('fr')).body.message).toBe('Ölçüm bulunamadı');
  });

  it('translates the errors of the tenant and access checks too', async () => {
    const unknownHost = await api<{ message: string }>(server.url, null, 'GET', '/tree', undefined, {
      host: 'x.example',
      language: 'de',
    });
    expect(unknownHost.body.message).toBe('Kunde nicht gefunden');
    const noSession = await api<{ message: string }>(server.url, null, 'GET', '/tree', undefined, { language: 'zh' });
    expect(noSession.body.message).toBe('会话已结束，请重新登录');
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
