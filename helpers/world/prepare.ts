/**
 * Builds the world before any check runs: API keys, the accounts' ids and roles, the target's feature level and
 * realm settings, a sweep of stale leftovers, and two channels of the run's own. Problems with the configuration
 * (a refused password, an account of the wrong role) are ConfigErrors that name the variable.
 */
import { REFERENCE_ACCOUNTS as DEVELOPMENT_REALM } from '../../fixtures/realm.ts';
import { type AccountConfig, type Config, ConfigError } from '../config/load.ts';
import { SetupError, Unsupported } from '../errors.ts';
import { ApiClient } from '../http/client.ts';
import { budgetLeft } from '../http/rate-budget.ts';
import { registerSecret } from '../http/redact.ts';
import { snapshot } from '../http/snapshot.ts';
import { ROLE_ENV_PREFIX, ROLES, type Role } from '../roles.ts';
import { notTheApi } from './is-the-api.ts';
import { type LedgerEntry, recordCreated, recordInstance, recordRun } from './ledger.ts';
import { newRunId, prefixOf } from './run-id.ts';
import { sweep } from './sweep.ts';
import type { World, WorldAccount } from './types.ts';
import { oweUndo } from './undo.ts';

/**
 * Suite files at once on a target that may limit each user's requests, unless CONCURRENCY is set: one that shows a
 * per-user rate limit, and any target but the embedded reference (one may limit with a 429 and its Retry-After
 * alone, which nothing shows before the first). Such a run waits on the accounts' budgets, not on the CPU; with more
 * files in flight, more of each window's budget is spent before the first account runs dry, and a check that waits
 * on a spent account holds up a smaller share of the run (with 4, one such wait stalls a quarter of it:
 * docs/performance.md). Unlimited, an external target answers a full run as fast with 12 files as with 4.
 */
export const RATE_LIMITED_WORKERS = 12;

function workersFor(config: Config, accounts: Partial<Record<Role, WorldAccount>>, log: (line: string) => void) {
  if (!config.concurrencyAuto || config.concurrency >= RATE_LIMITED_WORKERS) return config.concurrency;
  // Every account's GET /users/me has answered by now: its X-RateLimit-* headers, if any, are known.
  const shown = Object.values(accounts).some((a) => budgetLeft(a.email) !== undefined);
  if (!shown && config.embedded) return config.concurrency;
  const why = shown
    ? 'the target shows a per-user rate limit'
    : 'the target may limit each user without showing it before a 429';
  log(`${why}: ${RATE_LIMITED_WORKERS} suite files at once (CONCURRENCY sets another number)`);
  return RATE_LIMITED_WORKERS;
}

/** The role value (or bot flag) each configured account must have on the target. */
const EXPECTED_ROLE: Record<Role, { value?: number; bot?: boolean; name: string }> = {
  owner: { value: 100, name: 'an organization owner (role 100)' },
  admin: { value: 200, name: 'an organization administrator (role 200)' },
  moderator: { value: 300, name: 'a moderator (role 300)' },
  member: { value: 400, name: 'a member (role 400)' },
  member2: { value: 400, name: 'a member (role 400)' },
  guest: { value: 600, name: 'a guest (role 600)' },
  bot: { bot: true, name: 'a bot' },
};

export interface PrepareOptions {
  config: Config;
  baseUrl: string;
  seed: number;
  ledgerFile: string;
  log: (line: string) => void;
}

/** The world as the target shows it; the runner adds what comes from the command line (expected failures, replay). */
export type PreparedWorld = Omit<World, 'expectedFailures' | 'replay'>;

export async function prepareWorld({ config, baseUrl, seed, ledgerFile, log }: PrepareOptions): Promise<PreparedWorld> {
  const runId = newRunId();
  const client: ClientOf = (identity) =>
    new ApiClient({
      baseUrl,
      identity,
      timeoutMs: config.requestTimeoutMs,
      rateLimitMaxWaitSeconds: config.rateLimitMaxWaitSeconds,
    });

  const accounts: Partial<Record<Role, WorldAccount>> = {};
  let instance: string | undefined;
  const clients: Partial<Record<Role, ApiClient>> = {};
  const problems: string[] = [];
  let answered = false;
  const disabledRoles = { ...config.disabledRoles };
  // Whether the target answers like the API at all: judged once the accounts have been tried too, since a server
  // that answers errors with a web page (a departure the checks report) still answers its users' calls.
  const notTheApiError = await notTheApi(client(null));
  const devAccounts = config.embedded ? {} : await developmentAccounts(client(null), disabledRoles, log);
  for (const role of ROLES) {
    const account = config.accounts[role] ?? devAccounts[role];
    if (!account) continue;
    const verified = await verifyAccount(role, account, client, problems, log);
    if (verified?.answered) answered = true;
    if (!verified?.account) continue;
    accounts[role] = verified.account;
    if (verified.account.refused) continue;
    clients[role] = client({ email: verified.account.email, apiKey: verified.account.apiKey });
    if (instance === undefined && verified.joined) {
      instance = `${verified.account.userId}@${verified.joined}`;
      recordInstance(ledgerFile, instance);
    }
  }
  const emails = Object.values(accounts).map((a) => a.email.toLowerCase());
  const dup = emails.find((e, i) => emails.indexOf(e) !== i);
  if (dup) problems.push(`${dup} is configured for more than one role: each role needs its own account`);
  if (notTheApiError && !answered) throw notTheApiError;
  if (problems.length) throw new ConfigError(problems);
  recordRun(ledgerFile, runId);

  const observer = clients.member ?? clients.admin ?? clients.owner ?? Object.values(clients)[0];
  const realm = observer ? await readRealm(observer) : {};
  const reported = typeof realm.zulip_feature_level === 'number' ? realm.zulip_feature_level : null;
  const featureLevel = config.featureLevel ?? reported;
  if (reported === null && config.featureLevel === undefined)
    log('the target reports no feature level: every clause is judged');

  const swept = await sweep({ runId, minutes: config.sweepAfterMinutes, clients });
  if (swept.length) log(`leftovers of earlier runs swept: ${swept.join(', ')}`);

  const workers = workersFor(config, accounts, log);
  const prefix = prefixOf(runId);
  return {
    runId,
    prefix,
    seed,
    profile: config.profile,
    target: { url: baseUrl, embedded: config.embedded, ...(instance ? { instance } : {}) },
    featureLevel,
    realm: {
      maxMessageLength: numberOrNull(realm.max_message_length),
      maxTopicLength: numberOrNull(realm.max_topic_length),
      emptyTopicDisplayName:
        typeof realm.realm_empty_topic_display_name === 'string' ? realm.realm_empty_topic_display_name : null,
      raw: realm,
    },
    accounts,
    disabledRoles,
    channels: clients.member
      ? await createRunChannels(clients.member, clients.admin, prefix, ledgerFile, accounts)
      : {
          unavailable: `needs the member account to create the run's channels: ${disabledRoles.member ?? 'not configured'}`,
          disabled: true,
        },
    options: {
      requestTimeoutMs: config.requestTimeoutMs,
      rateLimitMaxWaitSeconds: config.rateLimitMaxWaitSeconds,
      leaseSeconds: config.leaseSeconds,
      exploreMinutes: config.exploreMinutes,
      workers,
      minIntervalMs: config.maxRps ? (1000 * workers) / config.maxRps : 0,
      // Room for the other workers' requests on their way, which no answer has counted yet: a worker sends one
      // request at a time (no check sends several at once), and two to spare (a lease's renewal, the request of a
      // check still going after its time ran out). A reserve of two a worker would leave a tenth of a window unused.
      // Near a budget's end it keeps back fewer: the requests on their way, as every thread counts them.
      rateLimitReserve: workers + 2,
      allowRealmChanges: config.allowRealmChanges,
      ledgerFile,
    },
  };
}

type ClientOf = (identity: ConstructorParameters<typeof ApiClient>[0]['identity']) => ApiClient;

/**
 * A configured account as the target shows it: its key (from the password where no key is given), id, email and
 * role, checked against the role it is configured for. A problem with it goes to `problems` (the run does not start);
 * a bot whose key is refused is kept, marked refused (AUTH-005 reports the departure). `answered`: the target
 * answered its GET /users/me as the API does; `joined`: its date_joined, which names the target's instance.
 */
async function verifyAccount(
  role: Role,
  account: AccountConfig,
  client: ClientOf,
  problems: string[],
  log: (line: string) => void,
): Promise<{ account?: WorldAccount; answered: boolean; joined?: string } | undefined> {
  registerSecret(account.apiKey ?? account.password);
  const resolved = await resolveAccount(client(null), role, account, problems);
  if (resolved && account.password) resolved.password = account.password;
  if (!resolved) return undefined;
  registerSecret(resolved.apiKey);
  const profile = await client({ email: resolved.email, apiKey: resolved.apiKey }).get('/users/me');
  if (profile.body?.result !== 'success') {
    const refusal = `${account.secretVar}: the target refused the key of ${account.email} (${profile.body?.msg ?? `HTTP ${profile.status}`})`;
    // Refusing a bot's key departs from the contract (AUTH-005 reports it); a refused human key is a config error.
    if (role !== 'bot') {
      problems.push(refusal);
      return { answered: false };
    }
    log(`warning: ${refusal}; checks that need the bot will end in error`);
    const bot = { userId: 0, apiEmail: resolved.email, fullName: '', roleValue: -1, isBot: true, refused: refusal };
    return { account: { ...resolved, secretVar: account.secretVar, ...bot }, answered: false };
  }
  const expected = EXPECTED_ROLE[role];
  const roleValue = Number(profile.body.role);
  const isBot = profile.body.is_bot === true;
  if ((expected.bot && !isBot) || (expected.value !== undefined && (roleValue !== expected.value || isBot))) {
    problems.push(
      `${ROLE_ENV_PREFIX[role]}_EMAIL: ${account.email} is not ${expected.name} on the target (role ${profile.body.role}${isBot ? ', a bot' : ''})`,
    );
    return { answered: true };
  }
  return {
    account: {
      ...resolved,
      secretVar: resolved.apiKey === account.apiKey ? account.secretVar : `${ROLE_ENV_PREFIX[role]}_API_KEY`,
      userId: Number(profile.body.user_id),
      apiEmail: typeof profile.body.email === 'string' ? profile.body.email : resolved.email,
      fullName: String(profile.body.full_name ?? ''),
      roleValue,
      isBot,
    },
    answered: true,
    ...(typeof profile.body.date_joined === 'string' ? { joined: profile.body.date_joined } : {}),
  };
}

/**
 * Roles left unset on an external target: a Zulip development server (and the reference server run on its own)
 * hands out the development realm's keys through POST /dev_fetch_api_key; production servers do not offer it,
 * and the roles stay disabled.
 */
async function developmentAccounts(
  anonymous: ApiClient,
  disabledRoles: Partial<Record<Role, string>>,
  log: (line: string) => void,
): Promise<Partial<Record<Role, AccountConfig>>> {
  const found: Partial<Record<Role, AccountConfig>> = {};
  for (const role of ROLES) {
    if (!disabledRoles[role]) continue;
    const email = DEVELOPMENT_REALM[role].email;
    const res = await anonymous.post('/dev_fetch_api_key', { username: email });
    if (res.status === 404 || res.status === 405 || res.status === 403) break; // not a development server
    if (res.body?.result !== 'success' || typeof res.body.api_key !== 'string') continue;
    found[role] = { email, apiKey: res.body.api_key, secretVar: `${ROLE_ENV_PREFIX[role]}_API_KEY` };
    delete disabledRoles[role];
    log(`${role}: ${email}, the development realm's account (key from POST /dev_fetch_api_key)`);
  }
  return found;
}

async function resolveAccount(
  anonymous: ApiClient,
  role: Role,
  account: NonNullable<Config['accounts'][Role]>,
  problems: string[],
) {
  if (account.apiKey)
    return { email: account.email, apiKey: account.apiKey } as { email: string; apiKey: string; password?: string };
  const res = await anonymous.post('/fetch_api_key', { username: account.email, password: account.password! });
  if (res.body?.result === 'success' && typeof res.body.api_key === 'string') {
    return {
      email: typeof res.body.email === 'string' ? res.body.email : account.email,
      apiKey: res.body.api_key as string,
      password: account.password!,
    };
  }
  problems.push(
    `${account.secretVar}: the target refused the password of ${account.email} for ${role} (${res.body?.msg ?? `HTTP ${res.status}`})`,
  );
  return undefined;
}

/** Limits, settings and feature level from POST /register; the queue it opens is deleted at once. */
async function readRealm(client: ApiClient): Promise<Record<string, any>> {
  const res = await snapshot(client, ['realm']);
  if (res.body?.result !== 'success') {
    throw new SetupError(
      `POST /register failed, so limits and the feature level are unknown: HTTP ${res.status} ${res.text.slice(0, 200)}`,
    );
  }
  const { queue_id: _q, last_event_id: _l, result: _r, msg: _m, ...realm } = res.body;
  return realm;
}

/** The member and the second member, when the run can act as both: the run channels' subscribers. */
function membersOf(accounts: PreparedWorld['accounts']): number[] | undefined {
  const { member, member2 } = accounts;
  return member && member2 && !member2.refused ? [member.userId, member2.userId] : undefined;
}

/**
 * Two public channels of the run's own, the member subscribed, and the second member too (who plays the member's
 * part in about half the checks: helpers/checks/casting.ts); archived by the runner at the end.
 */
async function createRunChannels(
  member: ApiClient,
  admin: ApiClient | undefined,
  prefix: string,
  ledgerFile: string,
  accounts: PreparedWorld['accounts'],
): Promise<PreparedWorld['channels']> {
  const members = membersOf(accounts);
  const names = [`${prefix}channel-1`, `${prefix}channel-2`];
  try {
    await member.mustSetup('POST', '/users/me/subscriptions', {
      subscriptions: names.map((name) => ({
        name,
        description: 'Created by teamchat-conformance; archived when the run ends.',
      })),
      ...(members ? { principals: members } : {}),
    });
    const channels: { id: number; name: string }[] = [];
    for (const name of names) {
      const { stream_id } = await member.mustSetup('GET', '/get_stream_id', { stream: name });
      const entry: LedgerEntry = {
        key: `channel:member:${stream_id}`,
        kind: 'channel',
        role: 'member',
        id: stream_id,
        label: name,
        ...(admin?.identity ? { by: admin.identity.email } : {}),
      };
      recordCreated(ledgerFile, entry);
      oweUndo(accounts, entry);
      channels.push({ id: Number(stream_id), name });
    }
    return channels;
  } catch (error) {
    if (error instanceof Unsupported || error instanceof SetupError)
      return { unavailable: `could not create the run channels: ${error.message}` };
    throw error;
  }
}

const numberOrNull = (v: unknown) => (typeof v === 'number' ? v : null);
