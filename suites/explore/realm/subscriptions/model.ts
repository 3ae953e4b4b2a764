/**
 * The model of one user's subscriptions to a few channels of the sequence's own (contract: operations 13 and 14;
 * set-up: POST and DELETE /users/me/subscriptions, TARGET.md): to which of them the user is subscribed. Joining or
 * being added subscribes, leaving or being removed unsubscribes; nothing else changes it. GET /users/me/subscriptions
 * lists exactly the channels subscribed; GET /streams with its defaults lists the public channels, and a private one
 * only while the user is subscribed (the listing model of suites/channels).
 */
import type { CheckContext } from '../../../../helpers/checks/context.ts';
import type { Role } from '../../../../helpers/roles.ts';
import type { Caller } from '../../../channels/listing-model.ts';

export interface SubChannel {
  readonly id: number;
  readonly name: string;
  readonly private: boolean;
}

export interface SubsModel {
  /** The sequence's channels: two public, two private. */
  readonly channels: readonly SubChannel[];
  /** Ids of the channels the user is subscribed to, in the order subscribed. */
  readonly subscribed: number[];
  /** Ids of the channels the user was unsubscribed from at least once (subscribing again is where servers slip). */
  readonly unsubscribed: number[];
}

export interface SubsReal {
  readonly ctx: CheckContext;
  /** Whose subscriptions: a person who administers nothing (an administrator sees every channel's metadata). */
  readonly user: Role;
  readonly caller: Caller;
  readonly userId: number;
  /** Who creates the channels (subscribed to all of them) and subscribes and unsubscribes the user (principals). */
  readonly admin: Role;
}

export const isSubscribed = (model: Readonly<SubsModel>, id: number) => model.subscribed.includes(id);

/** A channel of the privacy given to which the user is not subscribed: one it was in before where there is one. */
export function unsubscribedOf(model: Readonly<SubsModel>, priv: boolean): SubChannel | undefined {
  const free = model.channels.filter((c) => c.private === priv && !isSubscribed(model, c.id));
  return free.find((c) => model.unsubscribed.includes(c.id)) ?? free[0];
}

const channel = (model: Readonly<SubsModel>, id: number) => model.channels.find((c) => c.id === id)!;

/** The channel the user subscribed to longest ago, and last (where it is subscribed to any). */
export const oldest = (model: Readonly<SubsModel>) => channel(model, model.subscribed[0]!);
export const newest = (model: Readonly<SubsModel>) => channel(model, model.subscribed.at(-1)!);

/** What a subscription or unsubscription does to the model. */
export function subscribe(model: SubsModel, id: number): void {
  model.subscribed.push(id);
}

export function unsubscribe(model: SubsModel, id: number): void {
  model.subscribed.splice(model.subscribed.indexOf(id), 1);
  if (!model.unsubscribed.includes(id)) model.unsubscribed.push(id);
}
