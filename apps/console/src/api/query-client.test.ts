import { ApiError, NO_RESPONSE_STATUS } from '@boon/console-kit';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('createQueryClient', () => {
  it('retries server and network failures twice, client errors never', () => {
    const outage = new ApiError(NO_RESPONSE_STATUS, 'network_error', 'offline');
    expect([0, 1, 2].map((count) => shouldRetry(count, outage))).toEqual([true, true, false]);
    expect(shouldRetry(0, new ApiError(503, 'service_unavailable', 'x'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
  });

  it('gives up on an outage within about a second', () => {
    expect(retryDelay(0) + retryDelay(1)).toBeLessThanOrEqual(1_200);
  });

  it('sends a write while the browser says it is offline, so it fails where the user sees it', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const write = vi.fn(async () => {
      throw new ApiError(NO_RESPONSE_STATUS, 'network_error', 'offline');
    });

    await expect(
      client.getMutationCache().build(client, { mutationFn: write }).execute(undefined),
    ).rejects.toThrow('offline');
    expect(write).toHaveBeenCalledTimes(1);
  });
});
