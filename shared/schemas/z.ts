/**
 * The zod every schema uses: `zod/mini` (tree-shakable: ~18 KB in a bundle instead of ~88 KB for classic
 * zod) with English default messages, which mini leaves out unless configured.
 * Import it as `import * as z from './z'` and only read properties from it: passing the namespace around as
 * a value would stop bundlers from dropping the parts of zod that are not used.
 */
import { config, overwrite, string as zodString } from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { cleanText } from '../clean-text';

config(en());

export * from 'zod/mini';

/**
 * Every string field, cleaned before its own checks run: no bidirectional control, zero-width character, control
 * character or lone surrogate reaches a record (shared/clean-text.ts, CONTRACT.md §5). Defined here, in place of
 * zod's own, so that no schema can forget it.
 */
export const string = (params?: Parameters<typeof zodString>[0]) => zodString(params).check(overwrite(cleanText));

/** A string taken exactly as sent: passwords only, whose every character is part of the secret. */
export const exactString = zodString;
