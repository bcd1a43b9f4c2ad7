/**
 * Least privilege from the code's side: follows each handler's relative imports (statically, every module it can
 * reach) and checks that the DynamoDB actions its role gets (infra/aws/functions.ts → tableActions) are exactly
 * those of the commands its code can send, and that only code that signs or checks tokens gets the JWT secret.
 * A new command in a Lambda's code fails here until the Lambda is granted it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { handlerEntry, ROOT } from '../../infra/aws/bundling';
import { PREVIEW_SIGNING, type TableAction, tableActions, usesMedia, WITHOUT_SIGN_IN } from '../../infra/aws/functions';
import { LAMBDAS } from '../../shared/api';
import { ALL_FUNCTIONS } from './synth';

/** The IAM actions behind each command of the DynamoDB document client. */
const COMMAND_ACTIONS: Record<string, TableAction[] | 'never'> = {
  GetCommand: ['dynamodb:GetItem'],
  BatchGetCommand: ['dynamodb:BatchGetItem'],
  QueryCommand: ['dynamodb:Query'],
  PutCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  BatchWriteCommand: ['dynamodb:BatchWriteItem'],
  TransactWriteCommand: [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
  // Not granted to any Lambda: a table read in full, or a transaction read, needs a decision first.
  ScanCommand: 'never',
  TransactGetCommand: 'never',
};
const COMMAND = new RegExp(`\\b(${Object.keys(COMMAND_ACTIONS).join('|')})\\b`, 'g');

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts'), base].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

/** Every source file a handler can load, itself included. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    // Every import, export-from and import() the compiler sees (as tests/unit/import-graph.test.ts reads them).
    for (const imported of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const found = resolveImport(file, imported.fileName);
      if (found) pending.push(found);
    }
  }
  return seen;
}

function commandsOf(files: Set<string>): Set<string> {
  const commands = new Set<string>();
  for (const file of files) for (const match of readFileSync(file, 'utf8').matchAll(COMMAND)) commands.add(match[0]);
  return commands;
}

describe('table access follows the code', () => {
  it.each(ALL_FUNCTIONS)('%s is granted exactly the DynamoDB actions its code can send', (name) => {
    const commands = commandsOf(reachable(handlerEntry(name)));
    const needed = new Set<string>();
    for (const command of commands) {
      const actions = COMMAND_ACTIONS[command];
      if (actions === 'never' || actions === undefined)
        throw new Error(`${name} sends ${command}, which no Lambda is granted`);
      for (const action of actions) needed.add(action);
    }
    expect([...tableActions(name)].sort()).toEqual([...needed].sort());
  });

  it('finds the commands where the code sends them (the check sees the real modules)', () => {
    const files = reachable(handlerEntry('article'));
    expect(files.has(join(ROOT, 'functions/lib/db/records.ts'))).toBe(true);
    expect(commandsOf(files)).toContain('TransactWriteCommand');
  });

  it.each(ALL_FUNCTIONS)(
    '%s is counted as a media bucket user if and only if its code reaches the S3 client',
    (name) => {
      // usesMedia also decides which S3 calls a bundle's traces describe (infra/aws/bundle-plugins.ts).
      const usesS3 = [...reachable(handlerEntry(name))].some((file) =>
        /from '@aws-sdk\/client-s3'/.test(readFileSync(file, 'utf8')),
      );
      expect(usesMedia(name)).toBe(usesS3);
    },
  );

  it.each(LAMBDAS)('%s gets the JWT secret if and only if its code signs or checks tokens', (name) => {
    const signsIn = reachable(handlerEntry(name)).has(join(ROOT, 'functions/session/tokens.ts'));
    expect(signsIn).toBe(!WITHOUT_SIGN_IN.includes(name));
  });

  it.each(LAMBDAS)('%s gets the preview secret if and only if its code signs or checks preview tokens', (name) => {
    const previews = reachable(handlerEntry(name)).has(join(ROOT, 'functions/preview/token.ts'));
    expect(previews).toBe(PREVIEW_SIGNING.includes(name));
  });
});
