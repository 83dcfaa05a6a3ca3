/**
 * A `multipart/form-data` body (RFC 7578) already read into memory, as a browser posts it to a
 * presigned-POST URL: text fields, then one file part. Used by the emulated object store only,
 * whose bodies are bounded by the policy's size limit, so buffering is fine and no streaming parser
 * dependency is needed.
 */
export interface MultipartForm {
  /** Text fields before the file part (later fields are ignored, as S3 does). */
  fields: Record<string, string>;
  /** The part named `file`, or null when the form has none. */
  file: { filename: string | null; contentType: string | null; data: Buffer } | null;
}

/** Most parts a form may carry. */
const MAX_PARTS = 64;

/**
 * Parses a multipart body.
 * @param body the whole request body
 * @param contentTypeHeader the request's `content-type` (carries the boundary)
 * @returns the fields and the file, or null when the body is not well-formed multipart
 */
export function parseMultipart(body: Buffer, contentTypeHeader: string | undefined): MultipartForm | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentTypeHeader ?? '');
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary || !/^multipart\/form-data/i.test(contentTypeHeader ?? '')) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  let file: MultipartForm['file'] = null;
  let pos = body.indexOf(delimiter);
  if (pos < 0) return null;
  for (let parts = 0; parts < MAX_PARTS; parts++) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString() === '--') return { fields, file };
    if (body.subarray(pos, pos + 2).toString() !== '\r\n') return null;
    pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) return null;
    const headers = body.subarray(pos, headerEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) return null;
    const content = body.subarray(headerEnd + 4, next);
    pos = next + 2;
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    if (name === 'file') {
      if (!file)
        file = {
          filename: /;\s*filename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
          contentType: /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? null,
          data: Buffer.from(content),
        };
    } else if (!file) fields[name] = content.toString('utf8');
  }
  return null;
}
