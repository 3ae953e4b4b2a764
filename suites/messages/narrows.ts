/**
 * The narrows the target takes, learnt once a run, and every narrow the suite sends, built from them.
 *
 * The contract shows a narrow as a list of {operator, operand} objects, and "Narrow operators and operand formats
 * beyond the operator/operand pair: not shown". It names no operator and no operand format: not `channel` (nor its
 * older `stream`), not a channel's ID or name as its operand, not `topic`; and of search only that "for a search
 * narrow" matches are highlighted, not that a target offers one, nor that its operator is spelt `search`. So no form
 * is required: a target that refuses one (an error envelope) does not depart, and the checks that need it are
 * skipped-unsupported. A form the target takes (a success) is judged as the checks say: a taken narrow that selects
 * wrongly is a failure, never a form "not offered".
 *
 * The learning (a message to the run's shared channel, then one matches_narrow request a form) is done by the first
 * worker of the run that needs it; the others read its word (helpers/world/run-once.ts).
 */
import type { CheckContext } from '../../helpers/checks/context.ts';
import { channelOperator } from '../../helpers/checks/feature-levels.ts';
import { Unsupported } from '../../helpers/errors.ts';
import { setupFailure } from '../../helpers/http/setup-failure.ts';
import { onceForRun } from '../../helpers/world/run-once.ts';
import { contentOf, mustSend, sharedChannel } from './messages.ts';

export type Term = { operator: string; operand: unknown };
export type Narrow = Term[];

/** A form's answer, on the learning's message: selected it, taken without selecting it, or refused. */
export type Answer = 'matched' | 'taken' | 'refused';

export interface NarrowForms {
  /** The channel operator the target takes (`channel`, else `stream`), and its answer to each operand form. */
  readonly channel: { readonly operator: string; readonly id: Answer; readonly name: Answer };
  readonly topic: Answer;
  readonly search: Answer;
}

/** The word the learning's message holds and searches for (letters only: one word to any tokenizer). */
const WORD = 'narrowformsprobe';

/** Learns the forms on a message of the run's shared channel: five requests or so, once a run. */
async function learn(ctx: CheckContext): Promise<NarrowForms> {
  const channel = await sharedChannel(ctx);
  const who = ctx.someone('person');
  const topic = ctx.unique('forms');
  const id = await mustSend(ctx, who, {
    type: 'stream',
    to: channel.id,
    topic,
    content: `${contentOf(ctx, 'forms')} ${WORD}`,
  });
  const ask = async (term: Term): Promise<Answer> => {
    const res = await ctx.as(who).get('/messages/matches_narrow', { msg_ids: [id], narrow: [term] });
    if (res.body?.result === 'error') return 'refused';
    const messages = res.body?.messages;
    if (res.body?.result !== 'success' || messages === null || typeof messages !== 'object')
      throw setupFailure(res, 'a success with messages, or an error', 'learning the narrows the target takes');
    return String(id) in messages ? 'matched' : 'taken';
  };
  // The operator of the target's feature level first; the other where it takes neither operand with it.
  const first = channelOperator(ctx);
  let forms: NarrowForms['channel'] = { operator: first, id: 'refused', name: 'refused' };
  for (const operator of [first, first === 'channel' ? 'stream' : 'channel']) {
    const [byId, byName] = [
      await ask({ operator, operand: channel.id }),
      await ask({ operator, operand: channel.name }),
    ];
    if (byId !== 'refused' || byName !== 'refused') {
      forms = { operator, id: byId, name: byName };
      break;
    }
  }
  // A search index may lag behind the send: taken is offered, whether or not it selects the message yet.
  return {
    channel: forms,
    topic: await ask({ operator: 'topic', operand: topic }),
    search: await ask({ operator: 'search', operand: WORD }),
  };
}

/** This worker's forms of the run (a worker may serve several runs in a row). */
let known: { runId: string; forms: Promise<NarrowForms> } | undefined;

/** The narrow forms the target takes, learnt by the first check of the run to ask. */
export function narrowForms(ctx: CheckContext): Promise<NarrowForms> {
  if (known?.runId !== ctx.world.runId) {
    const forms = onceForRun(
      ctx.world.runId,
      'narrow',
      'forms',
      { waitMs: 5 * 60_000, beginWait: () => ctx.recorder.beginWait() },
      () => learn(ctx),
    );
    // A failed learning is every asking check's error, with the learner's reason.
    known = { runId: ctx.world.runId, forms };
  }
  return known.forms;
}

/**
 * The channel terms to judge a channel narrow by: each operand form that selected the learning's message (the name
 * first), else each the target took; none where it refused both (skipped-unsupported).
 */
export function channelTerms(forms: NarrowForms, channel: { id: number; name: string }): Term[] {
  const { operator, id, name } = forms.channel;
  const by = (answer: Answer) =>
    [
      ...(name === answer ? [{ operator, operand: channel.name }] : []),
      ...(id === answer ? [{ operator, operand: channel.id }] : []),
    ] as Term[];
  const terms = by('matched').length ? by('matched') : by('taken');
  if (terms.length === 0)
    throw new Unsupported(
      `the target takes no channel narrow: ${operator} (and its alias) refused with the channel's ID and with its name`,
    );
  return terms;
}

/** The one channel term a narrow of a place uses: the first of channelTerms. */
export const channelTerm = (forms: NarrowForms, channel: { id: number; name: string }): Term =>
  channelTerms(forms, channel)[0]!;

/** A topic term, where the target takes one. */
export function topicTerm(forms: NarrowForms, topic: string): Term {
  if (forms.topic === 'refused') throw new Unsupported('the target takes no topic narrow: `topic` refused');
  return { operator: 'topic', operand: topic };
}

/** A search term, where the target takes one. */
export function searchTerm(forms: NarrowForms, words: string): Term {
  if (forms.search === 'refused') throw new Unsupported('the target takes no search narrow: `search` refused');
  return { operator: 'search', operand: words };
}

/** Any one term the target takes (a valid narrow, whatever it selects): of the check's channel, else a topic, else a search. */
export async function anyTerm(ctx: CheckContext): Promise<Term> {
  const forms = await narrowForms(ctx);
  const builders = [
    () => channelTerm(forms, ctx.channel()),
    () => topicTerm(forms, 'x'),
    () => searchTerm(forms, WORD),
  ];
  for (const build of builders) {
    try {
      return build();
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
    }
  }
  throw new Unsupported('the target takes none of the narrows the suite knows (channel, topic, search)');
}
