/**
 * Replaces `semver` in the Lambda bundles only (an esbuild alias in infra/aws/bundling.ts); the full package is
 * ~28 KB of every bundle. Its one user there is jsonwebtoken, which asks `satisfies(process.version, '>=15.7.0')`-
 * style questions to detect Node features (the X-Ray SDK's v2 patcher, which asked `gte`, is no longer bundled:
 * stand-ins/xray.cjs). This answers `>=x.y.z` and `^x.y.z` ranges joined by `||`, exactly, and throws on
 * any other form so a new use cannot be answered wrongly.
 */
type Version = [number, number, number];

function parse(text: string): Version {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  if (!match) throw new Error(`semver stand-in: cannot read version "${text}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

export function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split('||').some((part) => {
    const term = part.trim();
    if (term.startsWith('>=')) return compare(v, parse(term.slice(2))) >= 0;
    if (term.startsWith('^')) {
      const min = parse(term.slice(1));
      return compare(v, min) >= 0 && v[0] === min[0];
    }
    throw new Error(`semver stand-in: unsupported range "${range}"`);
  });
}

export default { satisfies };
