/** Breaking news (SPEC §3, §5): a headline, an optional link, Enable or Disable. */
import { requiredText, versionField } from './common';
import * as z from './z';

const urlField = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(500, 'At most 500 characters'),
    z.refine((v) => v === '' || /^(https?:\/\/|\/)[^\s]*$/i.test(v), 'Enter a link starting with https:// or /'),
  ),
);

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
