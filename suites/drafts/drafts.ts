/** Building, creating and reading back drafts (contract: Resources › Draft, operations 10 and 11). */
import type { CheckContext } from '../../helpers/checks/context.ts';
import { expectSuccess, fail, isInt } from '../../helpers/checks/matchers.ts';
import type { ApiClient, ApiResponse } from '../../helpers/http/client.ts';
import { mustSucceed, setupFailure } from '../../helpers/http/setup-failure.ts';
import type { Role } from '../../helpers/roles.ts';

export interface Draft {
  type: string;
  to: unknown;
  topic: string;
  content: string;
  timestamp?: number;
}

/** Drafts of each kind; content always starts with the run prefix so the sweep can find leftovers. */
export const draftOf = {
  channel: (ctx: CheckContext, extra: Partial<Draft> = {}): Draft => ({
    type: 'stream',
    to: [ctx.channel().id],
    topic: ctx.unique('topic'),
    content: `${ctx.unique('draft')} channel draft`,
    ...extra,
  }),
  direct: (ctx: CheckContext, extra: Partial<Draft> = {}): Draft => ({
    type: 'private',
    to: [recipientOf(ctx)],
    topic: '',
    content: `${ctx.unique('draft')} direct draft`,
    ...extra,
  }),
  unaddressed: (ctx: CheckContext, extra: Partial<Draft> = {}): Draft => ({
    type: '',
    to: [],
    topic: '',
    content: `${ctx.unique('draft')} unaddressed draft`,
    ...extra,
  }),
};

/** Someone other than the member to address direct drafts to. */
export function recipientOf(ctx: CheckContext): number {
  return ctx.account(recipientRole(ctx)).userId;
}

/** The role of recipientOf (member2 when none is configured: the check is then disabled, naming its variables). */
function recipientRole(ctx: CheckContext): Role {
  return (['member2', 'admin', 'owner', 'moderator', 'guest'] as const).find((r) => ctx.world.accounts[r]) ?? 'member2';
}

/**
 * Rules out the recipient of direct drafts as their keeper (a draft to oneself is another matter): drafts are per
 * user, and no role changes what a draft may hold, so any other person keeps them — `ctx.someone('person',
 * notRecipient(ctx))`.
 */
export const notRecipient = (ctx: CheckContext) => ({ besides: [recipientRole(ctx)] });

/** POST /drafts as the behaviour under test; every id a success returns is tracked for cleanup. */
export async function postDrafts(ctx: CheckContext, role: Role, drafts: unknown): Promise<ApiResponse> {
  const res = await ctx.as(role).post('/drafts', { drafts: drafts as unknown[] });
  const ids: unknown = res.body?.ids;
  if (res.body?.result === 'success' && Array.isArray(ids)) {
    for (const id of ids.filter(isInt)) ctx.track(role, 'draft', id, `draft ${id}`);
  }
  return res;
}

/** POST /drafts for setup: the ids, in order, or a SetupError. */
export async function mustCreateDrafts(ctx: CheckContext, role: Role, drafts: Draft[]): Promise<number[]> {
  const res = await postDrafts(ctx, role, drafts);
  const { ids } = mustSucceed(res, 'creating drafts');
  if (!Array.isArray(ids) || ids.length !== drafts.length) throw setupFailure(res, `${drafts.length} ids`);
  return ids;
}

/** GET /drafts as the behaviour under test: the response, its drafts checked to be a list. */
export async function listDrafts(client: ApiClient): Promise<{ res: ApiResponse; drafts: any[] }> {
  const res = await client.get('/drafts');
  const body = expectSuccess(res, 'listing drafts');
  if (!Array.isArray(body.drafts)) fail(res, 'wanted drafts to be a list');
  return { res, drafts: body.drafts };
}

/** GET /drafts for setup (reading back what a check of POST /drafts created): the response and its drafts. */
export async function mustListDrafts(client: ApiClient): Promise<{ res: ApiResponse; drafts: any[] }> {
  const res = await client.get('/drafts');
  const { drafts } = mustSucceed(res, 'reading the drafts back');
  if (!Array.isArray(drafts)) throw setupFailure(res, 'drafts as a list');
  return { res, drafts };
}

/**
 * Real Zulip normalizes draft content like message content (leading newlines and trailing whitespace go);
 * the contract does not say, so a round trip accepts the content as sent or so normalized.
 */
export function sameContent(sent: string, stored: unknown): boolean {
  return stored === sent || stored === sent.replace(/^\n+/, '').trimEnd();
}

export const sortedIds = (v: unknown) => (Array.isArray(v) ? [...v].sort((a, b) => a - b) : v);

/** Why a listed draft does not hold what was sent, or undefined when it does (DRAFTS-CREATE-002's rule). */
export function storedMismatch(sent: Draft, stored: any): string | undefined {
  if (stored.type !== sent.type) return `type ${JSON.stringify(stored.type)}, sent ${JSON.stringify(sent.type)}`;
  if (!sameContent(sent.content, stored.content))
    return `content ${JSON.stringify(stored.content)}, sent ${JSON.stringify(sent.content)}`;
  if (sent.type === 'stream') {
    if (JSON.stringify(stored.to) !== JSON.stringify(sent.to))
      return `to ${JSON.stringify(stored.to)}, sent ${JSON.stringify(sent.to)}`;
    if (stored.topic !== sent.topic) return `topic ${JSON.stringify(stored.topic)}, sent ${JSON.stringify(sent.topic)}`;
  } else if (sent.type === 'private') {
    if (JSON.stringify(sortedIds(stored.to)) !== JSON.stringify(sortedIds(sent.to)))
      return `to ${JSON.stringify(stored.to)}, sent ${JSON.stringify(sent.to)}`;
    // The topic of a non-channel draft is ignored: "" or the value sent are both fine.
    if (stored.topic !== '' && stored.topic !== sent.topic) return `topic ${JSON.stringify(stored.topic)}`;
  }
  if (sent.timestamp !== undefined && stored.timestamp !== sent.timestamp)
    return `timestamp ${JSON.stringify(stored.timestamp)}, sent ${sent.timestamp}`;
  return undefined;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
