/** The probe set-up of fetching an API key (8): see suites/conventions/probe-setups.ts. */
import type { OperationKey } from '../../contract/index.ts';
import type { CheckContext } from '../../helpers/checks/context.ts';
import { Disabled } from '../../helpers/errors.ts';
import { registerSecret } from '../../helpers/http/redact.ts';
import { ROLE_ENV_PREFIX, ROLES, type Role } from '../../helpers/roles.ts';
import { aPerson, type ProbeSetupEntry, probeSetup } from '../conventions/probe-setup-kit.ts';

/**
 * A login that succeeds: the caller's password where it has one, else the first account configured with one.
 * Without any, disabled naming the variable: a base with a wrong password would be refused whatever the probe, and
 * wrong passwords count against Zulip's login limit (5 failures in 30 minutes).
 */
function loginOf(ctx: CheckContext, caller: Role): { email: string; password: string } {
  for (const role of [caller, ...ROLES]) {
    const account = ctx.world.accounts[role];
    if (account?.password) return { email: account.email, password: account.password };
  }
  const variable = `${ROLE_ENV_PREFIX[caller === 'bot' ? 'member' : caller]}_PASSWORD`;
  throw new Disabled(`needs an account configured with a password (e.g. ${variable}): the probes start from a login`);
}

const fetchApiKey = probeSetup({
  caller: aPerson,
  // The real password: the report masks it (a password parameter is never shown), and the key answered too.
  prepare: async (ctx, { caller }) => ({
    on: { login: loginOf(ctx, caller) },
    afterControl: (res) => registerSecret(res.body?.api_key),
  }),
  valid: (on) => [{ params: { username: on.login.email, password: on.login.password } }],
});

export const authSetups = {
  'POST /fetch_api_key': fetchApiKey,
} satisfies Partial<Record<OperationKey, ProbeSetupEntry>>;
