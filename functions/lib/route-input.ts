/**
 * Validation at the edge: a route's body and query are parsed with the schemas the route table declares
 * (shared/routes/), after the gate (403 before 400) and before the route's code runs, which receives them typed.
 * Route code and services never parse their input again.
 */
import { type Grant, isSchema, type RouteBodySpec } from '../../shared/routes/kit';
import { checkInput } from '../../shared/schemas/check';
import type * as z from '../../shared/schemas/z';
import { badRequest, forbidden } from './errors';

/** Parses input with a schema; the first problem becomes a 400 with the schema's message. */
export function parseInput<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const checked = checkInput(schema, input ?? {});
  if (!checked.ok) throw badRequest(checked.problem);
  return checked.value;
}

/** Who sends a body, for a route of several forms: their id ('' when public) and whether they hold a grant. */
export interface BodySender {
  id: string;
  holds: (grant: Grant) => boolean;
}

/**
 * The body a route's code receives: the JSON parsed by the route's schema; for a route of several forms, the
 * form the body's shape names (refused with 403 when the sender lacks the form's grant) as `{ form, input }`;
 * nothing for a file upload or a route that takes no body.
 */
export function parseBody(spec: RouteBodySpec | undefined, json: unknown, sender: BodySender): unknown {
  if (!spec) return undefined;
  if (isSchema(spec)) return parseInput(spec, json);
  if (spec.kind === 'file') return undefined;
  const form = spec.formOf(json, sender.id);
  const grant = spec.grants?.[form];
  if (grant && !sender.holds(grant)) throw forbidden();
  const schema = spec.forms[form];
  if (!schema) throw new Error(`No schema for the form ${form}`);
  return { form, input: parseInput(schema, json) };
}

/** The query a route's code receives: parsed by the route's schema, or the raw parameters when it has none. */
export function parseQuery(spec: z.ZodMiniType | undefined, query: Record<string, string>): unknown {
  return spec ? parseInput(spec, query) : query;
}
