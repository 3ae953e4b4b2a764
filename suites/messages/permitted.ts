/**
 * The realm's permission settings as a check finds them (contract: 3. Edit a message names the settings that govern
 * permission; Authentication 4: group-setting values). Their values are the realm's, not the contract's: a realm made
 * before Zulip 9.0 lets only administrators move messages between channels. A check that needs accounts allowed
 * reads the setting, widens it where it does not hold them (allowAlso: put back when the check ends), and is
 * skipped-unsupported, naming why, where the target reports no such setting or refuses the change.
 */

import type { CheckContext } from '../../helpers/checks/context.ts';
import { SetupError, Unsupported } from '../../helpers/errors.ts';
import type { Role } from '../../helpers/roles.ts';
import { allowAlso } from './edit.ts';

/** A group of the target's (GET /user_groups): its direct members and subgroups. */
interface Group {
  members: number[];
  subgroups: number[];
}

/** The realm's groups by id, read once a run per worker (the groups a setting's start value names predate it). */
const groupsByRun = new Map<string, Promise<Map<number, Group> | undefined>>();

function groupsOf(ctx: CheckContext): Promise<Map<number, Group> | undefined> {
  let groups = groupsByRun.get(ctx.world.runId);
  if (!groups) {
    groups = ctx
      .as(ctx.someone('anyone'))
      .get('/user_groups')
      .then((res) => {
        const list: unknown = res.body?.user_groups;
        if (res.body?.result !== 'success' || !Array.isArray(list)) return undefined;
        const byId = new Map<number, Group>();
        for (const g of list) {
          if (!Number.isInteger(g?.id) || !Array.isArray(g?.members)) continue;
          byId.set(g.id, {
            members: g.members,
            subgroups: Array.isArray(g.direct_subgroup_ids) ? g.direct_subgroup_ids : [],
          });
        }
        return byId;
      });
    groupsByRun.set(ctx.world.runId, groups);
  }
  return groups;
}

/**
 * Whether a group-setting value holds every one of `userIds`: a group id, or direct members and subgroups, each group
 * read through its subgroups. False where that cannot be told (a group the target does not list, a value of a shape
 * the contract does not give): the check then widens the setting rather than guess.
 */
async function holdsAll(ctx: CheckContext, value: unknown, userIds: readonly number[]): Promise<boolean> {
  const direct = new Set<number>();
  const pending: number[] = [];
  if (Number.isInteger(value)) pending.push(value as number);
  else {
    const v = value as { direct_members?: unknown; direct_subgroups?: unknown } | null;
    if (!Array.isArray(v?.direct_members) || !Array.isArray(v?.direct_subgroups)) return false;
    for (const id of v.direct_members) direct.add(id);
    pending.push(...v.direct_subgroups);
  }
  if (userIds.every((id) => direct.has(id))) return true;
  const groups = await groupsOf(ctx);
  if (!groups) return false;
  const seen = new Set<number>();
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const group = groups.get(id);
    if (!group) return false;
    for (const member of group.members) direct.add(member);
    pending.push(...group.subgroups);
  }
  return userIds.every((id) => direct.has(id));
}

/**
 * Makes sure `setting` (a realm group setting, without its `realm_` prefix) holds `roles` for the rest of the check:
 * the value the run found at its start is kept where it holds them, else widened (allowAlso). `doing` says what the
 * roles need it for, in the skip's reason.
 */
export async function permit(ctx: CheckContext, setting: string, roles: readonly Role[], doing: string): Promise<void> {
  // The accounts first: a role not configured disables the check, naming its variable (and with no account at all
  // there is no register to read the setting from).
  const ids = roles.map((r) => ctx.account(r).userId);
  const value = ctx.world.realm.raw[`realm_${setting}`];
  if (value === undefined)
    throw new Unsupported(
      `POST /register reports no realm_${setting} (a server older than the setting): who may ${doing} is the realm's, and cannot be read or set`,
    );
  if (await holdsAll(ctx, value, ids)) return;
  try {
    await allowAlso(ctx, [setting], roles);
  } catch (error) {
    if (!(error instanceof SetupError)) throw error;
    throw new Unsupported(
      `the realm's ${setting} does not hold the ${roles.join(', ')}, who must ${doing}, and the realm refused to add them: ${error.message.split('\n')[0]}`,
    );
  }
  ctx.note(`the realm's ${setting} did not hold the ${roles.join(', ')}: added for the check`);
}
