import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { satisfies } from '../../infra/aws/stand-ins/semver';

describe('the semver stand-in of the Lambda bundles', () => {
  it.each([
    ['v22.11.0', '>=15.7.0'],
    ['v15.7.0', '>=15.7.0'],
    ['v15.6.9', '>=15.7.0'],
    ['v16.9.0', '>=16.9.0'],
    ['v16.8.1', '>=16.9.0'],
    ['v6.12.0', '^6.12.0 || >=8.0.0'],
    ['v7.10.0', '^6.12.0 || >=8.0.0'],
    ['v8.0.0', '^6.12.0 || >=8.0.0'],
    ['v20.19.0', '^6.12.0 || >=8.0.0'],
  ])('answers satisfies(%s, %s) as semver does', (version, range) => {
    expect(satisfies(version, range)).toBe(semver.satisfies(version, range));
  });

  it('refuses ranges it does not understand instead of guessing', () => {
    expect(() => satisfies('v22.0.0', '~1.2.3')).toThrow(/unsupported range/);
  });
});
