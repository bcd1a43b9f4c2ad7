/**
 * Replaces `postcss` in the Lambda bundles (an esbuild alias in infra/aws/bundling.ts) and in the web build (an alias
 * in web/vite.config.ts). Its one user there is sanitize-html, which parses CSS only for a `style` attribute it is
 * allowed to keep; shared/rich-text.ts allows no style attribute and sets `parseStyleAttributes: false`, so this is
 * never called. The package and its source-map dependency are ~90 KB of the cms bundle. Throws so a future use
 * cannot pass silently.
 */
export function parse(): never {
  throw new Error('postcss stand-in: CSS parsing is not available in the Lambda bundles');
}

export default { parse };
