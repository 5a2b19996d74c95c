import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  loaded: vi.fn(),
  init: vi.fn(),
  captureException: vi.fn(),
  replayIntegration: vi.fn(() => ({ name: 'Replay' })),
  addIntegration: vi.fn(),
  replay: { start: vi.fn(), stop: vi.fn(async () => {}) },
}));

vi.mock('@sentry/react', () => {
  sdk.loaded();
  return {
    init: sdk.init,
    captureException: sdk.captureException,
    replayIntegration: sdk.replayIntegration,
    addIntegration: sdk.addIntegration,
    getReplay: () => sdk.replay,
  };
});

const DSN = 'https://key@o1.ingest.sentry.io/2';

/** A fresh copy of the module per test: it remembers whether Sentry was started. */
async function loadMonitoring() {
  return import('./monitoring');
}

describe('monitoring', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('neither imports nor starts Sentry without a DSN', async () => {
    const { initMonitoring } = await loadMonitoring();

    await expect(initMonitoring({ sentryDsn: null, environment: 'production' })).resolves.toBe(
      false,
    );

    expect(sdk.loaded).not.toHaveBeenCalled();
    expect(sdk.init).not.toHaveBeenCalled();
  });

  it('reads the DSN from the runtime configuration by default (none in development)', async () => {
    const { initMonitoring } = await loadMonitoring();

    await expect(initMonitoring()).resolves.toBe(false);

    expect(sdk.loaded).not.toHaveBeenCalled();
  });

  it('logs reported errors to the console when Sentry is off', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { initMonitoring, reportError } = await loadMonitoring();
    await initMonitoring({ sentryDsn: null, environment: 'production' });
    const error = new Error('Consent could not be saved');

    reportError(error, { call: 'PATCH /user/me/options' });
    reportError('plain');

    expect(consoleError).toHaveBeenNthCalledWith(1, error, { call: 'PATCH /user/me/options' });
    expect(consoleError).toHaveBeenNthCalledWith(2, 'plain');
    expect(sdk.loaded).not.toHaveBeenCalled();
  });

  it('starts Sentry with the sample rates of spec 9 and no replay before consent', async () => {
    const { initMonitoring } = await loadMonitoring();

    await expect(initMonitoring({ sentryDsn: DSN, environment: 'production' })).resolves.toBe(true);

    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.init).toHaveBeenCalledWith({
      dsn: DSN,
      environment: 'production',
      integrations: [],
      replaysSessionSampleRate: 0.2,
      replaysOnErrorSampleRate: 1.0,
    });
    expect(sdk.addIntegration).not.toHaveBeenCalled();
  });

  it('adds session replay once consent allows it, and stops it when withdrawn', async () => {
    const { initMonitoring, setSessionReplayAllowed } = await loadMonitoring();
    await initMonitoring({ sentryDsn: DSN, environment: 'production' });

    setSessionReplayAllowed(true);
    await vi.waitFor(() => expect(sdk.addIntegration).toHaveBeenCalledWith({ name: 'Replay' }));
    setSessionReplayAllowed(false);
    await vi.waitFor(() => expect(sdk.replay.stop).toHaveBeenCalled());
    setSessionReplayAllowed(true);
    await vi.waitFor(() => expect(sdk.replay.start).toHaveBeenCalled());
    expect(sdk.addIntegration).toHaveBeenCalledTimes(1);
  });

  it('remembers consent given before the SDK loaded', async () => {
    const { initMonitoring, setSessionReplayAllowed } = await loadMonitoring();
    setSessionReplayAllowed(true);
    await initMonitoring({ sentryDsn: DSN, environment: 'production' });

    await vi.waitFor(() => expect(sdk.addIntegration).toHaveBeenCalledTimes(1));
  });

  it('starts only once', async () => {
    const { initMonitoring } = await loadMonitoring();

    await initMonitoring({ sentryDsn: DSN, environment: 'production' });
    await initMonitoring({ sentryDsn: DSN, environment: 'production' });

    expect(sdk.init).toHaveBeenCalledTimes(1);
  });

  it('sends reported errors to Sentry with their context, even while it loads', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { initMonitoring, reportError } = await loadMonitoring();
    const early = new Error('early');
    const late = new Error('late');

    const started = initMonitoring({ sentryDsn: DSN, environment: 'test' });
    reportError(early);
    await started;
    reportError(late, { call: 'PATCH /user/me/options' });

    await vi.waitFor(() => expect(sdk.captureException).toHaveBeenCalledTimes(2));
    expect(sdk.captureException).toHaveBeenNthCalledWith(1, early, undefined);
    expect(sdk.captureException).toHaveBeenNthCalledWith(2, late, {
      extra: { call: 'PATCH /user/me/options' },
    });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('falls back to the console when the SDK fails to start', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    sdk.init.mockImplementationOnce(() => {
      throw new Error('bad DSN');
    });
    const { initMonitoring, reportError } = await loadMonitoring();

    await expect(initMonitoring({ sentryDsn: DSN, environment: 'production' })).resolves.toBe(
      false,
    );
    const error = new Error('after');
    reportError(error);

    await vi.waitFor(() => expect(consoleError).toHaveBeenCalledWith(error));
    expect(sdk.captureException).not.toHaveBeenCalled();
  });
});

describe('the first-screen bundle', () => {
  /** Every source file of the console, tests excepted. */
  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  it('never imports Sentry statically, so it only loads when a DSN is set', () => {
    const root = join(import.meta.dirname, '..');
    const files = sourceFiles(root);
    expect(files).toContain(join(root, 'monitoring', 'monitoring.ts'));
    const staticImports = files.filter((file) =>
      /^\s*(import|export)\s[^;]*?from\s+['"]@sentry\//m.test(
        readFileSync(file, 'utf8').replace(/^\s*import\s+type\s[^;]*;/gm, ''),
      ),
    );

    expect(staticImports).toEqual([]);
  });
});
