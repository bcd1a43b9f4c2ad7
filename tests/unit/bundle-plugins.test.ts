/**
 * The esbuild plugins of the Lambda bundles (infra/aws/bundle-plugins.ts): each must change what is bundled and
 * never what runs. tests/integration/tracing.test.ts runs a traced bundle; the integration suite runs all of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  calledOperationsOnly,
  literalSchemaKeys,
  sdkPackageVersionOnly,
  sdkSchemaLiteralKeys,
} from '../../infra/aws/bundle-plugins';
import { ROOT } from '../../infra/aws/bundling';

const require = createRequire(import.meta.url);
const schemasOf = (client: string) => join(ROOT, 'node_modules/@aws-sdk', client, 'dist-es/schemas/schemas_0.js');

/** `entry` bundled (not minified) as CommonJS with `plugins`, and its text. */
async function bundle(contents: string, plugins: Plugin[], minify = false): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    mainFields: ['module', 'main'],
    minify,
    write: false,
    plugins,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Loads a CommonJS bundle's text as a module. */
function load(code: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

/** Schemas as text: arrays, trait objects and the source of the lazy `() => X$` references. */
const asText = (value: unknown) =>
  JSON.stringify(value, (_key, v) => (typeof v === 'function' ? `fn:${v.toString()}` : v));

describe('the SDK schema plugin', () => {
  it('writes computed keys as the string constants they name, and fails on any other computed key', () => {
    const source =
      'const _e = "error";\nconst _hE = "httpError";\nexport var A$ = [-3, n0, _A, { [_e]: _c, [_hE]: 403 }];';
    expect(literalSchemaKeys(source)).toContain('{ "error": _c, "httpError": 403 }');
    expect(() => literalSchemaKeys('const _e = "error";\nexport var A$ = [{ [_x]: 1 }];')).toThrow(/\[_x\]/);
  });

  it.each(['client-s3', 'client-dynamodb'])('gives every schema of %s exactly as the SDK wrote it', async (client) => {
    const entry = `module.exports = require(${JSON.stringify(schemasOf(client))});`;
    const original = load(await bundle(entry, []));
    const rewritten = load(await bundle(entry, [sdkSchemaLiteralKeys]));
    const names = Object.keys(original).filter((name) => name.endsWith('$'));
    expect(names.length).toBeGreaterThan(100);
    expect(Object.keys(rewritten).sort()).toEqual(Object.keys(original).sort());
    for (const name of names) expect(asText(rewritten[name]), name).toBe(asText(original[name]));
  });

  it('lets esbuild leave out the schemas of operations a Lambda never sends', async () => {
    const entry = `export { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';`;
    const before = await bundle(entry, [], true);
    const after = await bundle(entry, [sdkSchemaLiteralKeys], true);
    expect(before).toContain('PutBucketLifecycleConfiguration');
    expect(after).not.toContain('PutBucketLifecycleConfiguration');
    expect(after).toContain('HeadObject');
    expect(before.length - after.length).toBeGreaterThan(40_000);
  });
});

describe('the package.json plugin', () => {
  it('keeps the name and version the SDK clients put in their user agent', async () => {
    const code = await bundle(`module.exports = require('@aws-sdk/client-s3/package.json');`, [sdkPackageVersionOnly]);
    const real = require('@aws-sdk/client-s3/package.json');
    expect(load(code)).toEqual({ name: real.name, version: real.version });
  });
});

describe('the X-Ray plugin', () => {
  const lean = require('../../infra/aws/stand-ins/xray.cjs');
  const real = require('aws-xray-sdk-core');

  it('gives the Tracer every member it takes from the SDK, the same functions and classes', () => {
    const tracerFiles = ['provider/ProviderService.js', 'Tracer.js'].map((file) =>
      readFileSync(join(ROOT, 'node_modules/@aws-lambda-powertools/tracer/lib/esm', file), 'utf8'),
    );
    const used = new Set<string>();
    for (const source of tracerFiles) {
      for (const [, members] of source.matchAll(/const \{([^}]+)\} = xraySdk;/g)) {
        for (const member of (members as string).split(',')) {
          const name = member.split(':')[0]?.trim();
          if (name) used.add(name);
        }
      }
      expect(source).not.toMatch(/xraySdk\.\w/);
    }
    expect(used.size).toBeGreaterThanOrEqual(13);
    for (const name of used) {
      expect(lean[name], name).toBeDefined();
      if (!['captureAWS', 'captureAWSClient'].includes(name)) expect(lean[name], name).toBe(real[name]);
    }
    expect(() => lean.captureAWS({})).toThrow(/v2/);
  });

  it('stands in for the one member of mw_utils the SDK’s Lambda start-up calls', async () => {
    const startUp = readFileSync(join(ROOT, 'node_modules/aws-xray-sdk-core/dist/lib/env/aws_lambda.js'), 'utf8');
    expect(new Set([...startUp.matchAll(/mwUtils\.(\w+)/g)].map((m) => m[1]))).toEqual(
      new Set(['disableCentralizedSampling']),
    );
    const sampling = await import('../../infra/aws/stand-ins/xray-sampling');
    const realSampling = require('aws-xray-sdk-core/dist/lib/middleware/mw_utils');
    expect(typeof realSampling.disableCentralizedSampling).toBe('function');
    expect(Object.keys(sampling)).toEqual(['disableCentralizedSampling']);
    expect(sampling.disableCentralizedSampling()).toBeUndefined();
  });

  it('keeps what a trace records of every S3 and DynamoDB call the Lambdas make', () => {
    const whitelist = require('aws-xray-sdk-core/dist/lib/resources/aws_whitelist.json');
    const cut = calledOperationsOnly(whitelist);
    expect(Object.keys(cut.services)).toEqual(['dynamodb', 's3']);
    expect(cut.services.dynamodb).toEqual(whitelist.services.dynamodb);
    const s3Commands = new Set<string>();
    const sources = readdirSync(join(ROOT, 'functions'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(join(ROOT, 'functions', file), 'utf8'));
    for (const source of sources) {
      for (const [, names] of source.matchAll(/import \{([^}]+)\} from '@aws-sdk\/client-s3'/g)) {
        for (const [, command] of (names as string).matchAll(/(\w+)Command\b/g)) s3Commands.add(command as string);
      }
    }
    expect(s3Commands.size).toBeGreaterThanOrEqual(8);
    for (const command of s3Commands) {
      const operation = `${command[0]?.toLowerCase()}${command.slice(1)}`;
      if (operation in whitelist.services.s3.operations) {
        expect(cut.services.s3?.operations[operation], operation).toEqual(whitelist.services.s3.operations[operation]);
      }
    }
    expect(Object.keys(cut.services.s3?.operations ?? {}).some((operation) => /Bucket/.test(operation))).toBe(false);
  });

  it('describes only the calls a function is granted (infra/aws/functions.ts), when the bundle is the stack’s', () => {
    const whitelist = require('aws-xray-sdk-core/dist/lib/resources/aws_whitelist.json');
    const readOnly = calledOperationsOnly(whitelist, { dynamodb: ['dynamodb:GetItem', 'dynamodb:Query'], s3: false });
    expect(Object.keys(readOnly.services)).toEqual(['dynamodb']);
    expect(readOnly.services.dynamodb?.operations).toEqual({
      getItem: whitelist.services.dynamodb.operations.getItem,
      query: whitelist.services.dynamodb.operations.query,
    });
    const withMedia = calledOperationsOnly(whitelist, { dynamodb: [], s3: true });
    expect(withMedia.services.s3?.operations.headObject).toEqual(whitelist.services.s3.operations.headObject);
  });
});
