// Bad-input probes generated from the contract model (contract/probes.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allProbes,
  keyOf,
  OPERATIONS,
  operation,
  operationOf,
  type Probe,
  probeArbitrary,
  probesFor,
  probeVerdict,
  QUICK_KINDS,
  sampleProbes,
  takesBadInput,
  type ValidRequests,
} from '../../contract/index.ts';
import type { RunObjects } from '../../suites/conventions/probe-setup-kit.ts';
import { probeSetupOf } from '../../suites/conventions/probe-setups.ts';

const USER = 11;
const CHANNEL = 21;
const MESSAGE = 31;

/** A run's objects, made up: the operations' own set-ups (suites/<area>/probe-setup.ts) build the valid requests. */
const OBJECTS: RunObjects = {
  channelId: CHANNEL,
  userId: USER,
  messageId: MESSAGE,
  marker: 'cf-t',
  queueId: 'q-1',
  token: 'c0ffee',
  groupId: 5,
  login: { email: 'hamlet@zulip.com', password: 'pw' },
  narrowTerm: { operator: 'channel', operand: CHANNEL },
  featureLevel: null,
  later: 2e9,
};

/** Valid requests of every operation, as the probe set-ups build them on a run's objects. */
const valid: ValidRequests = (op) => probeSetupOf(op).valid(OBJECTS);

const probes = allProbes(valid);
const full = sampleProbes(probes, 'full', 1);

/** Parameters no bad value exists for: optional strings without a set of values, a refused bound or a rule. */
const UNPROBED = [
  'PATCH /messages/{message_id} topic',
  'PATCH /messages/{message_id} prev_content_sha256',
  'POST /realm/profile_fields name',
  'POST /realm/profile_fields hint',
  'POST /mobile_push/test_notification token',
];

describe('probes', () => {
  it('cover every parameter of every operation in the full profile, but those no bad value exists for', () => {
    const covered = new Set(full.map((p) => `${p.operation} ${p.param}`));
    const all = OPERATIONS.flatMap((op) => op.params.map((p) => `${keyOf(op)} ${p.name}`));
    expect(all.filter((name) => !covered.has(name))).toEqual(UNPROBED);
  });

  it('include each kind the model calls for', () => {
    const ids = new Set(probes.map((p) => p.id));
    for (const id of [
      'POST /messages type missing#0',
      'POST /messages topic missing#0',
      'POST /drafts drafts not-json#0',
      'POST /drafts drafts wrong-json-type#0',
      'POST /scheduled_messages scheduled_delivery_timestamp not-integer#0',
      'GET /streams include_all not-boolean#0',
      'POST /realm/profile_fields field_type outside-enum#0',
      'POST /drafts drafts[].to beyond-limit#0',
      'POST /users/me/apns_device_token token beyond-limit#0',
      'PATCH /messages/{message_id} content rule#0',
      'POST /messages queue_id rule#0',
      'GET /users/{user_id} user_id not-integer#0',
    ]) {
      expect(ids, id).toContain(id);
    }
  });

  it('exist for exactly the operations takesBadInput names (those with a BAD-* clause)', () => {
    for (const op of OPERATIONS)
      expect(takesBadInput(op), keyOf(op)).toBe(probes.some((p) => p.operation === keyOf(op)));
  });

  it('have unique ids, and each changes its base request', () => {
    expect(new Set(probes.map((p) => p.id)).size).toBe(probes.length);
    for (const p of probes) expect(p.request, p.id).not.toEqual(p.base);
  });

  it('call their own operation, or (a non-integer path id) no operation at all', () => {
    for (const p of probes) {
      const op = operationOf(p.request.method, p.request.path);
      if (p.kind === 'not-integer' && p.expect.notFoundAccepted) expect(op, p.id).toBeUndefined();
      else expect(op && keyOf(op), p.id).toBe(p.operation);
    }
  });

  it('label the mutation and name the answer wanted', () => {
    const notJson = probes.find((p) => p.id === 'POST /drafts drafts not-json#0')!;
    expect(notJson.label).toBe('drafts: not JSON');
    expect(notJson.request.params.drafts).toBe('[1,');
    expect(notJson.expect).toMatchObject({ result: 'error', code: 'BAD_REQUEST', codeFixed: false });
    const missing = probes.find((p) => p.id === 'DELETE /events queue_id missing#0')!;
    expect(missing.request.params).toEqual({});
    expect(missing.expect).toMatchObject({
      code: 'BAD_REQUEST',
      codeFixed: true,
      refinements: ['REQUEST_VARIABLE_MISSING'],
    });
    const count = probes.find((p) => p.id === 'POST /drafts drafts[].to beyond-limit#0')!;
    expect(JSON.parse(count.request.params.drafts as string)[1].to).toEqual([CHANNEL, 2_000_000_000]);
    expect(count.expect).toMatchObject({ code: 'BAD_REQUEST', codeFixed: true });
    // "If given, local_id is required" is a missing parameter (BAD_REQUEST); change_later on a content-only edit
    // is an invalid value, whose code the contract leaves open.
    const needs = probes.find((p) => p.id === 'POST /messages queue_id rule#0')!;
    expect(needs.expect).toMatchObject({ code: 'BAD_REQUEST', codeFixed: true });
    const mode = probes.find((p) => p.id === 'PATCH /messages/{message_id} propagate_mode rule#0')!;
    expect(mode.expect).toMatchObject({ codeFixed: false });
    expect(probeVerdict(mode, { status: 400, body: { result: 'error', msg: 'no', code: 'CF_OTHER' } }).verdict).toBe(
      'other-code',
    );
  });

  it('never probe a message length or a topic length, which servers may truncate', () => {
    const lengths = probes.filter((p) => p.kind === 'beyond-limit' && (p.param === 'content' || p.param === 'topic'));
    expect(lengths).toEqual([]);
  });

  it('probe a parameter only from a base where the server reads it', () => {
    const typing = probes.filter((p) => p.operation === 'POST /typing');
    for (const p of typing.filter((p) => p.param === 'to')) expect(p.request.params.type, p.id).toBeUndefined();
    // The channel base: `stream`, or `channel` from level 248 (Versioning); the set-up sends the older name.
    for (const p of typing.filter((p) => p.param === 'stream_id' || p.param === 'topic')) {
      expect(['stream', 'channel'], p.id).toContain(p.request.params.type);
    }
    for (const p of probes.filter((p) => p.param === 'field_data')) expect(p.request.params.field_type, p.id).toBe(3);
    // Element probes of `to` and `topic` use the channel draft, not the unaddressed one whose fields are ignored.
    for (const p of probes.filter((p) => p.param === 'drafts' && (p.element === 'to' || p.element === 'topic'))) {
      expect(p.label, p.id).toMatch(/\[1\]/);
    }
  });

  it('say who must send them', () => {
    const admin = probes.filter((p) => p.caller === 'administrator').map((p) => `${p.operation} ${p.param}`);
    expect([...new Set(admin)]).toEqual([
      'POST /realm/profile_fields field_type',
      'POST /realm/profile_fields field_data',
      'POST /realm/profile_fields display_in_profile_summary',
      'POST /realm/profile_fields required',
      'POST /realm/profile_fields editable_by_user',
      'POST /realm/profile_fields use_for_user_matching',
      'POST /streams/{stream_id}/delete_topic stream_id',
      'POST /streams/{stream_id}/delete_topic topic_name',
      'GET /streams include_all_active',
    ]);
  });

  it('skip operations without valid requests', () => {
    expect(probesFor(operation(10), () => undefined)).toEqual([]);
    expect(allProbes(valid, { operations: [operation(11)] })).toEqual([]);
  });
});

describe('probe profiles', () => {
  it('full has variant 0 of every probe; nightly all of them', () => {
    expect(full.every((p) => p.variant === 0)).toBe(true);
    expect(sampleProbes(probes, 'nightly', 1)).toEqual(probes);
    expect(full.length).toBeLessThan(probes.length);
  });

  it('quick is one probe of each of two kinds for each operation, taken from full, every kind over a few seeds', () => {
    const kinds = (list: readonly Probe[]) => [...new Set(list.map((p) => `${p.operation} ${p.kind}`))].sort();
    const operations = (list: readonly Probe[]) => [...new Set(list.map((p) => p.operation))].sort();
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const quick = sampleProbes(probes, 'quick', seed);
      expect(operations(quick)).toEqual(operations(full));
      for (const op of operations(full)) {
        const available = kinds(full).filter((k) => k.startsWith(`${op} `)).length;
        expect(kinds(quick.filter((p) => p.operation === op))).toHaveLength(Math.min(QUICK_KINDS, available));
      }
      expect(quick).toHaveLength(kinds(quick).length);
      for (const p of quick) expect(full).toContain(p);
      for (const k of kinds(quick)) seen.add(k);
    }
    expect([...seen].sort()).toEqual(kinds(full));
  });

  it('is the same for the same seed, and moves with the seed', () => {
    const ids = (seed: number) => sampleProbes(probes, 'quick', seed).map((p) => p.id);
    expect(ids(42)).toEqual(ids(42));
    expect(new Set([1, 2, 3, 4, 5].map((s) => ids(s).join())).size).toBeGreaterThan(1);
  });

  it('offers an arbitrary for properties', () => {
    fc.assert(
      fc.property(probeArbitrary(full), (p: Probe) => p.expect.result === 'error' && p.variant === 0),
      { seed: 1, numRuns: 50 },
    );
  });
});

describe('probe verdicts', () => {
  const missing = probes.find((p) => p.id === 'DELETE /events queue_id missing#0')!;
  const notJson = probes.find((p) => p.id === 'POST /drafts drafts not-json#0')!;
  const pathId = probes.find((p) => p.id === 'GET /users/{user_id} user_id not-integer#0')!;
  const error = (code: string) => ({ status: 400, body: { result: 'error', msg: 'x', code } });

  it('accept the code wanted, and take a more specific one as a refinement', () => {
    expect(probeVerdict(missing, error('BAD_REQUEST')).verdict).toBe('conforms');
    expect(probeVerdict(missing, error('REQUEST_VARIABLE_MISSING')).verdict).toBe('refined');
    expect(probeVerdict(notJson, error('REQUEST_VARIABLE_INVALID')).verdict).toBe('refined');
  });

  it('accept any code where the contract fixes none, but not where it does', () => {
    expect(probeVerdict(notJson, error('SOMETHING_ELSE')).verdict).toBe('other-code');
    expect(probeVerdict(missing, error('SOMETHING_ELSE')).verdict).toBe('departs');
  });

  it('fail an answer that is not a refusal', () => {
    const verdict = probeVerdict(notJson, { status: 200, body: { result: 'success', msg: '', ids: [] } });
    expect(verdict).toEqual({
      verdict: 'departs',
      message: 'drafts: not JSON: wanted a refusal, got result "success"',
    });
  });

  it('fail a server error, a body that is no envelope, and an error without string msg and code', () => {
    const crash = probeVerdict(missing, { status: 500, body: { result: 'error', msg: 'x', code: 'BAD_REQUEST' } });
    expect(crash).toEqual({
      verdict: 'departs',
      message: 'queue_id: missing: answered with HTTP 500, a server error',
    });
    expect(probeVerdict(missing, { status: 400, body: undefined }).verdict).toBe('departs');
    expect(probeVerdict(missing, { status: 400, body: ['error'] }).verdict).toBe('departs');
    expect(probeVerdict(missing, { status: 400, body: { result: 'error', code: 'BAD_REQUEST' } }).verdict).toBe(
      'departs',
    );
    expect(probeVerdict(missing, { status: 400, body: { result: 'error', msg: 'x' } }).verdict).toBe('departs');
  });

  it('build a fraction on the id of the base, so that a lenient server acts on an object of the run', () => {
    const fractions = probes
      .filter((p) => p.kind === 'not-integer' && p.variant === 1)
      .map((p) => [p.param, p.mutations[0]]);
    expect(fractions).toContainEqual(['user_id', { param: 'user_id', action: 'set', value: `${USER}.5`, in: 'path' }]);
    expect(fractions).toContainEqual(['stream_id', { param: 'stream_id', action: 'set', value: `${CHANNEL}.5` }]);
  });

  it('set aside a parameter the target lists as unsupported (it predates it), but not another one', () => {
    const flag = probes.find((p) => p.id === 'GET /streams include_all not-boolean#0')!;
    const ignoring = (names: string[]) => ({
      status: 200,
      body: { result: 'success', msg: '', streams: [], ignored_parameters_unsupported: names },
    });
    expect(probeVerdict(flag, ignoring(['include_all'])).verdict).toBe('unsupported');
    expect(probeVerdict(flag, ignoring(['include_default'])).verdict).toBe('departs');
  });

  it('take a plain 404 for a path id that is no integer', () => {
    expect(probeVerdict(pathId, { status: 404, body: undefined }).verdict).toBe('conforms');
    expect(probeVerdict(pathId, error('BAD_REQUEST')).verdict).toBe('conforms');
    expect(probeVerdict(notJson, { status: 404, body: undefined }).verdict).toBe('departs');
  });
});
