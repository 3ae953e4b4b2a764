/**
 * Reading request parameters off the wire: the query string, and a form-encoded or multipart body.
 * Malformed input becomes an `ApiError` (400, or 413 for a body over the limit), never a crash.
 */
import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest } from '../core/errors.ts';

/** Appended to a file part's field name to carry the file's name. */
export const FILE_NAME_SUFFIX = '\u0000filename';

export const MAX_BODY_BYTES = 25 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the whole body. Past the limit the rest is drained (so the client can read the answer) and a 413 thrown.
 */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) {
    throw new ApiError(413, 'BAD_REQUEST', `Request body too large (limit: ${limit} bytes)`);
  }
  return Buffer.concat(chunks);
}

/** `a=1&b=%20x` → entries, with `+` as space. Bad percent-encoding or invalid UTF-8 → 400. */
export function parseUrlEncoded(text: string, where: string): [string, string][] {
  const entries: [string, string][] = [];
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = eq < 0 ? piece : piece.slice(0, eq);
    const value = eq < 0 ? '' : piece.slice(eq + 1);
    entries.push([decode(name, where), decode(value, where)]);
  }
  return entries;
}

function decode(text: string, where: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw badRequest(`Malformed percent-encoding in the ${where}`);
  }
}

/** The parameters of a body, given its content type. An empty body has none, whatever its type. */
export async function parseBody(body: Buffer, contentType: string | undefined): Promise<[string, string][]> {
  if (body.length === 0) return [];
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/x-www-form-urlencoded') {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      throw badRequest('The request body is not valid UTF-8');
    }
    return parseUrlEncoded(text, 'request body');
  }
  if (mediaType === 'multipart/form-data') return parseMultipart(body, contentType ?? '');
  throw badRequest(
    `Unsupported content type ${mediaType === '' ? '(none)' : mediaType}: send application/x-www-form-urlencoded or multipart/form-data`,
  );
}

async function parseMultipart(body: Buffer, contentType: string): Promise<[string, string][]> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('Malformed multipart/form-data body');
  }
  const entries: [string, string][] = [];
  for (const [name, value] of form.entries()) {
    entries.push([name, typeof value === 'string' ? value : await value.text()]);
    // A file part also carries its file name, under a name no form field can clash with (see Params.files).
    if (typeof value !== 'string') entries.push([`${name}${FILE_NAME_SUFFIX}`, value.name]);
  }
  return entries;
}
