// GET /users/{user_id} — contract: "6. Get a user", Resources › User object, Authentication item 5.
import { checksIn } from '../../helpers/checks/check.ts';
import { alikeCases } from '../../helpers/checks/distinct.ts';
import { expectErrorEnvelope, fail } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { SetupError } from '../../helpers/errors.ts';
import { createField, FIELD_TYPE, fieldOf } from '../realm/profile-fields.ts';
import { fieldProblems, roleProblems } from './user-object.ts';
import { accounts, callers, getUser, hideMemberEmail, NO_SUCH_USER_ID, sameEmail } from './users.ts';

const { group, check } = checksIn(import.meta.url);

group('GET /users/{user_id}', () => {
  sharesState('email-visibility');

  check(
    'USER-GET-001',
    'MUST return a user object whose fields have the types the User object gives',
    { section: '6. Get a user; Resources › User object', since: 163, exercisesOperation: true },
    async (ctx) => {
      // The User object's types hold for every caller (what the caller may see changes values, not types): each read
      // by any person, the one with most budget then.
      const gravatar = alikeCases(ctx, [true, false], (g) => `client_gravatar ${g}`);
      for (const { role, account } of accounts(ctx)) {
        for (const client_gravatar of gravatar) {
          const { res, user } = await getUser(ctx, ctx.someone('person'), account.userId, { client_gravatar });
          const problems = fieldProblems(user, ctx.world.featureLevel);
          if (problems.length) fail(res, `wanted the ${role}'s user object well typed: ${problems.join('; ')}`);
        }
      }
    },
  );

  check(
    'USER-GET-002',
    'MUST give a role of 100, 200, 300, 400 or 600 that agrees with is_owner, is_admin and is_guest, an owner being an administrator too',
    { section: 'Resources › User object', since: 60 },
    async (ctx) => {
      // Role flags are the same whoever asks: each read by any person, the one with most budget then.
      for (const { role, account } of accounts(ctx)) {
        const { res, user } = await getUser(ctx, ctx.someone('person'), account.userId);
        const problems = roleProblems(user);
        if (!account.isBot && user.role !== account.roleValue) problems.push(`role ${user.role} for the ${role}`);
        if (problems.length) fail(res, `wanted the ${role}'s role flags to agree: ${problems.join('; ')}`);
      }
    },
  );

  check(
    'USER-GET-004',
    "MUST show a bot's real email in delivery_email to every caller",
    { section: 'Resources › User object', since: 163 },
    async (ctx) => {
      const bot = ctx.account('bot');
      for (const { role } of callers(ctx)) {
        const { res, user } = await getUser(ctx, role, bot.userId);
        if (!sameEmail(user.delivery_email, bot.email))
          fail(res, `wanted the bot's real email ${bot.email} in delivery_email for the ${role}`);
      }
    },
  );

  // Who may see a hidden address is not the contract's to say ("a fake … address when the caller may not view the
  // real one; delivery_email is null then", Authentication 5): a server may show it to administrators only, as
  // Zulip does, or to more callers. What the contract fixes is the pair a caller reads: delivery_email null comes
  // with a fake email (USER-GET-005), and a delivery_email that is not null is the real address (USER-GET-006).
  // Neither check asks which roles see the address; each records who did.

  check(
    'USER-GET-005',
    "MUST give a caller who may not see a user's real email (delivery_email null) a fake email that is not the real address",
    { section: 'Authentication; Resources › User object', since: 163 },
    async (ctx) => {
      const member = await hideMemberEmail(ctx);
      // Every caller reads the member (visibility: administrators only) and, where configured and beyond the quick
      // profile (a pull request's run, within one window of a per-user rate limit), the second member (whatever
      // visibility the run leaves it). Whoever reads null in delivery_email must read a fake email.
      const users = [{ name: 'member', account: member }];
      const other = ctx.world.accounts.member2;
      if (ctx.world.profile === 'quick') ctx.note('quick profile: only the member was read by every caller');
      else if (other && !other.refused) users.push({ name: 'second member', account: other });
      else ctx.note('no second member configured: only the member was read by every caller');
      const refused: string[] = [];
      const askers = callers(ctx);
      for (const { name, account } of users) {
        for (const { role } of askers) {
          const { res, user } = await getUser(ctx, role, account.userId);
          if (user.delivery_email !== null) continue;
          refused.push(`${role} (${name})`);
          if (typeof user.email !== 'string' || sameEmail(user.email, account.email))
            fail(
              res,
              `the ${role} read the ${name}'s delivery_email null with email ${JSON.stringify(user.email)}: wanted a fake email, not the real address`,
            );
        }
      }
      ctx.note(
        refused.length
          ? `read with delivery_email null (a fake email each): ${refused.join(', ')}`
          : 'every caller may see every real address here: no hidden address to judge',
      );
    },
  );

  check(
    'USER-GET-006',
    "MUST give in delivery_email only the user's real address or null, never another address, whatever the user's email visibility",
    { section: 'Authentication; Resources › User object', since: 163 },
    async (ctx) => {
      // Under the member's own visibility, then under administrators only: a caller either reads the real address
      // in delivery_email or null — never another address (the fake one among them).
      const member = ctx.account('member');
      const seen: string[] = [];
      const askers = callers(ctx);
      const readAll = async (visibility: string) => {
        const shown: string[] = [];
        for (const { role } of askers) {
          const { res, user } = await getUser(ctx, role, member.userId);
          const delivery = user.delivery_email;
          if (delivery !== null && !sameEmail(delivery, member.email))
            fail(
              res,
              `the ${role} read the member's delivery_email ${JSON.stringify(delivery)} (visibility: ${visibility}): wanted the real address ${member.email} or null`,
            );
          if (delivery !== null) shown.push(role);
        }
        seen.push(`${visibility}: ${shown.length ? shown.join(', ') : 'nobody'}`);
      };
      await readAll('as the run found it');
      await hideMemberEmail(ctx);
      await readAll('administrators only');
      ctx.note(`who read the member's real address: ${seen.join('; ')}`);
    },
  );

  check(
    'USER-GET-007',
    'MUST give a string avatar_url when client_gravatar is false or when the caller cannot see the real email',
    { section: '6. Get a user; Resources › User object', since: 163 },
    async (ctx) => {
      // Without gravatar every caller reads a string: each read by any person, the one with most budget then.
      for (const { role, account } of accounts(ctx)) {
        const { res, user } = await getUser(ctx, ctx.someone('person'), account.userId, { client_gravatar: false });
        if (typeof user.avatar_url !== 'string')
          fail(res, `wanted a string avatar_url for the ${role} without gravatar`);
      }
      const member = await hideMemberEmail(ctx);
      for (const { role } of callers(ctx)) {
        const { res, user } = await getUser(ctx, role, member.userId, { client_gravatar: true });
        // Null is allowed only when the caller can see the real email; a null delivery_email says it cannot.
        if (user.delivery_email === null && typeof user.avatar_url !== 'string')
          fail(res, `wanted a string avatar_url for the ${role}, who cannot see the member's email`);
      }
    },
  );

  check(
    'USER-GET-008',
    'MUST include profile_data only for non-bot users and only when include_custom_profile_fields is true',
    { section: '6. Get a user; Resources › User object' },
    async (ctx) => {
      const human = ctx.account('member2');
      const bot = ctx.account('bot');
      // Any person may ask: profile_data follows the request and the user asked about, not who asks.
      const caller = ctx.someone('person');
      const asked = await getUser(ctx, caller, human.userId, { include_custom_profile_fields: true });
      if (typeof asked.user.profile_data !== 'object' || asked.user.profile_data === null)
        fail(asked.res, 'wanted profile_data for a human when custom profile fields are requested');
      for (const params of [{}, { include_custom_profile_fields: false }]) {
        const { res, user } = await getUser(ctx, caller, human.userId, params);
        if ('profile_data' in user) fail(res, 'wanted no profile_data unless custom profile fields are requested');
      }
      const ofBot = await getUser(ctx, caller, bot.userId, { include_custom_profile_fields: true });
      if ('profile_data' in ofBot.user) fail(ofBot.res, 'wanted no profile_data for a bot');
    },
  );

  check(
    'USER-GET-009',
    'MUST key profile_data by custom profile field ID, each entry with a string value and, where given, a string rendered_value',
    { section: 'Resources › User object' },
    async (ctx) => {
      const admin = ctx.world.accounts.admin ? 'admin' : 'owner';
      const values = new Map<number, { value: string; markdown: boolean }>();
      for (const [type, value] of [
        [FIELD_TYPE.shortText, 'Desk 42'],
        [FIELD_TYPE.paragraph, 'Likes **tea**'],
      ] as const) {
        const res = await createField(ctx, admin, fieldOf(ctx, type));
        if (res.body?.result !== 'success')
          throw new SetupError(`creating a profile field failed: ${res.text.slice(0, 200)}`);
        values.set(res.body.id, { value, markdown: type === FIELD_TYPE.paragraph });
      }
      const data = [...values].map(([id, { value }]) => ({ id, value }));
      await ctx.member.mustSetup('PATCH', '/users/me/profile_data', { data });
      const { res, user } = await getUser(ctx, 'member2', ctx.account('member').userId, {
        include_custom_profile_fields: true,
      });
      // "for Markdown-supporting fields, rendered_value (string)": the contract does not say which field types
      // support Markdown (Zulip: Short text and Paragraph), so a rendered_value is judged as a string where present,
      // and its absence on the Paragraph field is recorded, not judged.
      for (const [id, { value, markdown }] of values) {
        const entry = user.profile_data?.[String(id)];
        if (entry?.value !== value) fail(res, `wanted profile_data["${id}"].value ${JSON.stringify(value)}`);
        if ('rendered_value' in entry && typeof entry.rendered_value !== 'string')
          fail(res, `wanted profile_data["${id}"].rendered_value to be a string where present`);
        if (markdown && !('rendered_value' in entry))
          ctx.note(`the Paragraph field ${id} has no rendered_value: the target does not render it as Markdown`);
      }
    },
  );

  check(
    'USER-GET-010',
    'MUST answer an unknown user ID with the error envelope',
    { section: '6. Get a user; Errors' },
    async (ctx) => {
      expectErrorEnvelope(await ctx.member.get(`/users/${NO_SUCH_USER_ID}`), 'getting a user that does not exist');
    },
  );

  check(
    'USER-GET-011',
    'MUST give bots a bot_type from 1 to 4 and a bot_owner_id (an integer or null)',
    { section: 'Resources › User object' },
    async (ctx) => {
      // Bot fields are the same whoever asks: any person asks.
      const caller = ctx.someone('person');
      const bot = ctx.account('bot');
      const { res, user } = await getUser(ctx, caller, bot.userId);
      if (user.is_bot !== true) fail(res, 'wanted is_bot true for the bot');
      if (![1, 2, 3, 4].includes(user.bot_type)) fail(res, `wanted the bot's bot_type from 1 to 4`);
      if (!('bot_owner_id' in user) || !(user.bot_owner_id === null || Number.isInteger(user.bot_owner_id)))
        fail(res, 'wanted the bot to carry bot_owner_id, an integer or null');
    },
  );

  check('USER-GET-012', 'MUST give humans a bot_type of null', { section: 'Resources › User object' }, async (ctx) => {
    // The table gives bot_type as "integer or null", null meaning not a bot: a human's is null, not left out.
    // Whoever asks: each read by any person, the one with most budget then.
    for (const { role, account } of accounts(ctx).filter(({ account }) => !account.isBot)) {
      const { res, user } = await getUser(ctx, ctx.someone('person'), account.userId);
      if (user.is_bot !== false) fail(res, `wanted is_bot false for the ${role}, a human`);
      if (user.bot_type !== null)
        fail(
          res,
          `wanted bot_type null for the ${role}, a human, got ${'bot_type' in user ? JSON.stringify(user.bot_type) : 'no bot_type'}`,
        );
    }
  });
});
