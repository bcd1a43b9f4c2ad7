import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { AUTH } from '../../shared/constants';

/**
 * The environment variable a local test stack sets to hash at bcrypt's lowest cost: the integration and e2e suites
 * sign in and create users some thousand times a run, which at cost 12 (~0.25 s of CPU each) was about half the
 * integration suite's CPU. Only tests/ sets it; inside Lambda (AWS_LAMBDA_FUNCTION_NAME is set) it is ignored, and
 * tests/infra checks that no function's environment carries it. What the tests check is the same at any cost.
 */
export const TEST_BCRYPT_COST_ENV = 'TEST_STACK_BCRYPT_COST';

/** The cost new hashes get: AUTH.bcryptCost, unless a local test stack asked for less (never in Lambda). */
export function bcryptCost(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env[TEST_BCRYPT_COST_ENV]);
  if (env.AWS_LAMBDA_FUNCTION_NAME || !Number.isInteger(asked) || asked < 4 || asked > AUTH.bcryptCost) {
    return AUTH.bcryptCost;
  }
  return asked;
}

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, bcryptCost());
export const checkPassword = (password: string, hash: string): Promise<boolean> => bcrypt.compare(password, hash);

/** A hash of AUTH.bcryptCost (12) that matches no password. */
export const TIMING_DECOY_HASH = '$2b$12$PTP5nrVQa.uDOG2DGHD5COU4QgC9Tl.NdHNyTiUeeRX0jTTe3rTPe';

let testDecoy: { cost: number; hash: string } | undefined;

/**
 * Compared against when the email is unknown, so both cases take one bcrypt's time (no user enumeration): the
 * constant at the production cost, or one made once at a test stack's cost.
 */
export function timingDecoyHash(): string {
  const cost = bcryptCost();
  if (cost === AUTH.bcryptCost) return TIMING_DECOY_HASH;
  if (testDecoy?.cost !== cost) testDecoy = { cost, hash: bcrypt.hashSync(randomBytes(24).toString('base64'), cost) };
  return testDecoy.hash;
}
