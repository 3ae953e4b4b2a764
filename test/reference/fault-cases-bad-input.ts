// The bad-input faults (reference/http/bad-input.faults.ts): each operation's crash on a parameter it cannot read,
// and Create drafts' partial write. The observation sends that operation one bad request (derived from the contract
// model, as the crashes are); the kill matrix proves the rest.

import { NOT_BOOLEAN, NOT_INTEGER, NOT_JSON, outsideEnum } from '../../contract/bad-values.ts';
import { OPERATIONS, type Operation, type Param, takesBadInput } from '../../contract/index.ts';
import { crashOf } from '../../reference/http/bad-input.faults.ts';
import { type Call, type CallOptions, draftOf, lookup } from './support.ts';

interface BadInputCase {
  readonly observe: (call: Call) => Promise<unknown>;
  readonly healthy: unknown;
  readonly faulty: unknown;
}

/** The status and whether the body is the JSON envelope. */
const answer = async (reply: ReturnType<Call>) => {
  const { status, body } = await reply;
  return [status, typeof body?.result === 'string'];
};
const crashCase = (method: string, path: string, options: CallOptions = {}): BadInputCase => ({
  observe: (call) => answer(call(method, path, options)),
  healthy: [400, true],
  faulty: [500, false],
});

/**
 * A value the parameter cannot be read as, from the probes' own bad values: not an integer or a boolean, outside its
 * set, not JSON.
 */
function unreadable(p: Param): string | number | undefined {
  if (p.type.kind === 'integer') return NOT_INTEGER[0];
  if (p.type.kind === 'boolean') return NOT_BOOLEAN[0];
  return outsideEnum(p.type)[0] ?? (p.encoding === 'json' ? NOT_JSON[0] : undefined);
}

/**
 * A request the operation cannot read: its path ids not integers; else none of its parameters, or, where it needs
 * none, the first one that can be unreadable. Sent as the administrator (as no one where the operation takes no
 * credentials), whom no permission refuses first.
 */
function crashCaseOf(op: Operation): BadInputCase {
  const path = op.path.replace(/\{[^}]+\}/g, NOT_INTEGER[0]);
  const as = op.auth === 'none' ? 'none' : 'admin';
  const needsOne = op.path.includes('{') || op.params.some((p) => p.in === 'request' && p.required === true);
  const bad = op.params
    .filter((p) => p.in === 'request')
    .map((p) => [p.name, unreadable(p)] as const)
    .find(([, value]) => value !== undefined);
  const values = needsOne || !bad ? {} : Object.fromEntries([bad]);
  return crashCase(op.method, path, { as, ...(op.method === 'GET' ? { query: values } : { form: values }) });
}

const CRASH_CASES = Object.fromEntries(
  OPERATIONS.filter(takesBadInput).map((op) => [crashOf(op), crashCaseOf(op)]),
) as Record<ReturnType<typeof crashOf>, BadInputCase>;

export const BAD_INPUT_CASES = {
  ...CRASH_CASES,
  'bad-input-drafts-partial-write': {
    observe: async (call) => {
      const id = await (await lookup(call)).channelId('Verona');
      const refused = await call('POST', '/drafts', {
        form: { drafts: [draftOf.unaddressed(), draftOf.channel(id, { to: [id, id + 1] })] },
      });
      const { body } = await call('GET', '/drafts');
      return [refused.body?.result, body.drafts.length];
    },
    healthy: ['error', 0],
    faulty: ['error', 1],
  } as BadInputCase,
};
