/**
 * Replaces `@aws-sdk/credential-provider-node` in the Lambda bundles only (an esbuild alias in
 * infra/aws/bundling.ts). Lambda always hands a function its role's credentials in environment variables, so the
 * SDK's default chain (SSO, profiles, STS web identity, the new login flow, …) is dead weight there: ~130 KB
 * of every bundle. Local runs and tests import the SDK unchanged.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
