/**
 * Replaces `lodash.includes` in the Lambda bundles only (an esbuild alias in infra/aws/bundling.ts). Its one user
 * there is jsonwebtoken's sign(), which checks `includes(SUPPORTED_ALGS, options.algorithm)` on an array; lodash's
 * version (2.6 KB) also searches strings and objects' values. Array.prototype.includes compares as lodash does
 * (SameValueZero); anything but an array throws, so a new use cannot be answered wrongly.
 * tests/unit/lambda-stand-ins.test.ts compares it with the real package.
 */
'use strict';
module.exports = function includes(collection, value) {
  if (!Array.isArray(collection)) throw new TypeError('lodash.includes stand-in: only arrays are searched here');
  return collection.includes(value);
};
