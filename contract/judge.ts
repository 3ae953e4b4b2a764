/**
 * Judges one recorded exchange against the envelope rules (Conventions; Errors) and the shape of its operation's
 * answer. Pure: it reads the exchange only.
 *
 * What it can know, and so what it assumes (see helpers/http/client.ts and exchange.ts):
 * - The exchange records method, URL, the encoding the client chose, the parameters as sent (secret-named ones
 *   masked), status, a few response headers (content-type among them) and the masked body, cut after 4000
 *   characters. Request headers are not recorded, so a check that malforms a request through its headers must
 *   say so (`malformed: true`); a request the client sent in another encoding than the Conventions' (query for
 *   GET, form otherwise) is taken as deliberately off-convention and not judged.
 * - Not judged: requests to paths that are no contract operation (also non-integer path ids), rate-limit (429)
 *   answers, network failures, a gateway's 502–504 without a JSON body (the client treats those as the target
 *   being unavailable). A body the recorder cut is judged for its content type only.
 * - Not judged, as the contract leaves them open: which status code (a success outside 2xx or an error inside 2xx
 *   is recorded as a NOTE; only an error's 5xx departs, HTTP saying the server erred), the msg of an error, codes the contract does not list (Zulip's
 *   REQUEST_VARIABLE_MISSING …), extra fields anywhere, the elements of ignored_parameters_unsupported.
 */

import { errorCode } from './codes.ts';
import { matchOperation } from './model.ts';
import { keyOf, type Operation } from './operation.ts';
import { list, notShown, onlyWhen } from './shapes.ts';
import { excerpt, fieldProblems, type ShapeOptions, type ShapeProblem } from './validate.ts';
import type { Exchange } from './wire.ts';

/**
 * The rules judged over every response, each with its one level. A rule that a hand-written check of the
 * conventions also judges names that clause (or family: `BAD-*`) as its `owner`, and the clause takes its level from
 * here (suites/conventions/envelope.test.ts, probe-sample.ts), so both judgements report alike. `NOTE`: what the
 * contract leaves "not shown" (status codes): recorded beside the verdict, never a warning or a failure.
 */
export const RULES = {
  'envelope.json': { level: 'MUST', title: 'the body is JSON', owner: 'CONV-003' },
  'envelope.object': { level: 'MUST', title: 'the body is a JSON object', owner: 'CONV-003' },
  // The contract says responses are JSON, not which media type labels them: a SHOULD.
  'envelope.content-type': { level: 'SHOULD', title: 'the body is labelled application/json', owner: 'CONV-004' },
  'envelope.result': { level: 'MUST', title: 'result is "success" or "error"' },
  'envelope.success-msg-empty': { level: 'MUST', title: 'a success has msg "" (an empty string)', owner: 'CONV-001' },
  'envelope.error-msg': { level: 'MUST', title: 'an error has a string msg', owner: 'CONV-002' },
  'envelope.error-code': { level: 'MUST', title: 'an error has a string code', owner: 'CONV-002' },
  'envelope.success-status': { level: 'NOTE', title: 'a success comes with a 2xx status' },
  'envelope.error-status': { level: 'NOTE', title: 'an error comes with a status outside 2xx' },
  // Statuses are not shown, but HTTP's 5xx says the server erred: no answer to a request, a client's mistake least
  // of all, whatever its body. One rule at one level for every answer (RESP-*) and every bad-input probe (BAD-*).
  'envelope.error-server-status': {
    level: 'MUST',
    title: 'an error never comes with a 5xx status (HTTP: the server erred)',
    owner: 'BAD-*',
  },
  'shape.field-missing': { level: 'MUST', title: 'a success has every field its operation always returns' },
  'shape.field-type': { level: 'MUST', title: 'each field of a success has the type the contract gives' },
  'shape.field-value': { level: 'MUST', title: 'each enumerated or formatted field holds an allowed value' },
  'shape.field-gone': { level: 'MUST', title: 'fields the contract says are no longer returned are absent' },
  'error.extra-field-missing': { level: 'MUST', title: "an error carries its code's extra fields" },
  'error.extra-field-type': { level: 'MUST', title: "an error's extra fields have their types" },
  'error.extra-field-value': { level: 'MUST', title: "an error's extra fields hold the values the contract gives" },
} as const satisfies Record<string, { level: RuleLevel; title: string; owner?: string }>;

export type RuleLevel = 'MUST' | 'SHOULD' | 'NOTE';

/** The one test of the rule `envelope.error-server-status`, for every judgement of it (a 429 is never judged). */
export const isServerErrorStatus = (status: number | undefined): boolean =>
  status !== undefined && status >= 500 && status <= 599;

/** The one test of the rule `envelope.content-type`, for every judgement of it. */
export const isJsonContentType = (type: string | undefined): boolean =>
  type !== undefined && /^application\/json\b/i.test(type);

export type RuleKey = keyof typeof RULES;

export interface Departure {
  rule: RuleKey;
  level: RuleLevel;
  /** The operation, e.g. "POST /drafts". */
  operation: string;
  /** One line, with the evidence: `msg was "ok", not ""`. */
  message: string;
}

export interface Judgement {
  /** The operation called, when the request is one of the contract's. */
  operation?: Operation;
  /** False when the exchange is not judged at all (see `reason`). */
  judged: boolean;
  /** Why it was not judged, or what of it was left unjudged. */
  reason?: string;
  departures: Departure[];
}

export interface JudgeOptions extends ShapeOptions {
  /** The check malformed the request at the HTTP level on purpose (headers, raw body …): do not judge it. */
  malformed?: boolean;
}

export type JudgeableExchange = Pick<Exchange, 'method' | 'url' | 'params'> &
  Partial<Pick<Exchange, 'encoding' | 'status' | 'responseHeaders' | 'responseBody' | 'error'>>;

/** Every success may carry this (Versioning, level 167); its elements are not shown. */
export const IGNORED_PARAMETERS = {
  ignored_parameters_unsupported: onlyWhen(
    'the request carried parameters the operation does not support',
    list(notShown('elements of ignored_parameters_unsupported')),
    { since: 167, sinceFrom: 'contract' },
  ),
};

const CUT_BODY = /… \(\d+ characters\)$/;

/** An exchange judged against the envelope rules and its operation's answer: its departures, or why it was not. */
export function judgeExchange(e: JudgeableExchange, opts: JudgeOptions = {}): Judgement {
  const skip = (reason: string, operation?: Operation): Judgement => ({
    judged: false,
    reason,
    departures: [],
    ...(operation ? { operation } : {}),
  });
  const match = matchOperation(e.method, e.url);
  if (!match) return skip('not a Team Chat API operation');
  const op = match.operation;
  const key = keyOf(op);
  if (opts.malformed) return skip('the request was malformed on purpose', op);
  if (e.status === undefined) return skip(`no response${e.error ? `: ${e.error}` : ''}`, op);
  if (e.status === 429) return skip('a rate-limit answer', op);
  const conventional = e.method.toUpperCase() === 'GET' ? 'query' : 'form';
  if (e.encoding && e.encoding !== conventional && e.params.length > 0) {
    return skip(`parameters sent as ${e.encoding}, not as the Conventions say (${conventional})`, op);
  }
  const text = e.responseBody ?? '';
  const body = parse(text);
  if (body === undefined && e.status >= 502 && e.status <= 504) return skip('a gateway answer without JSON', op);

  const departures: Departure[] = [];
  const depart = (rule: RuleKey, message: string) =>
    departures.push({ rule, level: RULES[rule].level, operation: key, message });

  if (e.responseHeaders) {
    const type = Object.entries(e.responseHeaders).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    if (!isJsonContentType(type)) {
      depart('envelope.content-type', `content-type was ${type === undefined ? 'absent' : JSON.stringify(type)}`);
    }
  }
  if (body === undefined && CUT_BODY.test(text) && text.length > 4000) {
    return {
      operation: op,
      judged: true,
      reason: 'the recorded body was cut: only its content type judged',
      departures,
    };
  }
  if (body === undefined) {
    depart('envelope.json', `the body is not JSON: ${excerpt(text || '(empty)')}`);
    return { operation: op, judged: true, departures };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    depart('envelope.object', `the body is ${excerpt(body)}, not a JSON object`);
    return { operation: op, judged: true, departures };
  }
  const envelope = body as Record<string, unknown>;
  const ok = e.status >= 200 && e.status < 300;
  if (envelope.result === 'success') {
    if (!ok) depart('envelope.success-status', `result "success" with HTTP ${e.status}`);
    if (envelope.msg !== '') depart('envelope.success-msg-empty', `msg was ${excerpt(envelope.msg)}, not ""`);
    for (const p of fieldProblems(envelope, { ...op.success, ...IGNORED_PARAMETERS }, '', opts)) {
      depart(p.rule, p.message);
    }
  } else if (envelope.result === 'error') {
    if (ok) depart('envelope.error-status', `result "error" with HTTP ${e.status}`);
    if (isServerErrorStatus(e.status)) depart('envelope.error-server-status', `result "error" with HTTP ${e.status}`);
    if (typeof envelope.msg !== 'string') depart('envelope.error-msg', `msg was ${excerpt(envelope.msg)}`);
    if (typeof envelope.code !== 'string') depart('envelope.error-code', `code was ${excerpt(envelope.code)}`);
    else for (const [rule, message] of extraFieldProblems(envelope, e, opts)) depart(rule, message);
  } else if (!isLegacy(op, envelope.result, opts)) {
    depart('envelope.result', `result was ${excerpt(envelope.result)}, not "success" or "error"`);
  }
  return { operation: op, judged: true, departures };
}

/** The extra fields the code carries (Errors, Codes), and the parameter values some of them repeat. */
function extraFieldProblems(
  body: Record<string, unknown>,
  e: JudgeableExchange,
  opts: ShapeOptions,
): [RuleKey, string][] {
  const code = errorCode(body.code as string);
  if (!code) return [];
  const found: [RuleKey, string][] = fieldProblems(body, code.extra, '', opts).map((p) => [extraRule(p), p.message]);
  if (code.oneOf && !code.oneOf.some((name) => body[name] !== undefined)) {
    found.push(['error.extra-field-missing', `${code.code} without ${code.oneOf.join(' or ')}`]);
  }
  for (const [field, param] of Object.entries(code.echoes ?? {})) {
    const sent = e.params.find(([k]) => k === param)?.[1];
    if (sent === undefined || sent === '***' || typeof body[field] !== 'string') continue;
    if (body[field] !== sent) {
      found.push(['error.extra-field-value', `${field} was ${excerpt(body[field])}, not the ${excerpt(sent)} given`]);
    }
  }
  return found;
}

const extraRule = (p: ShapeProblem): RuleKey =>
  p.rule === 'shape.field-missing'
    ? 'error.extra-field-missing'
    : p.rule === 'shape.field-value'
      ? 'error.extra-field-value'
      : 'error.extra-field-type';

/** An older answer the contract records (Delete a topic's partially_completed), from a target that old. */
function isLegacy(op: Operation, result: unknown, opts: ShapeOptions): boolean {
  const legacy = op.legacyResults?.find((l) => l.result === result);
  return legacy !== undefined && (opts.featureLevel === undefined || opts.featureLevel < legacy.before);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
