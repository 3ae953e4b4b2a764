/**
 * Custom profile fields as a resource of the realm's model: its steps, and the frame that reads the realm's fields
 * back after each step (GET /realm/profile_fields, a set-up operation) and compares the sequence's own, found by
 * their names, with the model: each that exists listed under the id its creation answered and with the summary flag
 * it was created with, none deleted. The summary's slots are realm-wide: the sequence holds the run's turn on them
 * (takeSummaryTurn), and reads at its start how many fields not its own take one.
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import { fail } from '../../../../helpers/checks/matchers.ts';
import { mustSucceed } from '../../../../helpers/http/setup-failure.ts';
import { fieldAdmin, summaryCount, takeSummaryTurn } from '../../../realm/profile-fields.ts';
import type { Resource } from '../resource.ts';
import { CreateField } from './create.ts';
import { DeleteField } from './delete.ts';
import type { FieldsModel, FieldsReal } from './model.ts';

export function profileFieldsResource(ctx: CheckContext): Resource<FieldsModel, FieldsReal> {
  let noted = false;
  return {
    name: 'profile fields',
    steps: [new CreateField(false), new CreateField(true), new DeleteField()],
    start: async () => {
      ctx.requireRealmChanges('creating custom profile fields');
      await takeSummaryTurn(ctx);
      const others = await summaryCount(ctx);
      if (others > 0 && !noted) {
        noted = true;
        ctx.note(`the realm had ${others} summary field(s) not the sequence's when the first sequence started`);
      }
      return {
        model: { live: [], deleted: [], others, prefix: ctx.unique('pfs'), created: 0 },
        real: { ctx, admin: fieldAdmin(ctx) },
      };
    },
    frame: judgeFields,
    end: async (model, real) => {
      // Set-up, never judged: a field the server will not delete here is left to the check's own clean-up.
      for (const { id } of model.live) {
        const res = await ctx.as(real.admin).delete(`/realm/profile_fields/${id}`);
        if (res.body?.result === 'success') ctx.untrack(real.admin, 'profile-field', id);
      }
    },
  };
}

/** Every field the model holds listed, with its id and its summary flag as created, and no other of the sequence's. */
async function judgeFields(model: FieldsModel, real: FieldsReal): Promise<void> {
  const res = await real.ctx.as(real.admin).get('/realm/profile_fields');
  const { custom_fields } = mustSucceed(res, "reading the realm's custom profile fields back");
  const fields: any[] = Array.isArray(custom_fields) ? custom_fields : [];
  const ours = fields.filter((f) => typeof f?.name === 'string' && f.name.startsWith(`${model.prefix}-`));
  for (const listed of ours) {
    const shown = `listed ${JSON.stringify(listed)}`;
    const kept = model.live.find((f) => f.name === listed.name);
    if (!kept)
      fail(
        res,
        model.deleted.some((f) => f.name === listed.name)
          ? `wanted field ${listed.name} gone: it was deleted; ${shown}`
          : `wanted only the sequence's fields that exist (${model.live.map((f) => f.name).join(', ') || 'none'}); ${shown}`,
      );
    if (listed.id !== kept.id) fail(res, `wanted field ${kept.name} under id ${kept.id}, its creation's; ${shown}`);
    // Zulip lists the flag only where it is true.
    if ((listed.display_in_profile_summary === true) !== kept.summary)
      fail(
        res,
        `wanted field ${kept.name} ${kept.summary ? 'shown' : 'not shown'} in the profile summary, as created; ${shown}`,
      );
  }
  const missing = model.live.filter((f) => !ours.some((l) => l.name === f.name)).map((f) => f.name);
  if (missing.length)
    fail(res, `wanted field${missing.length > 1 ? 's' : ''} ${missing.join(', ')} listed: never deleted`);
}
