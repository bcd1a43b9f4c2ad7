/**
 * The zod every schema uses: `zod/mini` (tree-shakable: ~18 KB in a bundle instead of ~88 KB for classic
 * zod) with English default messages, which mini leaves out unless configured.
 * Import it as `import * as z from './z'` and only read properties from it: passing the namespace around as
 * a value would stop bundlers from dropping the parts of zod that are not used.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';
