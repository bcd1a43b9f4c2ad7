/**
 * What an autosave sends: the editor's fields as the API's autosave schema takes them (the rules of a save, with a
 * title that may still be empty). A field the user is half-way through (a link not yet valid, a tag typed twice)
 * would make the whole autosave fail, so it is left out of the server's copy; this browser's copy keeps it. Pure.
 */
import { articleAutosaveSchema } from '../../../../shared/schemas/article';
import type { ArticleFieldValues } from '../../../../shared/schemas/article-record';
import * as z from '../../../../shared/schemas/z';

export type AutosaveBody = z.infer<typeof articleAutosaveSchema>;

/** The autosave body for `fields` typed on `baseVersion`, without the fields the schema refuses; null if none is left. */
export function autosaveBody(baseVersion: number, fields: Partial<ArticleFieldValues>): AutosaveBody | null {
  let rest: Record<string, unknown> = { ...fields };
  // Each pass drops the fields named by the issues; a few passes settle it (issues come per field).
  for (let pass = 0; pass < 4; pass++) {
    const result = z.safeParse(articleAutosaveSchema, { baseVersion, fields: rest });
    if (result.success) return result.data;
    const bad = new Set(
      result.error.issues
        .map((issue) => (issue.path[0] === 'fields' ? issue.path[1] : undefined))
        .filter((key): key is string => typeof key === 'string'),
    );
    if (bad.size === 0) return null;
    rest = Object.fromEntries(Object.entries(rest).filter(([key]) => !bad.has(key)));
  }
  return null;
}
