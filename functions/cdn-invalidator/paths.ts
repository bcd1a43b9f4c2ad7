/**
 * The paths of one CloudFront invalidation, from the paths of a batch of queue messages (infra/README.md →
 * Delivery API at the edge). CloudFront lets a distribution have 3,000 exact paths, or 15 wildcard paths, in
 * invalidations in progress at once; past that CreateInvalidation is refused (TooManyInvalidationsInProgress).
 * So a batch's paths are deduplicated, paths a wildcard of the batch covers are dropped, and when more wildcards
 * remain than one invalidation's share, sibling wildcards give way to their parent (`/content/v1/categories/a*`
 * and `…/b*` become `/content/v1/categories/*`), down to `/content/v1/*` at most: a broader purge costs one
 * path and some origin requests, never a stale answer.
 */
import { CONTENT_BASE } from '../../shared/addresses';

/** One invalidation's share of CloudFront's limits, so that a few can be in progress at once. */
export const INVALIDATION_SHARE = {
  /** Of the 15 wildcard paths in progress: three invalidations at a time. */
  wildcards: 5,
  /** Of the 3,000 exact paths in progress. */
  paths: 1000,
} as const;

/** Never broader than this: the delivery API only. */
export const BROADEST = `${CONTENT_BASE}/*`;

const isWildcard = (path: string) => path.endsWith('*');

/** `/a/b/c*` → `/a/b/*`, `/a/b/*` → `/a/*`; BROADEST stays itself. */
export function parentOf(path: string): string {
  if (path === BROADEST) return BROADEST;
  const base = isWildcard(path) ? path.slice(0, -1) : path;
  const trimmed = base.endsWith('/') ? base.slice(0, -1) : base;
  const parent = `${trimmed.slice(0, trimmed.lastIndexOf('/') + 1)}*`;
  return parent.length < BROADEST.length ? BROADEST : parent;
}

const depth = (path: string) => path.split('/').length;

/** Drops repeats, and every path a wildcard of the set covers (itself a wildcard or not). */
function withoutCovered(paths: Iterable<string>): string[] {
  const unique = [...new Set(paths)].sort();
  const wildcards = unique.filter(isWildcard).map((w) => w.slice(0, -1));
  return unique.filter((path) => !wildcards.some((w) => path !== `${w}*` && path.startsWith(w)));
}

/**
 * The paths to invalidate for `requested`: each starting with `/`, under CONTENT_BASE (anything else is left out,
 * as no message should carry it), at most `share.wildcards` wildcards and `share.paths` paths.
 */
export function invalidationPaths(requested: readonly string[], share = INVALIDATION_SHARE): string[] {
  let paths = withoutCovered(requested.filter((p) => p === BROADEST || p.startsWith(`${CONTENT_BASE}/`)));
  // Too many paths: exact paths give way to their parent wildcard, the largest group of siblings first (the step
  // below keeps the wildcards within their share).
  const exactGroups = new Map<string, string[]>();
  for (const p of paths.filter((p) => !isWildcard(p)))
    exactGroups.set(parentOf(p), [...(exactGroups.get(parentOf(p)) ?? []), p]);
  for (const [parent, group] of [...exactGroups].sort((a, b) => b[1].length - a[1].length)) {
    if (paths.length <= share.paths) break;
    const merged = new Set(group);
    paths = withoutCovered([...paths.filter((p) => !merged.has(p)), parent]);
  }
  for (;;) {
    const wildcards = paths.filter(isWildcard);
    if (wildcards.length <= Math.max(1, share.wildcards) || paths.length === 1) return paths;
    // Siblings merge into their parent, the largest group first; when no two are siblings, the deepest wildcard
    // moves up a level, so that it can meet a sibling there.
    const groups = new Map<string, number>();
    for (const w of wildcards) groups.set(parentOf(w), (groups.get(parentOf(w)) ?? 0) + 1);
    const [largest, size] = [...groups].sort((a, b) => b[1] - a[1] || depth(b[0]) - depth(a[0]))[0] ?? [BROADEST, 0];
    const moved =
      size >= 2
        ? wildcards.filter((w) => parentOf(w) === largest)
        : [wildcards.sort((a, b) => depth(b) - depth(a))[0] ?? BROADEST];
    paths = withoutCovered([...paths.filter((p) => !moved.includes(p)), ...moved.map(parentOf)]);
  }
}
