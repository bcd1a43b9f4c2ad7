/**
 * Runs before every integration file: the environment its project's stack gave its handlers, so that a handler the
 * test calls in its own process (direct.ts) and the repos it uses for setup reach the same table and bucket.
 */
import { inject } from 'vitest';

Object.assign(process.env, inject('stackEnv'));
