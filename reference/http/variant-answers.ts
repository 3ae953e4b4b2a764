/**
 * The variants that reshape whole answers (reference/variants.ts): statuses, texts, codes and extra fields of
 * errors; extra fields, list orders and `ignored_parameters_unsupported` of successes. The handlers build the
 * reference's default answer; the envelope passes each through here.
 */
import type { Fields } from '../core/context.ts';
import { type ApiError, InputError } from '../core/errors.ts';
import type { Variants } from '../variants.ts';

/** Objects keyed by ids, not records: an extra key would be a wrong id, so only their values get extra fields. */
const MAPS = new Set(['messages', 'profile_data', 'subscribed', 'already_subscribed']);

/** Lists whose order the contract leaves open. */
const UNORDERED = new Set([
  'streams',
  'subscriptions',
  'subscribers',
  'partial_subscribers',
  'detached_uploads',
  'objections',
  'settings',
  'members',
  'direct_members',
  'direct_subgroups',
  'message_ids',
  'supergroup_ids',
  'attachments',
  'ignored_parameters_unsupported',
]);

/** Operations that create something: answered 201 under `success-status-201`. */
const CREATING = new Set([
  'POST /messages',
  'POST /scheduled_messages',
  'POST /drafts',
  'POST /realm/profile_fields',
  'POST /users/me/apns_device_token',
  'POST /user_groups/create',
  'POST /user_uploads',
]);

/** Parameters whose invalid values the table of codes lists under BAD_REQUEST (recipients, tokens, drafts, ids). */
const LISTED_AS_BAD_REQUEST = new Set(['to', 'token', 'drafts', 'user_group_id', 'muted_user_id', 'user_id']);

export function successAnswerVariant(
  key: string,
  body: Fields,
  ignored: readonly string[],
  variants: Variants,
): { status: number; body: Fields } {
  let shaped: Fields = body;
  // Variant `ignored-parameters-always`.
  if (variants.has('ignored-parameters-always') && shaped.ignored_parameters_unsupported === undefined)
    shaped = { ...shaped, ignored_parameters_unsupported: [] };
  // Variant `ignored-parameters-objects`.
  if (
    variants.has('ignored-parameters-objects') &&
    ignored.length > 0 &&
    Array.isArray(shaped.ignored_parameters_unsupported)
  )
    shaped = {
      ...shaped,
      ignored_parameters_unsupported: (shaped.ignored_parameters_unsupported as unknown[]).map((name) => ({
        name,
        reason: 'not supported by this operation',
      })),
    };
  // Variant `rendering-other-html`.
  if (variants.has('rendering-other-html')) shaped = remarked(shaped) as Fields;
  // Variant `lists-shuffled`.
  if (variants.has('lists-shuffled')) shaped = reorder(shaped) as Fields;
  // Variant `extra-fields`.
  if (variants.has('extra-fields')) shaped = { ...(withExtraFields(shaped) as Fields), msg: shaped.msg };
  // Variant `success-status-201`.
  const status = variants.has('success-status-201') && CREATING.has(key) ? 201 : 200;
  return { status, body: shaped };
}

export function errorAnswerVariant(
  err: ApiError,
  body: Fields,
  variants: Variants,
): { status: number; body: Fields; headers: Readonly<Record<string, string>> } {
  let status = err.status;
  let headers = err.headers;
  const shaped: Fields = { ...body };
  // Variant `error-codes-finer`: an invalid value the table does not list gets a code of its own.
  if (variants.has('error-codes-finer') && isUnlistedInvalidValue(err)) shaped.code = 'INVALID_PARAMETER_VALUE';
  // Variant `error-msg-other-texts`.
  if (variants.has('error-msg-other-texts') && typeof shaped.msg === 'string')
    shaped.msg = `This request could not be carried out (${String(shaped.code ?? 'error').toLowerCase()}).`;
  // Variant `error-extra-fields`.
  if (variants.has('error-extra-fields')) {
    shaped.request_id = 'cf-variant-request';
    shaped.documentation_url = 'https://example.invalid/errors';
  }
  // Variant `auth-status-403`.
  if (variants.has('auth-status-403') && err.code === 'UNAUTHORIZED') {
    status = 403;
    const { 'WWW-Authenticate': _challenge, ...rest } = headers;
    headers = rest;
  }
  if (status === 400) {
    // Variant `error-status-422`.
    if (variants.has('error-status-422')) status = 422;
    // Variant `error-status-403-404`.
    else if (variants.has('error-status-403-404'))
      status = namesSomethingUnknown(err) ? 404 : deniesPermission(err) ? 403 : 400;
  }
  return { status, body: shaped, headers };
}

function isUnlistedInvalidValue(err: ApiError): boolean {
  if (!(err instanceof InputError) || err.code !== 'BAD_REQUEST') return false;
  if (err.message.startsWith('Missing ')) return false;
  const name = err.extra.var_name;
  return typeof name === 'string' && !LISTED_AS_BAD_REQUEST.has(name);
}

function namesSomethingUnknown(err: ApiError): boolean {
  if (
    [
      'BAD_EVENT_QUEUE_ID',
      'STREAM_DOES_NOT_EXIST',
      'INVALID_PUSH_DEVICE_TOKEN',
      'INVALID_REMOTE_PUSH_DEVICE_TOKEN',
    ].includes(err.code ?? '')
  )
    return true;
  return /no such|does not exist|not found|unknown|invalid (user|channel|stream|message|draft|group|email)/i.test(
    err.message,
  );
}

function deniesPermission(err: ApiError): boolean {
  return err.code === 'UNAUTHORIZED_PRINCIPAL' || /permission|not allowed|must be|only /i.test(err.message);
}

/** Every record gets two extra fields; maps keyed by id keep their keys (their values are records). */
function withExtraFields(value: unknown, isMap = false): unknown {
  if (Array.isArray(value)) return value.map((v) => withExtraFields(v));
  if (value === null || typeof value !== 'object') return value;
  const copy = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withExtraFields(v, MAPS.has(k))]));
  return isMap ? copy : { ...copy, cf_variant_note: 'an extra field', cf_variant_count: 0 };
}

let shuffles = 0;

/** The lists whose order is left open, rotated and reversed (a different order whatever the length, from 2). */
function reorder(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => reorder(v));
    if (!UNORDERED.has(key) || items.length < 2) return items;
    shuffles += 1;
    const turn = shuffles % items.length;
    const rotated = [...items.slice(turn), ...items.slice(0, turn)].reverse();
    return rotated.every((v, i) => v === items[i]) ? [...items].reverse() : rotated;
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reorder(v, k)]));
}

/** Fields holding HTML the server rendered. */
const RENDERED = new Set(['rendered', 'match_content', 'rendered_description', 'rendered_value']);

/** The same text marked up otherwise: <b>/<i> for strong and emphasis, attributes on paragraphs, a wrapping div. */
export function otherMarkup(html: string): string {
  if (html === '') return html;
  const body = html
    .replace(/<(\/?)strong>/g, '<$1b>')
    .replace(/<(\/?)em>/g, '<$1i>')
    .replace(/<p>/g, '<p dir="auto">')
    .replace(/<br>/g, '<br />');
  return `<div class="rendered-markdown">${body}</div>`;
}

function remarked(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return RENDERED.has(key) ? otherMarkup(value) : value;
  if (Array.isArray(value)) return value.map((v) => remarked(v));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remarked(v, k)]));
}
