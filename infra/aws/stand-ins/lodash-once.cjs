/**
 * Replaces `lodash.once` in the Lambda bundles only (an esbuild alias in infra/aws/bundling.ts): jsonwebtoken's
 * sign() wraps its callback with it. The first call runs `fn` with its `this` and arguments and every call returns
 * that first result, as lodash's does (1 KB with its own toInteger and toNumber).
 * tests/unit/lambda-stand-ins.test.ts compares it with the real package.
 */
'use strict';
module.exports = function once(fn) {
  if (typeof fn !== 'function') throw new TypeError('Expected a function');
  let called = false;
  let result;
  return function onced(...args) {
    if (!called) {
      called = true;
      result = fn.apply(this, args);
    }
    return result;
  };
};
