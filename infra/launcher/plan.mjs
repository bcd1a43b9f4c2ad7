// @ts-check
/**
 * The launcher's decisions, as pure functions of what it found on the machine (launch.mjs gathers those facts and
 * carries the steps out). Plain JavaScript that Node 18 runs: this code runs before anything is installed.
 */

/** The Node the launcher fetches when the machine's is older than the engines floor: the version Lambda runs. */
export const PINNED_NODE = '22.23.3';

/** Where a machine's Node binary comes from: the official binary packages on the npm registry. */
const NODE_PACKAGE_PLATFORMS = { linux: 'linux', darwin: 'darwin' };
const NODE_PACKAGE_ARCHES = { x64: 'x64', arm64: 'arm64' };

/**
 * The browser the e2e tests, bench:web and this launcher use: Debian's Chromium, or CHROMIUM_PATH.
 * @param {Record<string, string | undefined>} env
 */
export const chromiumPath = (env) => env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian packages for the system tools the product needs beside Node. */
export const SYSTEM_TOOLS = {
  java: { label: 'Java 17+', debian: 'openjdk-17-jre-headless', why: 'DynamoDB Local' },
  chromium: { label: 'Chromium', debian: 'chromium', why: 'the browser tests' },
};

/**
 * `22.13` or `22.13.0` → [22, 13, 0]. Returns null for anything that is not dotted numbers.
 * @param {string} text
 * @returns {[number, number, number] | null}
 */
export function parseVersion(text) {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/**
 * The floor of an engines range of the form `>=22.13` (the only form package.json uses).
 * @param {string} range
 */
export function engineFloor(range) {
  const match = /^\s*>=\s*(\S+)\s*$/.exec(range);
  const floor = match?.[1] ? parseVersion(match[1]) : null;
  if (!floor) throw new Error(`The launcher reads engines.node as ">=X.Y.Z"; package.json says "${range}"`);
  return floor;
}

/**
 * @param {string} version
 * @param {string} range
 */
export function satisfiesFloor(version, range) {
  const have = parseVersion(version);
  if (!have) return false;
  const floor = engineFloor(range);
  for (let i = 0; i < 3; i += 1) {
    const a = have[i] ?? 0;
    const b = floor[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/**
 * What the stamp in node_modules records of the install, so a changed lock or another Node major reinstalls.
 * @param {{ lockHash: string, nodeVersion: string, platform: string, arch: string }} facts
 */
export function installStamp(facts) {
  const major = facts.nodeVersion.replace(/^v/, '').split('.')[0];
  return `lock sha256 ${facts.lockHash}; node ${major}; ${facts.platform}-${facts.arch}`;
}

/**
 * @typedef {object} Facts
 * @property {string} nodeVersion        the running Node, e.g. "20.20.2"
 * @property {string} enginesNode        package.json's engines.node, e.g. ">=22.13"
 * @property {string} platform           process.platform
 * @property {string} arch               process.arch
 * @property {boolean} relaunched        this process is already the launcher re-run under a fetched Node
 * @property {boolean} nodeModules       node_modules exists
 * @property {string} lockHash           sha256 of package-lock.json
 * @property {string | null} stamp       what the last install wrote in node_modules, or null
 * @property {Array<keyof typeof SYSTEM_TOOLS>} needs   the system tools the command needs
 * @property {Array<keyof typeof SYSTEM_TOOLS>} missing those of them not found
 * @property {boolean} aptGet            apt-get is on PATH
 * @property {boolean} root              running as root
 * @property {boolean} sudo              sudo runs without a password
 *
 * @typedef {{ kind: 'fetch-node', version: string, packageName: string, reason: string }
 *   | { kind: 'install-packages', reason: string }
 *   | { kind: 'install-system', debian: string[], sudo: boolean, reason: string }
 *   | { kind: 'stop', message: string }
 *   | { kind: 'run' }} Step
 */

/**
 * The steps before the command runs, in order. A `fetch-node` step ends this process's plan: the launcher re-runs
 * itself under the fetched Node, which plans again from there. A `stop` step is the last.
 * @param {Facts} facts
 * @returns {Step[]}
 */
export function planLaunch(facts) {
  if (!satisfiesFloor(facts.nodeVersion, facts.enginesNode)) {
    const floor = facts.enginesNode.replace(/\s+/g, '');
    if (facts.relaunched) {
      return [{ kind: 'stop', message: `The fetched Node ${facts.nodeVersion} is still not ${floor}` }];
    }
    const os = NODE_PACKAGE_PLATFORMS[/** @type {keyof typeof NODE_PACKAGE_PLATFORMS} */ (facts.platform)];
    const cpu = NODE_PACKAGE_ARCHES[/** @type {keyof typeof NODE_PACKAGE_ARCHES} */ (facts.arch)];
    if (!os || !cpu) {
      return [
        {
          kind: 'stop',
          message: `Node ${facts.nodeVersion} is older than this project's ${floor}, and the npm registry has no Node package for ${facts.platform}-${facts.arch}: install Node ${PINNED_NODE.split('.')[0]} and run again`,
        },
      ];
    }
    return [
      {
        kind: 'fetch-node',
        version: PINNED_NODE,
        packageName: `node-${os}-${cpu}`,
        reason: `Node ${facts.nodeVersion} is older than this project's ${floor}`,
      },
    ];
  }

  /** @type {Step[]} */
  const steps = [];
  if (!facts.nodeModules) {
    steps.push({ kind: 'install-packages', reason: 'node_modules is missing' });
  } else if (facts.stamp !== installStamp(facts)) {
    steps.push({
      kind: 'install-packages',
      reason: facts.stamp
        ? 'package-lock.json or Node changed since the last install'
        : 'node_modules was not installed by this launcher',
    });
  }

  const missing = facts.needs.filter((tool) => facts.missing.includes(tool));
  if (missing.length > 0) {
    const debian = missing.map((tool) => SYSTEM_TOOLS[tool].debian);
    const names = missing.map((tool) => `${SYSTEM_TOOLS[tool].label} (${SYSTEM_TOOLS[tool].why})`).join(' and ');
    if (facts.aptGet && (facts.root || facts.sudo)) {
      steps.push({ kind: 'install-system', debian, sudo: !facts.root, reason: `${names} not found` });
    } else {
      steps.push({
        kind: 'stop',
        message: `Needs ${names}: install ${missing.length === 1 ? 'it' : 'them'} (Debian: sudo apt-get install ${debian.join(' ')}), then run again`,
      });
      return steps;
    }
  }
  steps.push({ kind: 'run' });
  return steps;
}

/**
 * `npm test`'s closing table: each stage's seconds, and where it stopped.
 * @param {Array<{ name: string, seconds: number, ok: boolean }>} stages
 */
export function stageTable(stages) {
  const width = Math.max(5, ...stages.map((stage) => stage.name.length));
  const lines = stages.map(
    (stage) =>
      `  ${stage.name.padEnd(width)}  ${formatSeconds(stage.seconds).padStart(8)}  ${stage.ok ? 'ok' : 'FAILED'}`,
  );
  const total = stages.reduce((sum, stage) => sum + stage.seconds, 0);
  lines.push(`  ${'total'.padEnd(width)}  ${formatSeconds(total).padStart(8)}`);
  return lines.join('\n');
}

/** @param {number} seconds */
export function formatSeconds(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} m ${String(whole % 60).padStart(2, '0')} s`;
}
