/** The `principals` parameter: a JSON list of user IDs or emails; the caller when absent. */
import { badRequest, invalidParam } from '../core/errors.ts';
import type { User } from '../core/model.ts';
import type { Params } from '../core/params.ts';
import type { Store } from '../core/store.ts';

export function principalsOf(params: Params, store: Store, caller: User): User[] {
  const list = params.optJsonList('principals');
  if (list === undefined) return [caller];
  const users = new Map<number, User>();
  for (const item of list) {
    let user: User | undefined;
    if (typeof item === 'string') user = store.userByApiEmail(item);
    else if (Number.isSafeInteger(item)) user = store.userById(item as number);
    else throw invalidParam('principals', 'principals[] must be user IDs or emails');
    if (!user?.isActive) throw badRequest('No such user');
    users.set(user.id, user);
  }
  return [...users.values()];
}
