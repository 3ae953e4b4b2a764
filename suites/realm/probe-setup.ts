/** The probe set-up of creating a custom profile field (7): see suites/conventions/probe-setups.ts. */
import type { OperationKey } from '../../contract/index.ts';
import { isInt } from '../../helpers/checks/matchers.ts';
import { aPerson, createdBy, leftBehind, type ProbeSetupEntry, probeSetup } from '../conventions/probe-setup-kit.ts';
import { listFields } from './profile-fields.ts';

const createProfileField = probeSetup({
  // An administrators' operation: its controls and probes are an administrator's whoever the caller is.
  caller: aPerson,
  prepare: async (ctx, { administrator }) => {
    ctx.requireRealmChanges('probing custom profile field creation');
    const admin = administrator();
    const marker = ctx.unique('pf');
    const made = createdBy(ctx, admin, 'profile-field', 'id');
    return {
      on: { marker },
      // A field's name is taken once: the controls create twins named apart (under the marker, known by their ids).
      twin: { marker: `${marker}-control` },
      afterControl: made.accept,
      accepted: made.accept,
      readBack: async () => {
        const found = (await listFields(ctx, admin)).filter(
          (f) => String(f?.name ?? '').startsWith(marker) && !made.ids.has(f.id),
        );
        for (const f of found) if (isInt(f.id)) ctx.track(admin, 'profile-field', f.id, `profile field ${f.name}`);
        return leftBehind('profile field', found);
      },
    };
  },
  valid: (on) => [
    { params: { name: `${on.marker}-a`, field_type: 1 } },
    { params: { name: `${on.marker}-b`, field_type: 3, field_data: { a: { text: 'A', order: '1' } } } },
  ],
});

export const realmSetups = {
  'POST /realm/profile_fields': createProfileField,
} satisfies Partial<Record<OperationKey, ProbeSetupEntry>>;
