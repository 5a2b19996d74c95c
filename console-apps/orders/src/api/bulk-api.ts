import {
  catalogApi,
  orderingApi,
  ORDER_POLL_INTERVAL_MS,
  type BulkBatch,
  type BulkEstimateRequest,
  type CustomerId,
  type ProductSummary,
} from '@boon/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { isApiError, queryKeys, type ApiClient, useApiClient } from '@boon/console-kit';

export const bulkQueryKeys = {
  batch: (customerId: CustomerId | null, batchId: string) =>
    queryKeys.tenant(customerId, 'ordering', 'bulk-orders', batchId),
  estimate: (customerId: CustomerId | null, request: object) =>
    queryKeys.tenant(customerId, 'ordering', 'bulk-estimate', request),
};

/**
 * The catalogue's merchants a file names, asked once each ("catalogue facts,
 * fetched once"); a code the catalogue does not know is simply not in the answer.
 */
export async function productsByCode(
  api: ApiClient,
  codes: readonly string[],
): Promise<Map<string, ProductSummary>> {
  const found = new Map<string, ProductSummary>();
  const queue = [...new Set(codes)];
  await Promise.all(
    Array.from({ length: Math.min(6, queue.length) }, async () => {
      for (let code = queue.shift(); code !== undefined; code = queue.shift()) {
        try {
          found.set(code, await api.call(catalogApi.getProduct, { params: { productCode: code } }));
        } catch (error) {
          if (!(isApiError(error) && error.status === 404)) throw error;
        }
      }
    }),
  );
  return found;
}

/** POST /bulk-orders/estimate for the file's rewards; idle until there is a request. */
export function useBulkEstimate(
  customerId: CustomerId | null,
  request: BulkEstimateRequest | null,
) {
  const api = useApiClient();
  return useQuery({
    queryKey: bulkQueryKeys.estimate(customerId, request ?? {}),
    queryFn:
      customerId && request
        ? ({ signal }) => api.call(orderingApi.estimateBulkOrder, { body: request, signal })
        : skipToken,
    staleTime: 60_000,
  });
}

/** A bulk order, asked again every second (spec 9) while rewards are pending. */
export function useBulkBatch(customerId: CustomerId | null, batchId: string) {
  const api = useApiClient();
  return useQuery<BulkBatch>({
    queryKey: bulkQueryKeys.batch(customerId, batchId),
    queryFn: customerId
      ? ({ signal }) => api.call(orderingApi.getBulkOrder, { params: { batchId }, signal })
      : skipToken,
    refetchInterval: (query) => {
      const batch = query.state.data;
      return batch && batch.status === 'PAID' && batch.progress.pending === 0
        ? false
        : ORDER_POLL_INTERVAL_MS;
    },
  });
}

/** A bulk order's results as a CSV file: each row with its order, reward and e-mail status. */
export function downloadBulkResults(api: ApiClient, batchId: string) {
  return api.download(orderingApi.getBulkOrder, 'text/csv', { params: { batchId } });
}
