/**
 * The CDK app: `cdk synth` / `cdk deploy`. Its context values (stage, allowedOrigins, logLevel, alarmEmail, …) are
 * read in context.ts and listed in infra/README.md → Deploy to AWS; any cdk-nag finding nobody acknowledged stops
 * the synth (nag.ts).
 */
import { App } from 'aws-cdk-lib';
import { buildAdminPortal } from './build';

buildAdminPortal(new App());
