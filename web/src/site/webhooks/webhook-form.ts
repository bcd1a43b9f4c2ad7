/** The webhook form's values and their check, with the API's own schema and messages (shared/schemas/webhook.ts). */
import type { ContentEventName } from '../../../../shared/content-events';
import { webhookCreateSchema } from '../../../../shared/schemas/webhook';
import * as z from '../../../../shared/schemas/z';

export interface WebhookFormValues {
  name: string;
  url: string;
  events: ContentEventName[];
}

export type WebhookFormProblems = Partial<Record<keyof WebhookFormValues, string>>;

export const EMPTY_WEBHOOK: WebhookFormValues = { name: '', url: '', events: [] };

/** Each field's first problem, as the API would word it; an empty object when the values would be taken. */
export function webhookFormProblems(values: WebhookFormValues): WebhookFormProblems {
  const result = z.safeParse(webhookCreateSchema, values);
  const problems: WebhookFormProblems = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof WebhookFormValues | undefined;
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}
