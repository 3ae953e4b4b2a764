// AUTH-001..003 call every operation: a set-up the target refuses for one operation (its control: a valid request
// that must be accepted first) ends that operation's part alone, and the clauses judge the others.
import { expect, it } from 'vitest';
import { runConformance } from './run-conformance.ts';

it("judge every other operation where one operation's control is refused", async () => {
  // The schedule operation's control (a channel message by ID) is refused; the topic read operation takes no
  // credentials: AUTH-001 must fail on it, not end in error on the schedule operation.
  const run = await runConformance({
    env: { REFERENCE_FAULTS: 'scheduled-channel-id-rejected,auth-topic-read-without-credentials' },
    args: ['--only', 'AUTH-001,AUTH-002,AUTH-003', '--profile', 'full'],
  });
  const clause = (id: string) => run.results!.clauses.find((c) => c.id === id)!;
  expect(clause('AUTH-001').outcome, run.stdout).toBe('failed');
  expect(clause('AUTH-001').reason).toContain('operation 12');
  for (const id of ['AUTH-002', 'AUTH-003']) {
    expect(clause(id).outcome, run.stdout).toBe('passed');
    expect(JSON.stringify(clause(id))).toContain(
      'operation 2 (POST /scheduled_messages) not called: its set-up failed',
    );
  }
  expect(run.code).toBe(1);
}, 180_000);
