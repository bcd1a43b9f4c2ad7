/**
 * Replaces `ecdsa-sig-formatter` in the Lambda bundles only (an esbuild alias in infra/aws/bundling.ts). jwa calls
 * it only to sign or verify ES256/384/512 tokens; ours are HS256, pinned when signing and verifying
 * (functions/session/tokens.ts), so it is never called. Should that change, these throw instead of answering.
 */
'use strict';
function notHere() {
  throw new Error('ecdsa-sig-formatter stand-in: ECDSA tokens are not used here (tokens are HS256)');
}
module.exports = { derToJose: notHere, joseToDer: notHere };
