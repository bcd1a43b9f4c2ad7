/**
 * The slug field of the article and category schemas, in a module of its own: the slug rules bring the
 * transliteration tables (shared/transliterate.ts), which no other schema needs, and an unused top-level schema is
 * never left out of a bundle (esbuild must assume a call has effects).
 */
import { SLUG_MESSAGES, slugProblem } from '../slug';
import * as z from './z';

/**
 * A slug someone typed (articles, categories): optional, '' for "make it from the title or name"; the API stores
 * it normalized (shared/slug.ts), so `World News` is fine and becomes `world-news`.
 */
export const slugField = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(1000, SLUG_MESSAGES.long),
    z.refine((v) => slugProblem(v) !== SLUG_MESSAGES.empty, SLUG_MESSAGES.empty),
    z.refine((v) => slugProblem(v) !== SLUG_MESSAGES.long, SLUG_MESSAGES.long),
    z.refine((v) => slugProblem(v) !== SLUG_MESSAGES.mixed, SLUG_MESSAGES.mixed),
  ),
);
