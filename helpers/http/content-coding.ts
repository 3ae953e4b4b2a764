/**
 * Undoes an answer's content codings (RFC 9110 §8.4). The client names none (transport.ts), yet a server may code
 * an answer to a request without Accept-Encoding (§12.5.3): every coding HTTP registers that node:zlib reads is
 * decoded, so that a check, and the record of an exchange, sees the body itself.
 */
import zlib from 'node:zlib';

/** The deflate coding is zlib-wrapped (RFC 1950); some servers send it raw, which is read too. */
function inflate(coded: Buffer): Buffer {
  try {
    return zlib.inflateSync(coded);
  } catch {
    return zlib.inflateRawSync(coded);
  }
}

const DECODERS: Readonly<Record<string, (coded: Buffer) => Buffer>> = {
  identity: (coded) => coded,
  gzip: (coded) => zlib.gunzipSync(coded),
  'x-gzip': (coded) => zlib.gunzipSync(coded),
  deflate: inflate,
  br: (coded) => zlib.brotliDecompressSync(coded),
};

/** An answer whose body could not be decoded: the check cannot read it (an error, not a verdict). */
export class UndecodableBody extends Error {
  override name = 'UndecodableBody';
}

/** The body under `contentEncoding` (codings listed in the order they were applied: undone last first). */
export function decodeBody(raw: Buffer, contentEncoding: string | undefined): Buffer {
  // An empty body (a HEAD, a 204) has nothing coded, whatever the header says.
  if (!contentEncoding || raw.length === 0) return raw;
  const codings = contentEncoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  return codings.reduceRight((body, coding) => {
    const decode = DECODERS[coding];
    if (!decode)
      throw new UndecodableBody(
        `the answer came in content coding "${coding}", which the client does not decode (${Object.keys(DECODERS).join(', ')})`,
      );
    try {
      return decode(body);
    } catch (error) {
      throw new UndecodableBody(
        `the answer's body is not valid ${coding} (Content-Encoding: ${contentEncoding}): ${(error as Error).message}`,
      );
    }
  }, raw);
}
