/**
 * Replaces the X-Ray SDK's `middleware/mw_utils` module in the Lambda bundles only (an esbuild plugin in
 * infra/aws/bundle-plugins.ts). Its one user in a Lambda is env/aws_lambda.js, whose start-up calls
 * `disableCentralizedSampling()`; the rest of the module samples incoming HTTP requests for Express-style servers,
 * and requires the SDK's whole sampling stack (rule poller, target poller, reservoirs: ~12 KB). In Lambda the
 * sampling decision arrives with the invocation (the facade segment), so nothing samples here and the call has
 * nothing to switch off.
 */
export function disableCentralizedSampling(): void {}
