/**
 * Replaces `htmlparser2` in the Lambda bundles only (an esbuild alias in infra/aws/bundling.ts). Its one user there is
 * sanitize-html, which needs only the streaming `Parser`; the package's entry also loads the DOM handler, DOM
 * utilities, serializer and feed reader (~16 KB) which esbuild cannot drop from a `require()`d package. This is
 * the same Parser file (the package's exports map does not list it, hence the path).
 */
export { Parser } from '../../node_modules/htmlparser2/dist/Parser.js';
