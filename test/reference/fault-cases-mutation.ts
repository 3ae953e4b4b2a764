// Probe cases for the faults added with the checks that mutation testing (npm run mutation) showed missing: each
// observes one behaviour on a fresh server, healthy and with the fault. Spread into CASES in faults.test.ts.
import type { FaultId } from '../../reference/faults.ts';
import type { Call, Values } from './support.ts';

type MutationFaultId = Extract<FaultId, `send-${string}`>;

export interface MutationFaultCase {
  readonly probe: (call: Call) => Promise<unknown>;
  readonly healthy: unknown;
  readonly faulty: unknown;
}

const send = (call: Call, form: Values) => call('POST', '/messages', { form: { content: 'hello', ...form } });

export const MUTATION_CASES: Record<MutationFaultId, MutationFaultCase> = {
  'send-unknown-channel-id-bad-request': {
    probe: async (call) => (await send(call, { type: 'stream', to: 2_147_483_000, topic: 'x' })).body.code,
    healthy: 'STREAM_DOES_NOT_EXIST',
    faulty: 'BAD_REQUEST',
  },
  'send-missing-topic-accepted': {
    probe: async (call) => (await send(call, { type: 'stream', to: 'Verona' })).body.result,
    healthy: 'error',
    faulty: 'success',
  },
};
