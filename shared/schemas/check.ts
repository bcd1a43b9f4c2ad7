/**
 * A schema's verdict on an input, as the API reports it: the parsed value, or the first problem as the text of
 * a 400. The router uses it for every route's body and query; a rule that needs the stored record (an article's
 * type) uses it through its own schema module.
 */
import * as z from './z';

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** zod's own default messages (ours are complete sentences): they get the field's path for context. */
const DEFAULT_MESSAGE = /^Invalid|^Too|^Unrecognized|^Expected/;

export function checkInput<T>(schema: z.ZodMiniType<T>, input: unknown): Checked<T> {
  const result = z.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 && issue.code !== 'custom' ? issue.path.join('.') : '';
  const text = issue?.message ?? 'The request is not valid';
  return { ok: false, problem: where && DEFAULT_MESSAGE.test(text) ? `${where}: ${text}` : text };
}
