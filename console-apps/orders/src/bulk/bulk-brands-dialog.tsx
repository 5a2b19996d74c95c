import { PRODUCT_SEARCH_MAX_LENGTH, type ProductSummary } from '@boon/contracts';
import { ListLoadError, ShowMoreButton, useSelectedCustomerId } from '@boon/console-kit';
import { Dialog, RadioGroup, SearchField, Select, type SelectOption } from '@boon/ui';
import { useEffect, useMemo, useState } from 'react';
import { PRODUCTS_PER_PAGE, useBalances, useProducts } from '../api';
import { valuesText } from '../order-create';

/** Typed text once the person pauses, so the network is searched once per word, not per key. */
function useSettledText(text: string, delayMs = 300): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}

export interface BulkBrandsDialogProps {
  chosen: ProductSummary | null;
  onChoose(merchant: ProductSummary): void;
  onClose(): void;
}

/**
 * Spec 2.4's bulk brands: the one merchant of every row without a merchant code (a row is one
 * reward of one merchant, so one is chosen, not several as for a single order), searched across
 * the network and narrowed to a balance's currency if wished. Rows naming a merchant keep theirs.
 */
export function BulkBrandsDialog({ chosen, onChoose, onClose }: BulkBrandsDialogProps) {
  const customerId = useSelectedCustomerId();
  const balances = useBalances(customerId);
  const [selected, setSelected] = useState<ProductSummary | null>(chosen);
  const [text, setText] = useState('');
  const [currency, setCurrency] = useState(chosen?.currency ?? '');
  const search = useSettledText(text);
  const products = useProducts(customerId, {
    ...(currency ? { currency } : {}),
    ...(search ? { search } : {}),
  });
  const items = (products.data?.pages ?? []).flatMap((page) => page.items);
  const currencyOptions = useMemo<SelectOption[]>(
    () => [
      { id: 'any', value: '', label: 'Any currency' },
      ...(balances.data ?? []).map((balance) => ({
        id: balance.currency,
        value: balance.currency,
        label: balance.currency,
      })),
    ],
    [balances.data],
  );
  const options = useMemo<SelectOption[]>(
    () =>
      items.map((product) => ({
        id: product.productCode,
        value: product.productCode,
        // The code tells a merchant's countries apart (one name, several codes), and is what a
        // row would name.
        label:
          product.state === 'TEMPORARILY_DISABLED'
            ? `${product.name} (${product.productCode}): temporarily unavailable`
            : `${product.name} (${product.productCode}): offers ${valuesText(product)}`,
        disabled: product.state === 'TEMPORARILY_DISABLED',
      })),
    [items],
  );

  return (
    <Dialog
      open
      title="Choose the merchant"
      description="The merchant of every row without a merchant code of its own. Rows that name a merchant keep theirs."
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      yesLabel="Use this merchant"
      yesDisabled={selected === null}
      onYes={() => {
        if (selected) onChoose(selected);
      }}
      noLabel="Cancel"
      onNo={onClose}
    >
      <div className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SearchField
            label="Search merchants"
            value={text}
            onChange={setText}
            maxLength={PRODUCT_SEARCH_MAX_LENGTH}
          />
          <Select
            label="Currency"
            options={currencyOptions}
            value={currency}
            onChange={(value) => setCurrency(value ?? '')}
          />
        </div>
        <p role="status" className="text-sm text-ink-muted">
          {selected ? `Chosen: ${selected.name}, in ${selected.currency}.` : 'No merchant chosen.'}
        </p>
        {products.isPending ? (
          <p className="text-sm text-ink-muted">Loading merchants…</p>
        ) : products.isError ? (
          <ListLoadError
            what="the merchants"
            error={products.error}
            onRetry={() => void products.refetch()}
          />
        ) : items.length === 0 ? (
          <p className="text-sm text-ink-muted">
            {search
              ? `No merchant matches "${search}"${currency ? ` in ${currency}` : ''}.`
              : `No merchant offers rewards in ${currency}. Choose another currency.`}
          </p>
        ) : (
          <RadioGroup
            label="Merchants"
            hideLabel
            options={options}
            value={selected?.productCode ?? null}
            onChange={(code) =>
              setSelected(items.find((product) => product.productCode === code) ?? null)
            }
          />
        )}
        {products.hasNextPage ? (
          <ShowMoreButton
            pageSize={PRODUCTS_PER_PAGE}
            loading={products.isFetchingNextPage}
            onMore={() => void products.fetchNextPage()}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
