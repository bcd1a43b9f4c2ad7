#!/usr/bin/env node
// @ts-check
/**
 * What stands behind `npm start`, `npm test` and every script that needs the toolchain, so that a fresh clone
 * needs nothing but git and Node 18+ on PATH:
 *   node infra/launcher/launch.mjs [--needs java,chromium] <command> [args…]
 *   node infra/launcher/launch.mjs [--needs …] --stages typecheck,lint,…   (npm test: each `npm run <stage>`, timed)
 *   node infra/launcher/launch.mjs [--needs …] --together 'command one' 'command two'   (at the same time)
 * It gets Node 22 from the npm registry when the machine's Node is older than package.json's engines floor and
 * re-runs itself under it; runs `npm ci` when node_modules is missing or came from another lock; installs Java or
 * Chromium with apt-get when the command needs them and it may (root, or sudo without a password), else stops
 * with one line saying what to install. The decisions are in plan.mjs; this file gathers facts and acts.
 * Plain JavaScript with no dependencies: it runs before anything is installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath, formatSeconds, installStamp, planLaunch, SYSTEM_TOOLS, stageTable } from './plan.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LAUNCHER = fileURLToPath(import.meta.url);
const STAMP_FILE = join(ROOT, 'node_modules', '.admin-portal-install');
const RELAUNCHED = 'ADMIN_PORTAL_RELAUNCHED';

/** @param {string} message */
function say(message) {
  process.stderr.write(`[launcher] ${message}\n`);
}

/** @param {string} message */
function stop(message) {
  say(message);
  process.exit(1);
}

/**
 * While `children` run, so that none is left running when this process is told to stop: a SIGTERM or SIGHUP is
 * passed on. A child in the terminal's process group gets Ctrl-C from the terminal itself, so this process ignores
 * SIGINT and waits for it; a child in a process group of its own (`groups`: a shell and what it started) gets every
 * signal passed to its whole group. Returns the release.
 * @param {import('node:child_process').ChildProcess[]} children
 * @param {{ groups?: boolean }} [options]
 */
function holdSignals(children, { groups = false } = {}) {
  /** @param {NodeJS.Signals} signal */
  const pass = (signal) => {
    for (const child of children) {
      if (child.pid === undefined || child.exitCode !== null) continue;
      try {
        if (groups) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // Gone meanwhile.
      }
    }
  };
  const onInterrupt = groups ? pass : () => {};
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', pass);
  process.on('SIGHUP', pass);
  return () => {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', pass);
    process.off('SIGHUP', pass);
  };
}

/**
 * Runs `what` (a synchronous step), saying what it does and how long it took.
 * @template T
 * @param {string} label
 * @param {() => T} what
 * @returns {T}
 */
function timed(label, what) {
  const started = performance.now();
  say(`${label}…`);
  const result = what();
  say(`${label}: done in ${formatSeconds((performance.now() - started) / 1000)}`);
  return result;
}

/**
 * Runs a command to its end with the terminal attached; resolves to its exit code (signals: holdSignals).
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function runToEnd(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    const release = holdSignals([child]);
    const done = (/** @type {number} */ code) => {
      release();
      resolve(code);
    };
    child.on('error', (error) => {
      say(`could not run ${command}: ${error.message}`);
      done(127);
    });
    child.on('exit', (code, signal) => done(code ?? (signal === 'SIGINT' ? 130 : 1)));
  });
}

/** @param {string} command */
function succeeds(command, /** @type {string[]} */ args) {
  const probe = spawnSync(command, args, { stdio: 'ignore' });
  return !probe.error && probe.status === 0;
}

/** @param {string} path */
function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @param {keyof typeof SYSTEM_TOOLS} tool */
function toolPresent(tool) {
  if (tool === 'java') return succeeds('java', ['-version']);
  return executable(chromiumPath(process.env));
}

function cacheDir() {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'admin-portal');
}

/**
 * @param {string} needsOption
 * @returns {import('./plan.mjs').Facts}
 */
function gatherFacts(needsOption) {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const needs = /** @type {Array<keyof typeof SYSTEM_TOOLS>} */ (
    needsOption
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
  );
  for (const tool of needs)
    if (!(tool in SYSTEM_TOOLS)) stop(`--needs knows ${Object.keys(SYSTEM_TOOLS)}, not "${tool}"`);
  const missing = needs.filter((tool) => !toolPresent(tool));
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return {
    nodeVersion: process.versions.node,
    enginesNode: pkg.engines?.node ?? '>=0',
    platform: process.platform,
    arch: process.arch,
    relaunched: process.env[RELAUNCHED] === '1',
    nodeModules: existsSync(join(ROOT, 'node_modules')),
    lockHash: createHash('sha256')
      .update(readFileSync(join(ROOT, 'package-lock.json')))
      .digest('hex'),
    stamp: existsSync(STAMP_FILE) ? readFileSync(STAMP_FILE, 'utf8').trim() : null,
    needs,
    missing,
    aptGet: missing.length > 0 && succeeds('apt-get', ['--version']),
    root,
    sudo: missing.length > 0 && !root && succeeds('sudo', ['-n', 'true']),
  };
}

/**
 * Installs `packageName@version` (the official Node binary package) once into the cache; returns its bin folder.
 * It is installed beside its final place and renamed there, so an interrupted download is never taken for Node.
 * @param {string} packageName
 * @param {string} version
 */
function fetchNode(packageName, version) {
  const final = join(cacheDir(), `node-${version}-${packageName.replace(/^node-/, '')}`);
  const bin = join(final, 'node_modules', packageName, 'bin');
  if (executable(join(bin, 'node'))) return bin;
  const partial = `${final}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  timed(`getting Node ${version} from the npm registry (${packageName}) into ${cacheDir()}`, () => {
    // In the cache folder, so the project's .npmrc (engine-strict) does not apply to this install.
    const install = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        partial,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `${packageName}@${version}`,
      ],
      { cwd: partial, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (install.error || install.status !== 0) stop(`npm could not install ${packageName}@${version}; see above`);
  });
  rmSync(final, { recursive: true, force: true });
  renameSync(partial, final);
  if (!succeeds(join(bin, 'node'), ['--version'])) stop(`the Node in ${bin} does not run on this machine`);
  return bin;
}

/** @param {NodeJS.ProcessEnv} env */
function installPackages(env) {
  rmSync(STAMP_FILE, { force: true });
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, env, stdio: 'inherit' });
  if (install.error || install.status !== 0) stop('npm ci failed; see above');
}

/**
 * @param {string[]} debian
 * @param {boolean} sudo
 */
function installSystem(debian, sudo) {
  const prefix = sudo ? ['sudo', '-n'] : [];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...debian],
  ]) {
    const [command = '', ...rest] = [...prefix, ...args];
    const result = spawnSync(command, rest, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.error || result.status !== 0) stop(`${[command, ...rest].join(' ')} failed; see above`);
  }
}

/**
 * Runs shell commands at the same time (two test streams against stacks of their own); resolves to the first
 * failing exit code, or 0. The first command's output is shown as it comes; each other's is held until the ones
 * before it have ended, so no two outputs interleave.
 * @param {string[]} commands
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
async function runTogether(commands, env) {
  /** @type {Promise<void>} */
  let previousShown = Promise.resolve();
  const children = commands.map((command) =>
    // A group of its own: a signal then reaches the shell's whole tree, not the shell alone.
    spawn(command, { cwd: ROOT, env, shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  const release = holdSignals(children, { groups: true });
  const runs = commands.map((command, index) => {
    const started = performance.now();
    const child = children[index];
    if (!child) throw new Error(`no process for ${command}`);
    /** @type {Buffer[]} */
    const held = [];
    let live = index === 0;
    for (const [stream, out] of /** @type {const} */ ([
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])) {
      stream.on('data', (/** @type {Buffer} */ chunk) => (live ? out.write(chunk) : held.push(chunk)));
    }
    const ended = new Promise((resolve) => {
      child.on('error', () => resolve(127));
      child.on('close', (code) => resolve(code ?? 1));
    });
    // Held output is written to stdout when its turn comes, stdout and stderr in the order they came.
    const shown = previousShown.then(async () => {
      live = true;
      process.stdout.write(Buffer.concat(held.splice(0)));
      const code = /** @type {number} */ (await ended);
      say(
        `${command}: ${code === 0 ? 'passed' : `failed (${code})`} in ${formatSeconds((performance.now() - started) / 1000)}`,
      );
      return code;
    });
    previousShown = shown.then(() => undefined);
    return shown;
  });
  const codes = await Promise.all(runs);
  release();
  return codes.find((code) => code !== 0) ?? 0;
}

async function main() {
  const argv = process.argv.slice(2);
  let needs = '';
  /** @type {string[] | null} */
  let stages = null;
  let together = false;
  while (argv[0]?.startsWith('--')) {
    const option = argv.shift();
    if (option === '--needs') needs = argv.shift() ?? '';
    else if (option === '--stages') stages = (argv.shift() ?? '').split(',').filter(Boolean);
    else if (option === '--together') together = true;
    else if (option === '--') break;
    else stop(`unknown option ${option}`);
  }
  if (!stages && argv.length === 0)
    stop("usage: launch.mjs [--needs java,chromium] (--stages a,b,… | --together 'cmd' 'cmd' … | command [args…])");
  if (stages && argv.length > 0) stop(`--stages runs whole scripts; it takes no arguments (got ${argv.join(' ')})`);
  if (stages && together) stop('--stages and --together are two ways to run; give one');

  const facts = gatherFacts(needs);
  const binDir = join(ROOT, 'node_modules', '.bin');
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, PATH: [binDir, process.env.PATH ?? ''].join(delimiter) };

  for (const step of planLaunch(facts)) {
    if (step.kind === 'stop') stop(step.message);
    if (step.kind === 'fetch-node') {
      say(`${step.reason}; running under Node ${step.version}`);
      const nodeBin = fetchNode(step.packageName, step.version);
      const nodeEnv = { ...process.env, [RELAUNCHED]: '1', PATH: [nodeBin, process.env.PATH ?? ''].join(delimiter) };
      process.exit(await runToEnd(join(nodeBin, 'node'), [LAUNCHER, ...process.argv.slice(2)], nodeEnv));
    }
    if (step.kind === 'install-packages') {
      timed(`${step.reason}: npm ci`, () => installPackages(env));
      writeFileSync(STAMP_FILE, `${installStamp(facts)}\n`);
    }
    if (step.kind === 'install-system') {
      timed(`${step.reason}: ${step.sudo ? 'sudo ' : ''}apt-get install ${step.debian.join(' ')}`, () =>
        installSystem(step.debian, step.sudo),
      );
      const still = facts.needs.filter((tool) => !toolPresent(tool));
      if (still.length > 0) stop(`still missing after apt-get: ${still.map((tool) => SYSTEM_TOOLS[tool].label)}`);
    }
  }

  if (together) process.exit(await runTogether(argv, env));
  if (!stages) {
    const [command = '', ...args] = argv;
    process.exit(await runToEnd(command, args, env));
  }

  /** @type {Array<{ name: string, seconds: number, ok: boolean }>} */
  const results = [];
  let code = 0;
  for (const stage of stages) {
    const started = performance.now();
    code = await runToEnd('npm', ['run', stage], env);
    results.push({ name: stage, seconds: (performance.now() - started) / 1000, ok: code === 0 });
    if (code !== 0) break;
  }
  process.stderr.write(`\n[launcher] ${code === 0 ? 'every stage passed' : `stopped at ${results.at(-1)?.name}`}:\n`);
  process.stderr.write(`${stageTable(results)}\n`);
  process.exit(code);
}

// Whatever goes wrong before the command runs (a read-only checkout, a full disk) is one line, not a stack trace.
main().catch((/** @type {unknown} */ error) => stop(error instanceof Error ? error.message : String(error)));
