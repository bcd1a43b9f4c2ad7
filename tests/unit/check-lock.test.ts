import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingOptionalPackages } from '../../.ci/check-lock.mjs';

const check = missingOptionalPackages as (lock: unknown) => string[];

describe('the lock file check of .ci/run', () => {
  it('passes the committed lock: every platform’s optional binaries are listed, so `npm ci` never refuses it', () => {
    expect(check(JSON.parse(readFileSync('package-lock.json', 'utf8')))).toEqual([]);
  });

  it('names an optional package a locked package declares but the lock leaves out (npm/cli#9846)', () => {
    const lock = {
      packages: {
        '': { devDependencies: { '@biomejs/biome': '2.6.8' } },
        'node_modules/@biomejs/biome': {
          optionalDependencies: { '@biomejs/cli-linux-x64': '2.6.8', '@biomejs/cli-darwin-arm64': '2.6.8' },
        },
        'node_modules/@biomejs/cli-linux-x64': { optional: true },
      },
    };
    expect(check(lock)).toEqual(['node_modules/@biomejs/biome → @biomejs/cli-darwin-arm64']);
  });

  it('finds a nested copy where Node would resolve it', () => {
    const lock = {
      packages: {
        'node_modules/a': {},
        'node_modules/a/node_modules/b': { optionalDependencies: { c: '1' } },
        'node_modules/a/node_modules/c': {},
      },
    };
    expect(check(lock)).toEqual([]);
  });
});
