/**
 * The e2e suite waits on what a user sees (web-first assertions, responses, Playwright's clock for dnd-kit's
 * timers), never for a fixed time: a sleep long enough on a quiet machine is too short on a busy one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E_DIR = join(import.meta.dirname, '..', 'e2e');

describe('the e2e suite', () => {
  it.each(readdirSync(E2E_DIR).filter((name) => name.endsWith('.ts')))('%s sleeps nowhere', (name) => {
    const source = readFileSync(join(E2E_DIR, name), 'utf8');
    expect(source).not.toMatch(/\bwaitForTimeout\s*\(|\bsetTimeout\s*\(/);
  });
});
