/**
 * The app's one stack, as `cdk synth` and `cdk deploy` build it: the context values read and checked (context.ts),
 * and the cdk-nag rule packs registered (nag.ts). app.ts runs it; the infra tests build through it too.
 */
import type { App } from 'aws-cdk-lib';
import { readContext } from './context';
import { addNagChecks } from './nag';
import { AdminPortalStack, type AdminPortalStackProps } from './stack';

export function buildAdminPortal(app: App, overrides: Partial<AdminPortalStackProps> = {}): AdminPortalStack {
  const context = readContext(app.node);
  const stack = new AdminPortalStack(app, `AdminPortal-${context.stage}`, {
    ...context,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    ...overrides,
  });
  addNagChecks(app);
  return stack;
}
