// The mute sequences' covering walk (suites/users/mute/walk.ts): each step's kind as the model stands, and a walk
// that takes only steps the pool allows, toward pairs not taken.
import { describe, expect, it } from 'vitest';
import { PairTally } from '../../helpers/checks/pairs.ts';
import { seededRandom } from '../../helpers/checks/seeds.ts';
import { ListMutedCommand } from '../../suites/users/mute/commands/list-muted.ts';
import { MuteCommand } from '../../suites/users/mute/commands/mute.ts';
import { SendFromCommand } from '../../suites/users/mute/commands/send-from.ts';
import { UnmuteCommand } from '../../suites/users/mute/commands/unmute.ts';
import type { MuteModel, Target } from '../../suites/users/mute/model.ts';
import { coveringSteps, kindOf, MUTE_KINDS } from '../../suites/users/mute/walk.ts';

const self: Target = { label: 'self', userId: 1, role: 'moderator', self: true, exists: true };
const member: Target = { label: 'member', userId: 2, role: 'member', self: false, exists: true };
const nobody: Target = { label: 'nobody', userId: 9, self: false, exists: false };

describe('mute kinds', () => {
  it('name each step by what the model says it meets', () => {
    const model: MuteModel = { muted: new Set([2]) };
    const none: MuteModel = { muted: new Set() };
    expect(kindOf(new MuteCommand(member), none)).toBe('mute');
    expect(kindOf(new MuteCommand(member), model)).toBe('mute:again');
    expect(kindOf(new MuteCommand(self), none)).toBe('mute:refused');
    expect(kindOf(new MuteCommand(nobody), none)).toBe('mute:refused');
    expect(kindOf(new UnmuteCommand(member), model)).toBe('unmute');
    expect(kindOf(new UnmuteCommand(member), none)).toBe('unmute:not-muted');
    expect(kindOf(new SendFromCommand(member), model)).toBe('send:muted');
    expect(kindOf(new ListMutedCommand(), none)).toBe('list');
  });
});

describe('coveringSteps', () => {
  it('takes only steps the model allows: with nobody muted, no unmute of someone muted, no send from one', () => {
    const model: MuteModel = { muted: new Set() };
    const tally = new PairTally([...MUTE_KINDS]);
    for (const step of coveringSteps(model, [self, member, nobody], tally, seededRandom(1), { steps: 20, stall: 20 })) {
      const kind = kindOf(step, model);
      expect(['unmute', 'mute:again', 'send:muted']).not.toContain(kind);
      tally.step(kind);
    }
    expect(tally.size).toBeGreaterThan(0);
  });
});
