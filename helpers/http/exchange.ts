/** What one request and its response looked like, masked, for evidence and for reproducing by hand. */
import type { Exchange } from '../../contract/wire.ts';
import { redact, redactFields } from './redact.ts';

export type { Exchange } from '../../contract/wire.ts';

const BODY_LIMIT = 4000;

export function maskExchange(e: Exchange): Exchange {
  return {
    ...e,
    params: e.params.map(([k, v]) => [k, /password|api_key|token/i.test(k) ? '***' : redact(v)]),
    ...(e.responseBody !== undefined ? { responseBody: maskBody(e.responseBody) } : {}),
    ...(e.error !== undefined ? { error: redact(e.error) } : {}),
  };
}

function maskBody(text: string): string {
  let masked: string;
  try {
    masked = JSON.stringify(redactFields(JSON.parse(text)));
  } catch {
    masked = redact(text);
  }
  return masked.length > BODY_LIMIT ? `${masked.slice(0, BODY_LIMIT)}… (${masked.length} characters)` : masked;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command that repeats the request; the key is left to an environment variable, never printed. */
export function toCurl(e: Exchange): string {
  const parts = ['curl', '-sS', '-X', e.method];
  if (e.secretVar) parts.push('-u', `"${e.caller}:$${e.secretVar}"`);
  else if (e.caller.includes('@')) parts.push('-u', shellQuote(`${e.caller}:<key>`));
  const url = e.url;
  if (e.encoding === 'query') {
    const qs = new URLSearchParams(e.params).toString();
    parts.push(shellQuote(qs ? `${url}?${qs}` : url));
  } else {
    parts.push(shellQuote(url));
    const flag = e.encoding === 'multipart' ? '-F' : '--data-urlencode';
    for (const [k, v] of e.params) parts.push(flag, shellQuote(`${k}=${v}`));
  }
  return parts.join(' ');
}

export function describeExchange(e: Exchange): string {
  const head = `${e.method} ${e.url} as ${e.caller} → ${e.status ?? 'no response'}`;
  const params = e.params.length ? `\n  params: ${e.params.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
  const body = e.responseBody !== undefined ? `\n  body: ${e.responseBody}` : '';
  const err = e.error ? `\n  error: ${e.error}` : '';
  const resent = e.resent ? `\n  sent twice: ${e.resent}` : '';
  return `${head}${params}${body}${err}${resent}`;
}

/**
 * The curl line of what a step of a sequence did, from the requests it sent: its first that is not a read (its last,
 * where `last`: the one whose effect a failing step judged), else its first; undefined where it sent none.
 */
export function curlOfStep(sent: readonly Exchange[], { last = false }: { last?: boolean } = {}): string | undefined {
  const writes = sent.filter((e) => e.method !== 'GET');
  const doing = (last ? writes.at(-1) : writes[0]) ?? sent[0];
  return doing && toCurl(doing);
}
