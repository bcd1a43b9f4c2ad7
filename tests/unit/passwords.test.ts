import { describe, expect, it } from 'vitest';
import {
  bcryptCost,
  checkPassword,
  hashPassword,
  TEST_BCRYPT_COST_ENV,
  TIMING_DECOY_HASH,
  timingDecoyHash,
} from '../../functions/lib/passwords';
import { AUTH } from '../../shared/constants';

describe('password hashing', () => {
  it('hashes at cost 12, and the decoy for unknown emails costs the same', async () => {
    expect(AUTH.bcryptCost).toBe(12);
    expect(bcryptCost({})).toBe(12);
    expect(TIMING_DECOY_HASH.startsWith('$2b$12$')).toBe(true);
  });

  it('takes a local test stack’s lower cost, but never inside Lambda and never an invalid one', () => {
    expect(bcryptCost({ [TEST_BCRYPT_COST_ENV]: '4' })).toBe(4);
    expect(bcryptCost({ [TEST_BCRYPT_COST_ENV]: '4', AWS_LAMBDA_FUNCTION_NAME: 'auth' })).toBe(12);
    for (const bad of ['3', '13', '4.5', 'low', '']) expect(bcryptCost({ [TEST_BCRYPT_COST_ENV]: bad }), bad).toBe(12);
  });

  it('under a test stack’s cost, hashes and the decoy carry that cost, and the decoy matches nothing sent', async () => {
    const before = process.env[TEST_BCRYPT_COST_ENV];
    process.env[TEST_BCRYPT_COST_ENV] = '4';
    try {
      const hash = await hashPassword('Correct-Horse-1');
      expect(hash.startsWith('$2b$04$')).toBe(true);
      expect(await checkPassword('Correct-Horse-1', hash)).toBe(true);
      expect(await checkPassword('Wrong-Horse-1', hash)).toBe(false);
      expect(timingDecoyHash().startsWith('$2b$04$')).toBe(true);
      expect(await checkPassword('', timingDecoyHash())).toBe(false);
    } finally {
      if (before === undefined) delete process.env[TEST_BCRYPT_COST_ENV];
      else process.env[TEST_BCRYPT_COST_ENV] = before;
    }
    expect(timingDecoyHash()).toBe(TIMING_DECOY_HASH);
  });
});
