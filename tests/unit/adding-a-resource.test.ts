/**
 * The checklist for a new resource (shared/README.md → Adding a resource) against the code: every file it names
 * exists (a `<placeholder>` segment stands for a folder or file that does), every registry it names is declared in
 * a file it names, and every registry a new resource must be added to is named by it. The registries are the
 * lists below, each checked to hold every resource of its kind today (so it is one a new resource joins), and
 * every exhaustive map keyed by the resources, which this file finds in the source by its type.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAMBDAS } from '../../shared/api';
import { RESOURCES } from '../../shared/permissions';
import { TRASH_TARGET_TYPES, TRASHABLE_RESOURCES } from '../../shared/trash-resources';
import type { WebResource } from '../../web/src/app/resource';
import { APP_ROUTES } from '../../web/src/app/routes';
import { TRASH_RESOURCES } from '../../web/src/common/trash/trash-api';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A README's section: from its `## heading` line to the next heading of that level. */
function sectionOf(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no "## ${heading}" section`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

const CHECKLIST = sectionOf(read('shared/README.md'), 'Adding a resource');

/** What the checklist's code spans name: file paths (with a slash) and bare identifiers. */
function namedIn(checklist: string): { paths: string[]; identifiers: string[] } {
  const spans = [...checklist.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
  return {
    paths: spans.filter((s) => /^[\w.<>-]+(\/[\w.<>-]*)+$/.test(s)),
    identifiers: spans.filter((s) => /^[A-Za-z_]\w*$/.test(s)),
  };
}

const NAMED = namedIn(CHECKLIST);
const names = (span: string) => NAMED.paths.includes(span) || NAMED.identifiers.includes(span);

/** Whether a path exists, a `<placeholder>` segment standing for any entry of its folder. */
function exists(pattern: string, dir = ROOT): boolean {
  const [segment, ...rest] = pattern.split('/');
  if (segment === undefined || segment === '') return statSync(dir).isDirectory();
  if (!segment.includes('<')) {
    const next = path.join(dir, segment);
    return existsSync(next) && (rest.length === 0 || exists(rest.join('/'), next));
  }
  if (!statSync(dir).isDirectory()) return false;
  const shape = new RegExp(`^${segment.replace(/[.]/g, '\\.').replace(/<[^>]+>/g, '[^/]+')}$`);
  return readdirSync(dir)
    .filter((entry) => shape.test(entry))
    .some((entry) => (rest.length === 0 ? true : exists(rest.join('/'), path.join(dir, entry))));
}

/** The source files that may hold a registry (web/src, the Lambdas, shared/, the integration fixtures). */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const declares = (file: string, name: string) =>
  new RegExp(`\\b(const|let|function|type|interface|class)\\s+${name}\\b`).test(read(file));

interface Registry {
  file: string;
  name: string;
  /** Members of its kind it lacks today ([] — it holds every one: a new one must be added to it too). */
  lacks: () => string[];
}

const missing = (held: readonly string[], wanted: readonly string[]) => wanted.filter((w) => !held.includes(w));
/**
 * The server registry's keys, read from its source: importing it would load every removable resource's Lambda
 * code, which this check of names does not need.
 */
const TRASHABLE_KEYS = [
  ...(read('functions/trash-sweeper/registry.ts').match(/TRASHABLES\b[^=]*=\s*\{([^}]*)\}/)?.[1] ?? '').matchAll(
    /^\s*'?([\w-]+)'?\s*:/gm,
  ),
].map((m) => m[1] ?? '');
const trashable = TRASH_TARGET_TYPES.map((type) => TRASHABLE_RESOURCES[type]);

const ROUTE_FILES = readdirSync(path.join(ROOT, 'shared/routes')).flatMap((file) =>
  [...read(`shared/routes/${file}`).matchAll(/export const (\w+_ROUTES)\b/g)].map((m) => m[1] ?? ''),
);

const WEB_FOLDERS = readdirSync(path.join(ROOT, 'web/src')).filter((folder) =>
  existsSync(path.join(ROOT, 'web/src', folder, 'index.ts')),
);

/** The registries that are lists, not maps the compiler completes: each must be named with its file. */
const LISTS: Registry[] = [
  {
    file: 'shared/api.ts',
    name: 'ROUTES',
    lacks: () => [
      ...missing(
        [...read('shared/api.ts').matchAll(/\.\.\.(\w+_ROUTES)\b/g)].map((m) => m[1] ?? ''),
        ROUTE_FILES,
      ),
      ...missing(LAMBDAS, [...new Set(trashable.map((t) => t.lambda))]),
    ],
  },
  {
    file: 'shared/permissions.ts',
    name: 'RESOURCES',
    lacks: () =>
      missing(
        RESOURCES,
        trashable.map((t) => t.resource),
      ),
  },
  {
    file: 'shared/trash-resources.ts',
    name: 'TRASHABLE_RESOURCES',
    lacks: () => missing(Object.keys(TRASHABLE_RESOURCES), TRASHABLE_KEYS),
  },
  {
    file: 'functions/trash-sweeper/registry.ts',
    name: 'TRASHABLES',
    lacks: () => missing(TRASHABLE_KEYS, TRASH_TARGET_TYPES),
  },
  {
    file: 'web/src/common/trash/trash-api.ts',
    name: 'TRASH_RESOURCES',
    lacks: () =>
      missing(
        Object.keys(TRASH_RESOURCES),
        trashable.map((t) => t.resource),
      ),
  },
  {
    file: 'web/src/app/routes.ts',
    name: 'APP_ROUTES',
    lacks: () => (read('web/src/app/routes.ts').includes("'../*/index.ts'") ? [] : ['the folders’ index.ts']),
  },
];

/** A registry the compiler completes: a map whose type asks for every resource, removable one or audit target. */
const EXHAUSTIVE =
  /\bconst\s+(\w+)\s*:\s*Record<(?:Resource|TrashTargetType|NonNullable<AuditEntry\['targetType'\]>)\s*,|\bconst\s+(\w+)\s*=[^;]*?satisfies\s+Record<(?:Resource|TrashTargetType)\s*,/gs;

const MAPS: Array<{ file: string; name: string }> = ['shared', 'functions', 'web/src', 'tests/integration']
  .flatMap(sourceFiles)
  .flatMap((file) => [...read(file).matchAll(EXHAUSTIVE)].map((m) => ({ file, name: m[1] ?? m[2] ?? '' })));

describe('the checklist of shared/README.md → Adding a resource', () => {
  it('names files that exist', () => {
    expect(NAMED.paths.length).toBeGreaterThan(10);
    expect(NAMED.paths.filter((p) => !exists(p))).toEqual([]);
  });

  it('names a Lambda folder of a handler, a model and a service, and a web folder with its index.ts', () => {
    for (const file of ['handler.ts', 'model.ts', 'service.ts']) expect(names(`functions/<lambda>/${file}`)).toBe(true);
    expect(names('web/src/<folder>/index.ts')).toBe(true);
    // The shape it names is the one the removable resources have.
    for (const { lambda } of trashable) {
      expect(existsSync(path.join(ROOT, 'functions', lambda, 'handler.ts')), lambda).toBe(true);
    }
    expect(WEB_FOLDERS.length).toBeGreaterThan(5);
  });

  it('names only registries declared in a file it names', () => {
    const registries = NAMED.identifiers.filter((id) => /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$|^[A-Z]{4,}$/.test(id));
    expect(registries.length).toBeGreaterThan(5);
    const undeclared = registries.filter(
      (id) => !NAMED.paths.some((p) => !p.includes('<') && /\.tsx?$/.test(p) && declares(p, id)),
    );
    expect(undeclared).toEqual([]);
  });

  it.each(LISTS)('names $name in $file, which holds every resource of its kind', (registry) => {
    expect(declares(registry.file, registry.name), `${registry.name} in ${registry.file}`).toBe(true);
    expect(registry.lacks()).toEqual([]);
    expect([names(registry.file), names(registry.name)]).toEqual([true, true]);
  });

  it('names every map the compiler asks a new resource’s entry of, with its file', () => {
    expect(MAPS.map((m) => m.name)).toEqual(
      expect.arrayContaining(['RESOURCE_LABELS', 'RESOURCE_ACTIONS', 'TRASHABLES', 'TARGET_TYPES']),
    );
    expect(MAPS.filter((m) => !names(m.file) || !names(m.name))).toEqual([]);
  });

  it('names every web folder’s way into the router: its index.ts, collected into APP_ROUTES', async () => {
    for (const folder of WEB_FOLDERS) {
      const declared = (await import(`../../web/src/${folder}/index.ts`)) as { default: WebResource };
      expect(
        missing(
          APP_ROUTES.map((r) => r.path),
          declared.default.routes.map((r) => r.path),
        ),
        folder,
      ).toEqual([]);
    }
  });

  it('is the one checklist: the functions and web READMEs link to it and list no steps of their own', () => {
    for (const [file, heading] of [
      ['functions/README.md', 'Adding a resource'],
      ['web/README.md', 'Adding a screen or a resource'],
    ] as const) {
      const section = sectionOf(read(file), heading);
      expect(section, file).toContain('(../shared/README.md#adding-a-resource)');
      expect(section.match(/^\d+\. /gm), file).toBeNull();
    }
  });
});
