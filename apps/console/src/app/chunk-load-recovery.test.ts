import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_LOOP_WINDOW_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  createChunkLoadRecovery,
  isChunkLoadError,
  type ChunkReloadEnvironment,
} from './chunk-load-recovery';

function environment(now = 1_000_000) {
  const stored = new Map<string, string>();
  const env = {
    alert: vi.fn(),
    reload: vi.fn(),
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    },
    now: vi.fn(() => now),
  } satisfies ChunkReloadEnvironment;
  return { env, stored };
}

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://localhost:8080/assets/home.lazy-x.js',
    'error loading dynamically imported module: http://localhost:8080/assets/home.lazy-x.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/home-x.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Request failed'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('createChunkLoadRecovery', () => {
  it('alerts with the spec text, then reloads, and remembers when', () => {
    const { env, stored } = environment();
    const recovery = createChunkLoadRecovery(env);

    expect(recovery.recover()).toBe(true);

    expect(env.alert).toHaveBeenCalledWith('A refresh is required to update to latest version.');
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.alert.mock.invocationCallOrder[0]).toBeLessThan(
      env.reload.mock.invocationCallOrder[0] ?? 0,
    );
    expect(stored.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('1000000');
  });

  it('alerts and reloads only once for a failure reported twice in the same page', () => {
    const { env } = environment();
    const recovery = createChunkLoadRecovery(env);

    recovery.recover();
    expect(recovery.recover()).toBe(true);

    expect(env.alert).toHaveBeenCalledTimes(1);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again right after a recovery reload, so a missing chunk cannot loop', () => {
    const { env, stored } = environment();
    stored.set(CHUNK_RELOAD_STORAGE_KEY, String(1_000_000 - CHUNK_RELOAD_LOOP_WINDOW_MS + 1));
    const recovery = createChunkLoadRecovery(env);

    expect(recovery.canRecover()).toBe(false);
    expect(recovery.recover()).toBe(false);

    expect(env.alert).not.toHaveBeenCalled();
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads again once the loop window has passed', () => {
    const { env, stored } = environment();
    stored.set(CHUNK_RELOAD_STORAGE_KEY, String(1_000_000 - CHUNK_RELOAD_LOOP_WINDOW_MS));
    const recovery = createChunkLoadRecovery(env);

    expect(recovery.recover()).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('recovers when Vite reports a failed preload', () => {
    const { env } = environment();
    const target = new EventTarget() as unknown as Window;
    createChunkLoadRecovery(env).install(target);

    target.dispatchEvent(new Event('vite:preloadError'));

    expect(env.alert).toHaveBeenCalledWith('A refresh is required to update to latest version.');
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('stops listening once uninstalled', () => {
    const { env } = environment();
    const target = new EventTarget() as unknown as Window;
    const uninstall = createChunkLoadRecovery(env).install(target);

    uninstall();
    target.dispatchEvent(new Event('vite:preloadError'));

    expect(env.alert).not.toHaveBeenCalled();
    expect(env.reload).not.toHaveBeenCalled();
  });
});
