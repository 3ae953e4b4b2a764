/** The Attachment resource (entries of `detached_uploads`): its fields and their types. */
import { isInt, isIntList, isString } from '../../helpers/checks/matchers.ts';

const FIELDS: readonly [string, (v: unknown) => boolean, string][] = [
  ['id', isInt, 'an integer'],
  ['name', isString, 'a string'],
  ['path_id', isString, 'a string'],
  ['size', isInt, 'an integer'],
  ['create_time', isInt, 'an integer'],
  ['message_ids', isIntList, 'a list of integers'],
];

/** Why a value is not an attachment object, or undefined when it is. */
export function attachmentProblem(entry: unknown): string | undefined {
  if (entry === null || typeof entry !== 'object') return `${JSON.stringify(entry)} is not an object`;
  for (const [name, test, want] of FIELDS) {
    const value = (entry as Record<string, unknown>)[name];
    if (!test(value)) return `${name} is ${JSON.stringify(value)}, wanted ${want}`;
  }
  return undefined;
}
