/** Breaking news (CONTRACT.md §3, §5): a headline, an optional link, Enable or Disable. */
import { linkField, requiredText, versionField } from './common';
import * as z from './z';

const urlField = linkField({ max: 500 });

export const breakingNewsSchema = z.object({
  title: requiredText('Headline is required', 300),
  url: urlField,
});
export type BreakingNewsInput = z.infer<typeof breakingNewsSchema>;

export const breakingNewsUpdateSchema = z.object({
  version: versionField,
  title: z.optional(requiredText('Headline is required', 300)),
  url: urlField,
  status: z.optional(z.enum(['Enable', 'Disable'], 'Status must be Enable or Disable')),
});
export type BreakingNewsUpdateInput = z.infer<typeof breakingNewsUpdateSchema>;

// ---- What the API returns (types only) ----

export type BreakingNewsStatus = 'Enable' | 'Disable';

/** Breaking news as stored and returned (GET /breaking-news rows, and the writes). */
export interface BreakingNews {
  _id: string;
  title: string;
  /** Left out when empty (CONTRACT.md §5). */
  url?: string;
  status: BreakingNewsStatus;
  createdAt: string;
  updatedAt: string;
  version: number;
}
