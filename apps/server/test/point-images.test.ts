import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ERRORS, point, pointSaveAnswer, type Point, type PointFormInput, type S3PresignedPost } from '@overtone/contract';
import { createPresignedPost } from '../src/infra/presigned-post.ts';
import { IMAGE_MAX_BYTES, UPLOAD_URL, imagePrefix } from '../src/modules/points/images.ts';
import { request } from './support/test-server.ts';
import { OTHER_HOST } from './support/second-tenant.ts';
import { startTwoTenants, type Call } from './admin-client.ts';

/**
 * Point images (spec 000 §3, §7 "image upload"): saving with `imageBool` answers a presigned POST
 * (S3URL); the server's emulated store checks it exactly as S3 does (signature, expiry, key prefix,
 * content type, size, no unnamed fields), stores the image, lists it in GET /point/{id} with a signed
 * URL the browser can GET, and `deleteImage` / deleting the point removes it.
 */
let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let demoId: string;
let png: Buffer;

beforeAll(async () => {
  ({ server, call, demoId } = await startTwoTenants());
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
});
afterAll(async () => server?.close());

let seq = 0;
const uniq = (s: string) => `${s} ${++seq}`;
const codeOf = (res: { text: string }) => (JSON.parse(res.text) as { code?: string }).code;

async function newGroup(parent: string): Promise<string> {
  const name = uniq('Group');
  const res = await call<{ _id: string }>('POST', `/tree/group/${parent}/group`, { name, tagCode: name });
  expect(res.status).toBe(200);
  return res.body._id;
}
/** A new point saved with `imageBool`: its id and the presigned POST of the answer. */
async function pointWithUpload(imageName = 'photo.png'): Promise<{ id: string; post: S3PresignedPost; form: PointFormInput }> {
  const group = await newGroup(await newGroup('root'));
  const form: PointFormInput = { name: uniq('Pictured'), tagCode: uniq('PIC'), imageBool: true, imageName };
  const res = await call('POST', `/group/${group}/point`, form);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const answer = pointSaveAnswer.parse(res.body);
  expect(answer.S3URL).not.toBeNull();
  return { id: answer._id, post: answer.S3URL!, form };
}

/** Posts a multipart form like a browser: the fields in order, then the file part named `file`. */
function upload(
  post: S3PresignedPost,
  file: Buffer,
  opts: { fields?: Record<string, string>; host?: string; fileType?: string } = {},
) {
  const boundary = `----overtone${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(opts.fields ?? post.fields))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="photo.png"\r\ncontent-type: ${opts.fileType ?? 'image/png'}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return request(`${server.url}${post.url}`, 'POST', {
    host: opts.host,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, language: 'en' },
    body: Buffer.concat(parts),
  });
}
const getPoint = async (id: string) => point.parse((await call<Point>('GET', `/point/${id}`)).body);
const objectExists = async (key: string) => (await server.ctx.storage.get(key)) !== null;

describe('saving a point with imageBool', () => {
  it('answers a presigned POST for one key under the point’s own prefix, signed with a base64 policy', async () => {
    const { id, post } = await pointWithUpload('Site Photo.JPEG');
    expect(post.url).toBe(UPLOAD_URL);
    expect(post.fields.key).toMatch(new RegExp(`^${imagePrefix(demoId, id)}[0-9a-f]{24}\\.jpg$`));
    expect(post.fields['Content-Type']).toBe('image/jpeg');
    expect(post.fields['X-Amz-Algorithm']).toBe('AWS4-HMAC-SHA256');
    expect(post.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['starts-with', '$key', imagePrefix(demoId, id)],
        ['starts-with', '$Content-Type', 'image/'],
        ['content-length-range', 1, IMAGE_MAX_BYTES],
      ]),
    );
  });

  it('refuses an image name that is not a JPEG, PNG, WebP or GIF (400 IMAGE_INVALID) and saves nothing', async () => {
    const group = await newGroup(await newGroup('root'));
    const name = uniq('Bad image');
    const res = await call('POST', `/group/${group}/point`, { name, tagCode: name, imageBool: true, imageName: 'notes.txt' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ msg: ERRORS.IMAGE_INVALID.message, param: 'imageName' }] });
    expect((await call<{ children: unknown[] }>('GET', `/tree/group/${group}`)).body.children).toEqual([]);
  });
});

describe('POST /api/storage/upload (emulated presigned POST)', () => {
  it('stores a valid upload (204); GET /point/{id} lists it with a URL that serves the bytes', async () => {
    const { id, post } = await pointWithUpload();
    const res = await upload(post, png);
    expect(res.status, res.text).toBe(204);
    const images = (await getPoint(id)).images;
    expect(images).toEqual([{ key: post.fields.key, url: expect.stringMatching(/^\/api\/storage\/object\?/) }]);
    const img = await request(`${server.url}${images[0]!.url}`, 'GET');
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    // Served through the demo host only, and the signature must match.
    expect((await request(`${server.url}${images[0]!.url}`, 'GET', { host: OTHER_HOST })).status).toBe(404);
    const tampered = images[0]!.url.replace(/signature=./, (m) =>
      m.endsWith('A') ? `${m.slice(0, -1)}B` : `${m.slice(0, -1)}A`,
    );
    expect((await request(`${server.url}${tampered}`, 'GET')).status).toBe(403);
    const longer = images[0]!.url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`);
    expect((await request(`${server.url}${longer}`, 'GET')).status).toBe(403);
  });

  it('refuses a Content-Type outside image/ (403) and bytes that are no image (400 IMAGE_INVALID)', async () => {
    const { id, post } = await pointWithUpload();
    const html = await upload(post, Buffer.from('<script>alert(1)</script>'), {
      fields: { ...post.fields, 'Content-Type': 'text/html' },
      fileType: 'text/html',
    });
    expect(html.status).toBe(403);
    expect(codeOf(html)).toBe('FORBIDDEN');
    const fake = await upload(post, Buffer.from('not really a png'));
    expect(fake.status).toBe(400);
    expect(JSON.parse(fake.text)).toEqual({ errors: [{ msg: ERRORS.IMAGE_INVALID.message, param: 'file' }] });
    expect((await getPoint(id)).images).toEqual([]);
    expect(await objectExists(post.fields.key!)).toBe(false);
  });

  it('refuses a file above the policy’s content-length-range (403)', async () => {
    const { id, post } = await pointWithUpload();
    const big = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES + 1 - png.length)]);
    const res = await upload(post, big);
    expect(res.status).toBe(403);
    expect((await getPoint(id)).images).toEqual([]);
  });

  it('refuses an expired policy (403)', async () => {
    const { id } = await pointWithUpload();
    const prefix = imagePrefix(demoId, id);
    const signedAt = new Date(Date.now() - 20 * 60 * 1000);
    const expired = createPresignedPost(
      server.ctx.secrets.storageKey,
      {
        url: UPLOAD_URL,
        key: `${prefix}0123456789abcdef01234567.png`,
        keyPrefix: prefix,
        contentType: 'image/png',
        contentTypePrefix: 'image/',
        maxBytes: IMAGE_MAX_BYTES,
        expiresInS: 15 * 60,
      },
      signedAt,
    );
    expect((await upload(expired, png)).status).toBe(403);
    expect((await getPoint(id)).images).toEqual([]);
  });

  it('refuses a tampered signature or policy, an extra field and a missing one (403)', async () => {
    const { id, post } = await pointWithUpload();
    const sig = post.fields['X-Amz-Signature']!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
    const widened = Buffer.from(
      JSON.stringify({
        ...policy,
        conditions: policy.conditions.map((c) => (Array.isArray(c) && c[0] === 'content-length-range' ? [c[0], 1, 1e12] : c)),
      }),
    ).toString('base64');
    const { Policy: _, ...withoutPolicy } = post.fields;
    for (const fields of [
      { ...post.fields, 'X-Amz-Signature': flipped },
      { ...post.fields, Policy: widened },
      { ...post.fields, acl: 'public-read' },
      withoutPolicy,
    ]) {
      const res = await upload(post, png, { fields });
      expect(res.status, JSON.stringify(Object.keys(fields))).toBe(403);
    }
    expect((await getPoint(id)).images).toEqual([]);
  });

  it('refuses a key outside the point’s prefix (403), also one signed for another customer', async () => {
    const { id, post } = await pointWithUpload();
    const { id: otherPoint } = await pointWithUpload();
    const elsewhere = await upload(post, png, {
      fields: { ...post.fields, key: `${imagePrefix(demoId, otherPoint)}0123456789abcdef01234567.png` },
    });
    expect(elsewhere.status).toBe(403);
    const traversal = await upload(post, png, { fields: { ...post.fields, key: `${imagePrefix(demoId, id)}../../x.png` } });
    expect(traversal.status).toBe(403);
    expect((await getPoint(otherPoint)).images).toEqual([]);
    // A valid signature for another customer's prefix, posted on the demo host.
    const foreignPrefix = imagePrefix('0123456789abcdef01234567', id);
    const foreign = createPresignedPost(server.ctx.secrets.storageKey, {
      url: UPLOAD_URL,
      key: `${foreignPrefix}0123456789abcdef01234567.png`,
      keyPrefix: foreignPrefix,
      contentType: 'image/png',
      contentTypePrefix: 'image/',
      maxBytes: IMAGE_MAX_BYTES,
      expiresInS: 600,
    });
    expect((await upload(foreign, png)).status).toBe(403);
  });

  it('refuses an upload for a point deleted meanwhile (404) and keeps no object', async () => {
    const { id, post } = await pointWithUpload();
    expect((await call('DELETE', `/point/${id}`)).status).toBe(200);
    const res = await upload(post, png);
    expect(res.status).toBe(404);
    expect(await objectExists(post.fields.key!)).toBe(false);
  });
});

describe('removing images', () => {
  it('deleteImage in the full form removes the listed image and its object; another upload is added', async () => {
    const { id, post, form } = await pointWithUpload();
    expect((await upload(post, png)).status).toBe(204);
    const key = post.fields.key!;
    const url = (await getPoint(id)).images[0]!.url;
    const res = await call('PUT', `/point/${id}`, { ...form, deleteImage: [key, 'points/not/mine.png'], imageName: 'next.webp' });
    expect(res.status).toBe(200);
    const next = pointSaveAnswer.parse(res.body).S3URL!;
    expect(next.fields['Content-Type']).toBe('image/webp');
    expect((await getPoint(id)).images).toEqual([]);
    expect(await objectExists(key)).toBe(false);
    expect((await request(`${server.url}${url}`, 'GET')).status).toBe(404);
    const webp = await sharp(png).webp().toBuffer();
    expect((await upload(next, webp, { fileType: 'image/webp' })).status).toBe(204);
    expect((await getPoint(id)).images.map((i) => i.key)).toEqual([next.fields.key]);
  });

  it('deleting the point deletes its images', async () => {
    const { id, post } = await pointWithUpload();
    expect((await upload(post, png)).status).toBe(204);
    expect(await objectExists(post.fields.key!)).toBe(true);
    expect((await call('DELETE', `/point/${id}`)).status).toBe(200);
    expect(await objectExists(post.fields.key!)).toBe(false);
    const rows = await server.ctx.db.selectFrom('point_images').select('key').where('point_id', '=', id).execute();
    expect(rows).toEqual([]);
  });
});
