/**
 * The channels the listing checks reason about: one of each kind, named with the run prefix, built once per suite
 * file through the setup operations of TARGET.md (POST /users/me/subscriptions with principals, GET
 * /get_stream_id, DELETE /streams/{id}) and archived by the runner when the run ends (they are in its ledger).
 * Nothing here reads the realm's other channels.
 */
import { type CheckContext, oncePerRun } from '../../helpers/checks/context.ts';
import { SetupError, Unsupported } from '../../helpers/errors.ts';
import type { Params } from '../../helpers/http/encoding.ts';
import type { Role } from '../../helpers/roles.ts';
import { recordCreated, recordUndone } from '../../helpers/world/ledger.ts';

export type ChannelKind =
  | 'public-subscribed'
  | 'public-unsubscribed'
  | 'private-subscribed'
  | 'private-unsubscribed'
  | 'web-public'
  | 'archived'
  | 'default'
  | 'owner-subscribed';

export interface WorldChannel {
  kind: ChannelKind;
  id: number;
  name: string;
  private: boolean;
  webPublic: boolean;
  archived: boolean;
  isDefault: boolean;
  /** The roles subscribed (as asked at creation; roles the configuration lacks are left out). */
  subscribers: Role[];
}

interface Spec {
  kind: ChannelKind;
  subscribers: Role[];
  private?: boolean;
  webPublic?: boolean;
  isDefault?: boolean;
  archive?: boolean;
  /** Who creates it when not the administrator (Zulip lets only owners create web-public channels by default). */
  creator?: Role;
}

// The member is the main observer: subscribed to one public and one private channel, not to the others.
// The owner alone is subscribed to `owner-subscribed` (the bot's owner, for include_owner_subscribed).
const SPECS: readonly Spec[] = [
  { kind: 'public-subscribed', subscribers: ['member', 'moderator', 'guest', 'admin'] },
  { kind: 'public-unsubscribed', subscribers: ['member2'] },
  { kind: 'private-subscribed', subscribers: ['member', 'guest', 'admin'], private: true },
  { kind: 'private-unsubscribed', subscribers: ['member2'], private: true },
  { kind: 'web-public', subscribers: ['member2'], webPublic: true, creator: 'owner' },
  { kind: 'archived', subscribers: ['member'], archive: true },
  { kind: 'default', subscribers: ['member2'], isDefault: true },
  { kind: 'owner-subscribed', subscribers: ['owner'] },
];

export interface ChannelWorld {
  channels: WorldChannel[];
  /** Kinds the target would not let the run create, with the reason (their checks treat them as absent). */
  missing: Partial<Record<ChannelKind, string>>;
}

/** The run's channel world for this suite file (built on first use; the administrator creates the channels). */
export const channelWorld: (ctx: CheckContext) => Promise<ChannelWorld> = oncePerRun((ctx) => build(ctx));

const configured = (ctx: CheckContext, role: Role) => {
  const account = ctx.world.accounts[role];
  return account !== undefined && !account.refused;
};

async function build(ctx: CheckContext): Promise<ChannelWorld> {
  ctx.account('admin');
  ctx.account('member');
  const world: ChannelWorld = { channels: [], missing: {} };
  for (const spec of SPECS) {
    const subscribers = spec.subscribers.filter((r) => configured(ctx, r));
    if (subscribers.length === 0) {
      world.missing[spec.kind] = `needs the ${spec.subscribers.join(' or ')} account`;
      continue;
    }
    try {
      world.channels.push(await create(ctx, spec, subscribers));
    } catch (error) {
      // Web-public channels are a realm option (spectator access); a target without it skips what needs one.
      if (spec.webPublic && (error instanceof SetupError || error instanceof Unsupported)) {
        world.missing[spec.kind] = `the target would not create a web-public channel: ${(error as Error).message}`;
        continue;
      }
      throw error;
    }
  }
  return world;
}

async function create(ctx: CheckContext, spec: Spec, subscribers: Role[]): Promise<WorldChannel> {
  // A random part as well: another suite file may build its own world in the same worker.
  const name = ctx.unique(`${spec.kind}-${Math.random().toString(36).slice(2, 6)}`);
  const params: Params = {
    subscriptions: [{ name, description: `A **${spec.kind}** channel of teamchat-conformance; archived at the end.` }],
    principals: subscribers.map((r) => ctx.account(r).userId),
    invite_only: spec.private === true,
    is_web_public: spec.webPublic === true,
    is_default_stream: spec.isDefault === true,
  };
  const creator = spec.creator && configured(ctx, spec.creator) ? spec.creator : 'admin';
  await ctx.as(creator).mustSetup('POST', '/users/me/subscriptions', params);
  // Looked up by a subscriber: GET /get_stream_id needs content access, which an administrator lacks for a private
  // channel it is not subscribed to (Zulip refuses it "Invalid channel name").
  const { stream_id } = await ctx.as(subscribers[0]!).mustSetup('GET', '/get_stream_id', { stream: name });
  const id = Number(stream_id);
  const entry = { key: `channel:admin:${id}`, kind: 'channel' as const, role: 'admin' as const, id, label: name };
  recordCreated(ctx.world.options.ledgerFile, entry);
  if (spec.archive) {
    await ctx.admin.mustSetup('DELETE', `/streams/${id}`);
    recordUndone(ctx.world.options.ledgerFile, entry.key);
  }
  return {
    kind: spec.kind,
    id,
    name,
    private: spec.private === true,
    webPublic: spec.webPublic === true,
    archived: spec.archive === true,
    isDefault: spec.isDefault === true,
    subscribers,
  };
}
