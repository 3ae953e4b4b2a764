// POST /realm/profile_fields — contract: "7. Create a custom profile field", the Custom profile field resource,
// Limits, Authentication item 4. Fields are realm-wide: on an external target these need ALLOW_REALM_CHANGES=true.
import fc from 'fast-check';
import { checksIn } from '../../helpers/checks/check.ts';
import { alikeCases } from '../../helpers/checks/distinct.ts';
import { expectError, expectSuccess, fail, isInt } from '../../helpers/checks/matchers.ts';
import { sharesState } from '../../helpers/checks/shared-state.ts';
import { mustSucceed } from '../../helpers/http/setup-failure.ts';
import type { Role } from '../../helpers/roles.ts';
import { essentialFieldCases, fieldCases } from './profile-field-arbitraries.ts';
import {
  createField,
  FIELD_TYPE,
  fieldAdmin,
  fieldOf,
  listFields,
  SUMMARY_LIMIT,
  summaryCount,
  takeSummaryTurn,
} from './profile-fields.ts';

const { group, check } = checksIn(import.meta.url);

const ADMINS: readonly Role[] = ['owner', 'admin'];
const OTHERS: readonly Role[] = ['moderator', 'member', 'member2', 'guest', 'bot'];

group('POST /realm/profile_fields', () => {
  sharesState('profile-fields');

  check(
    'PROFILE-FIELD-001',
    'MUST create a custom profile field with a new integer id that the realm then lists',
    { section: '7. Create a custom profile field', exercisesOperation: true },
    async (ctx) => {
      const definition = fieldOf(ctx, FIELD_TYPE.shortText, { hint: 'Where you sit' });
      const res = await createField(ctx, fieldAdmin(ctx), definition);
      const { id } = expectSuccess(res, 'creating a Short text field');
      if (!isInt(id)) fail(res, 'wanted an integer id');
      const listed = (await listFields(ctx)).find((f) => f?.id === id);
      if (!listed) fail(res, `wanted field ${id} in GET /realm/profile_fields`);
      if (listed.name !== definition.name)
        fail(res, `wanted field ${id} listed as ${definition.name}, got ${listed.name}`);
    },
  );

  check(
    'PROFILE-FIELD-002',
    'MUST let only organization administrators create custom profile fields',
    { section: '7. Create a custom profile field; Authentication' },
    async (ctx) => {
      ctx.requireRealmChanges('creating custom profile fields');
      const configured = (roles: readonly Role[]) =>
        roles.filter((r) => ctx.world.accounts[r] && !ctx.world.accounts[r].refused);
      // The owner holds every right the admin does: the two alike (one on the quick profile).
      const admins = alikeCases(ctx, configured(ADMINS), (r) => `the ${r}`);
      for (const role of admins) {
        expectSuccess(await createField(ctx, role, fieldOf(ctx, FIELD_TYPE.date)), `a field created by the ${role}`);
      }
      for (const role of configured(OTHERS)) {
        expectError(await createField(ctx, role, fieldOf(ctx, FIELD_TYPE.date)), undefined, `a field by the ${role}`);
      }
      ctx.note(`roles tried: ${[...admins, ...configured(OTHERS)].join(', ')}`);
    },
  );

  check(
    'PROFILE-FIELD-003',
    'MUST refuse a field_type outside 1 to 8',
    { section: '7. Create a custom profile field' },
    async (ctx) => {
      // The two next to the range, and one of those further out (alike: one on the quick profile).
      for (const fieldType of [0, 9, ...alikeCases(ctx, [-1, 42], (t) => `field_type ${t}`)]) {
        const res = await createField(ctx, fieldAdmin(ctx), fieldOf(ctx, fieldType));
        expectError(res, undefined, `a field of field_type ${fieldType}`);
      }
    },
  );

  check(
    'PROFILE-FIELD-004',
    'MUST accept a Dropdown field whose field_data maps choice keys to {text, order} strings',
    { section: 'Resources › Custom profile field' },
    async (ctx) => {
      const res = await createField(ctx, fieldAdmin(ctx), fieldOf(ctx, FIELD_TYPE.dropdown));
      expectSuccess(res, 'a Dropdown field whose choices are {text, order} strings');
    },
  );

  check(
    'PROFILE-FIELD-005',
    'MUST refuse display_in_profile_summary once two fields of the organization have it',
    { section: '7. Create a custom profile field; Limits', since: 146 },
    async (ctx) => {
      const admin = fieldAdmin(ctx);
      await takeSummaryTurn(ctx);
      const shown = await summaryCount(ctx);
      // The realm is not fresh: fill the summary up to the limit with fields of the run's own, then one more.
      for (let n = shown; n < SUMMARY_LIMIT; n++) {
        const res = await createField(
          ctx,
          admin,
          fieldOf(ctx, FIELD_TYPE.shortText, { display_in_profile_summary: true }),
        );
        mustSucceed(res, `creating summary field ${n + 1} of ${SUMMARY_LIMIT}`);
      }
      const extra = await createField(
        ctx,
        admin,
        fieldOf(ctx, FIELD_TYPE.shortText, { display_in_profile_summary: true }),
      );
      expectError(extra, undefined, `a summary field beyond the ${SUMMARY_LIMIT} the organization has`);
      ctx.note(`the realm had ${shown} summary field(s) before the check`);
    },
  );

  check(
    'PROFILE-FIELD-006',
    'MUST refuse display_in_profile_summary for a Users field',
    { section: '7. Create a custom profile field', since: 146 },
    async (ctx) => {
      // A server that accepted the field would take a slot: not while another check counts them.
      await takeSummaryTurn(ctx);
      const shown = await summaryCount(ctx);
      const res = await createField(
        ctx,
        fieldAdmin(ctx),
        fieldOf(ctx, FIELD_TYPE.users, { display_in_profile_summary: true }),
      );
      expectError(res, undefined, 'a Users field with display_in_profile_summary');
      if (shown >= SUMMARY_LIMIT) ctx.note('the summary was already full: the refusal may be for the limit');
    },
  );

  check(
    'PROFILE-FIELD-007',
    'MUST accept use_for_user_matching only for Short text and External account fields',
    { section: '7. Create a custom profile field; Resources › Custom profile field', since: 455 },
    async (ctx) => {
      const admin = fieldAdmin(ctx);
      const accepted = await createField(
        ctx,
        admin,
        fieldOf(ctx, FIELD_TYPE.shortText, { use_for_user_matching: true }),
      );
      expectSuccess(accepted, 'a Short text field with use_for_user_matching');
      // Every other type alike (one on the quick profile).
      const others = [
        FIELD_TYPE.paragraph,
        FIELD_TYPE.dropdown,
        FIELD_TYPE.date,
        FIELD_TYPE.link,
        FIELD_TYPE.users,
        FIELD_TYPE.pronouns,
      ];
      for (const type of alikeCases(ctx, others, (t) => `field_type ${t}`)) {
        const res = await createField(ctx, admin, fieldOf(ctx, type, { use_for_user_matching: true }));
        expectError(res, undefined, `a field of type ${type} with use_for_user_matching`);
      }
    },
  );

  check(
    'PROFILE-FIELD-008',
    'MUST accept exactly the field definitions the contract allows',
    { section: '7. Create a custom profile field; Resources › Custom profile field', since: 455 },
    async (ctx) => {
      const admin = fieldAdmin(ctx);
      await fc.assert(
        fc.asyncProperty(fieldCases(ctx), async ({ definition, valid, why }) => {
          const res = await createField(ctx, admin, definition);
          if (!valid) {
            expectError(res, undefined, `a ${why}`);
            return;
          }
          const { id } = expectSuccess(res, `a ${why}`);
          if (!isInt(id)) fail(res, `wanted an integer id for a ${why}`);
        }),
        ctx.property({ examples: essentialFieldCases(ctx) }),
      );
    },
  );
});
