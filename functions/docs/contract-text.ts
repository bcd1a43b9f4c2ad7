/**
 * The prose of the API document: how to call the API, what its errors look like, and the article workflow
 * (PATCH /cms/{id}'s `action`), its table generated from shared/workflow.ts so the two cannot drift.
 */
import { API_BASE } from '../../shared/addresses';
import { MAX_JSON_BODY_BYTES, STALE_VERSION_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from '../../shared/constants';
import { PERMISSION_DENIED_MESSAGE } from '../../shared/permissions';
import { ACTION_LABELS, TRANSITIONS, WORKFLOW_ACTIONS, type WorkflowAction } from '../../shared/workflow';

export const API_DESCRIPTION = `The staff back-office API of the news site: every call the admin app makes, generated from the route table
(shared/api.ts) and the request schemas (shared/schemas/), so this document cannot drift from what the API checks.

**Signing in.** \`POST ${API_BASE}/auth/login\` returns an access token (or a two-factor challenge, answered with
\`POST ${API_BASE}/auth/login/two-factor\`) and sets a refresh cookie; send the token as \`Authorization: Bearer <token>\`.
\`POST ${API_BASE}/auth/refresh\` renews it while the session lives. Routes marked without security are public.

**Answers.** Success is \`{ "data": … }\` (200, or 201 for a creation). Every error is
\`{ "message": { "msg": "<Kind>: <text>" } }\`, the text a sentence to show as it is. The caller's permission is
decided before the body is read: a caller who may not call a route gets 403, never a 400 about its body. A body
or query that fails its schema gets 400 with the first problem found; a record written with the \`version\` it was
read at gets 409 if someone saved it meanwhile. A method a path does not take gets 405 with an \`Allow\` header.
In AWS the API answers only requests that come through the site's address (CloudFront): others get 403.`;

/** The error answers, by status: what each means here, and a `msg` it may carry. */
export const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description:
      'The body or query is refused (`ValidationError: <the first problem>`), the body is not JSON (`BadRequest: …`), or a rule of the service says no (a workflow move not allowed, a reference that does not exist).',
    example: 'ValidationError: Title is required',
  },
  401: {
    name: 'Unauthorized',
    description:
      'No token, an expired or unknown one, a blocked user, or a session that has ended (`Unauthorized: …`). The admin app signs out on any 401.',
    example: 'Unauthorized: Please sign in again',
  },
  403: {
    name: 'Forbidden',
    description: `The route's access rule refuses the caller (\`Forbidden: ${PERMISSION_DENIED_MESSAGE}\`), their role requires two-factor sign-in they have not set up (\`Forbidden: ${TWO_FACTOR_REQUIRED_MESSAGE}\`), the record is someone else's where only one's own may be changed, the user to change holds more than the caller (no escalation), or a sign-in call came from a page of another site.`,
    example: `Forbidden: ${PERMISSION_DENIED_MESSAGE}`,
  },
  404: {
    name: 'NotFound',
    description: 'No record has this id (or the id is not a record id).',
    example: 'NotFound: The record does not exist',
  },
  405: {
    name: 'MethodNotAllowed',
    description: 'The path does not take this method; `Allow` lists those it takes.',
    example: 'MethodNotAllowed: Use GET or PATCH on this path',
  },
  409: {
    name: 'Conflict',
    description: `The record changed since it was read (\`Conflict: ${STALE_VERSION_MESSAGE}\`), or a value that must be unique is taken.`,
    example: `Conflict: ${STALE_VERSION_MESSAGE}`,
  },
  413: {
    name: 'PayloadTooLarge',
    description: `The body is larger than the API takes (${MAX_JSON_BODY_BYTES / 1024} KB of JSON; a file's own limit for uploads).`,
    example: 'PayloadTooLarge: The request body is too large',
  },
  415: {
    name: 'UnsupportedMediaType',
    description:
      'A body not declared `Content-Type: application/json` (a page of another site can make a browser send text/plain or a form without asking, never JSON).',
    example: 'UnsupportedMediaType: Send the request body as JSON (Content-Type: application/json)',
  },
  429: {
    name: 'TooManyRequests',
    description:
      'Too many failed attempts for this account or address, or too many autosaves a minute; `Retry-After` says how many seconds to wait.',
    example: 'TooManyRequests: Too many failed sign-in attempts; please wait and try again',
  },
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

const ACTION_MEANINGS: Record<WorkflowAction, string> = {
  save: "The editor's Save: keeps a Draft in the article editors (Article, Blog, Page); in the media editors (Video, Gallery) an editor's save publishes and a contributor's sends it for review.",
  draft: 'Save as Draft, whatever the editor (Preview and the page editor offer it).',
  publish:
    "Publish: Published, or Scheduled while the publish date is still to come (the publisher publishes it on time). A contributor's publish sends the article to Need Review instead.",
  approve: 'An editor approves an article waiting in Need Review.',
  reject:
    'An editor sends an article waiting in Need Review back to its author as Rejected, with a `note` saying what to change (required).',
  retract: 'An editor takes a Published or Scheduled article down.',
};

const WHO = {
  editor: 'editor (Edit on Cms)',
  contributor: 'contributor (Write or Edit:own)',
  publisher: 'the publisher',
} as const;

/** PATCH /cms/{id}'s actions: what each does, and every move of the workflow table (the API refuses any other). */
export function workflowDescription(): string {
  const meanings = WORKFLOW_ACTIONS.map((a) => `- \`${a}\` (${ACTION_LABELS[a]}): ${ACTION_MEANINGS[a]}`);
  const rows = TRANSITIONS.filter((rule) => (WORKFLOW_ACTIONS as readonly string[]).includes(rule.action)).map(
    (rule) =>
      `| \`${rule.action}\` | ${rule.who.map((w) => WHO[w]).join(', ')} | ${rule.kind ?? 'any'} | ${rule.from
        .map((f) => (f === 'new' ? 'new (POST /cms/create)' : f))
        .join(', ')} | ${rule.to} |`,
  );
  return [
    '`action` says what the button asked for; the article moves as the workflow table says, or the call gets 400.',
    '',
    ...meanings,
    '',
    '| action | who | editor kind | from | to |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    'Editor kind `media` is Video and Gallery, `article` the other types. Published becomes Scheduled while the publish date is to come.',
  ].join('\n');
}
