/**
 * Replaces `htmlparser2` in the Lambda bundles only (an esbuild alias in infra/aws/bundling.ts). Its users there are
 * sanitize-html, which needs only the streaming `Parser`, and shared/html-nesting.ts, which runs the `Tokenizer`
 * that Parser reads with; the package's entry also loads the DOM handler, DOM utilities, serializer and feed reader
 * (~16 KB) which esbuild cannot drop from a `require()`d package. These are the same files (the package's exports
 * map does not list them, hence the paths).
 */
export { Parser } from '../../../node_modules/htmlparser2/dist/Parser.js';
export { default as Tokenizer } from '../../../node_modules/htmlparser2/dist/Tokenizer.js';
