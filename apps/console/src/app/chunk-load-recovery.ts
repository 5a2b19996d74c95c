/** Spec 8: the alert shown when a lazily loaded code chunk fails. */
export const CHUNK_RELOAD_MESSAGE = 'A refresh is required to update to latest version.';

/** When the last recovery reload happened, so a chunk that keeps failing cannot reload forever. */
export const CHUNK_RELOAD_STORAGE_KEY = 'boon.chunk-reload-at';

/** A second failure within this time after a recovery reload is left to the error page. */
export const CHUNK_RELOAD_LOOP_WINDOW_MS = 30_000;

/**
 * Recognises a failed dynamic import or stylesheet preload. After a deployment, a tab that loaded
 * the previous index.html asks for hashed chunks that no longer exist; browsers word that
 * differently, and Vite reports failed CSS preloads itself.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module/i.test(error.message) ||
    /error loading dynamically imported module/i.test(error.message) ||
    /Importing a module script failed/i.test(error.message) ||
    /Unable to preload CSS/i.test(error.message)
  );
}

export interface ChunkReloadEnvironment {
  alert(message: string): void;
  reload(): void;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now(): number;
}

const browserEnvironment: ChunkReloadEnvironment = {
  alert: (message) => window.alert(message),
  reload: () => window.location.reload(),
  storage: {
    getItem: (key) => window.sessionStorage.getItem(key),
    setItem: (key, value) => window.sessionStorage.setItem(key, value),
  },
  now: () => Date.now(),
};

export interface ChunkLoadRecovery {
  /** Whether `recover` would reload (or already has): no recovery reload happened just now. */
  canRecover(): boolean;
  /**
   * Tells the user and reloads the page to pick up the new version. Returns false, without
   * alerting, when a recovery reload happened moments ago: the chunk is really missing, so
   * reloading again would only loop, and the caller shows its error instead.
   */
  recover(): boolean;
  /**
   * Listens for Vite's `vite:preloadError`, fired when a lazy chunk or its stylesheet fails to
   * load. The error still reaches the route, whose error page calls `recover` too.
   */
  install(target?: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
}

export function createChunkLoadRecovery(
  env: ChunkReloadEnvironment = browserEnvironment,
): ChunkLoadRecovery {
  // One failure is usually reported twice (Vite's event and the route's error boundary).
  let reloadRequested = false;

  const canRecover = (): boolean => {
    if (reloadRequested) return true;
    const lastReloadAt = Number(env.storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
    return !(
      Number.isFinite(lastReloadAt) && env.now() - lastReloadAt < CHUNK_RELOAD_LOOP_WINDOW_MS
    );
  };

  const recover = (): boolean => {
    if (reloadRequested) return true;
    if (!canRecover()) return false;
    reloadRequested = true;
    env.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(env.now()));
    env.alert(CHUNK_RELOAD_MESSAGE);
    env.reload();
    return true;
  };

  return {
    canRecover,
    recover,
    install(target = window) {
      const onPreloadError = () => {
        recover();
      };
      target.addEventListener('vite:preloadError', onPreloadError);
      return () => target.removeEventListener('vite:preloadError', onPreloadError);
    },
  };
}

/** The page's one recovery, shared by the Vite event listener and the route error page. */
export const chunkLoadRecovery = createChunkLoadRecovery();
