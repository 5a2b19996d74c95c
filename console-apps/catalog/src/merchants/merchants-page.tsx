import {
  getConsoleConfig,
  LoadError,
  useListSearch,
  useSearchBoxText,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { PRODUCT_CATEGORIES, PRODUCT_SEARCH_MAX_LENGTH, PRODUCT_STATES } from '@boon/contracts';
import { supportedCountries } from '@boon/domain';
import { Button, EMPTY_TABLE_TEXT, SearchField, Select, type SelectOption } from '@boon/ui';
import { useEffect, useRef } from 'react';
import { PRODUCTS_PER_PAGE, useProducts, type ProductFilters } from '../api';
import { categoryLabel, productStateLabels } from '../products';
import { MerchantCard } from './merchant-card';
import { parseMerchantsSearch, type MerchantsSearch } from './merchants-search';

const countryOptions: SelectOption[] = supportedCountries.map((country) => ({
  id: country.isoCode,
  value: country.isoCode,
  label: country.label,
}));
// The network's rewards are in the currencies of the countries it serves.
const currencyOptions: SelectOption[] = [
  ...new Map(
    supportedCountries.map((country) => [country.currency, country.currencyName]),
  ).entries(),
]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([code, name]) => ({ id: code, value: code, label: `${code} · ${name}` }));
const categoryOptions: SelectOption[] = PRODUCT_CATEGORIES.map((category) => ({
  id: category,
  value: category,
  label: categoryLabel(category),
}));
const stateOptions: SelectOption[] = PRODUCT_STATES.map((state) => ({
  id: state,
  value: state,
  label: productStateLabels[state].label,
}));

/** What the filters leave out, in words, for the empty state: "in Canada, in GBP". */
function filterWords(search: MerchantsSearch): string {
  const parts = [
    search.search ? `named like “${search.search}”` : '',
    search.country
      ? `in ${countryOptions.find((o) => o.value === search.country)?.label ?? search.country}`
      : '',
    search.currency ? `in ${search.currency}` : '',
    search.category ? `in ${categoryLabel(search.category)}` : '',
    search.state ? `that are ${productStateLabels[search.state].label.toLowerCase()}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/**
 * Merchants (spec 2.1 product-catalog-home): the network's merchants by name,
 * searched and filtered by country, currency, category and availability, all kept in the
 * address, a page at a time.
 */
export function MerchantsPage() {
  const customerId = useSelectedCustomerId();
  const [search, writeSearch] = useListSearch(parseMerchantsSearch);
  const filters: ProductFilters = search;
  const products = useProducts(customerId, filters);
  const listRef = useRef<HTMLUListElement>(null);
  const { productName } = getConsoleConfig();

  const change = (next: Partial<MerchantsSearch>, options?: { replace?: boolean }) =>
    writeSearch(
      Object.fromEntries(
        Object.entries({ ...search, ...next }).filter(([, value]) => value !== undefined),
      ) as MerchantsSearch,
      options,
    );
  const searchBox = useSearchBoxText(search.search ?? '', (text) =>
    change({ search: text === '' ? undefined : text }, { replace: true }),
  );
  const filtered = Object.keys(search).length > 0;
  const clear = () => {
    searchBox.setText('');
    writeSearch({});
  };

  const items = (products.data?.pages ?? []).flatMap((page) => page.items);
  // A failed next page keeps the merchants already shown; only a failed first page replaces them.
  const failed = products.isError && !products.isFetchNextPageError;

  // After "Load more", the first new merchant takes focus, where a keyboard user reads on.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLAnchorElement>('h2 a')[from]?.focus();
  }, [items.length]);
  const loadMore = () => {
    if (products.isFetchingNextPage) return;
    focusFrom.current = items.length;
    void products.fetchNextPage();
  };

  return (
    <div className="flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Merchants</h1>
        <p className="text-sm text-ink-muted">
          The merchants of the {productName} Network whose rewards you can send: what they are
          worth, where they can be spent and the discount each merchant gives.
        </p>
      </div>

      <form
        role="search"
        aria-label="Search merchants"
        className="grid grid-cols-1 items-end gap-4 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => {
          event.preventDefault();
          searchBox.commitNow();
        }}
      >
        <SearchField
          label="Search by name"
          value={searchBox.text}
          onChange={searchBox.setText}
          maxLength={PRODUCT_SEARCH_MAX_LENGTH}
        />
        <Select
          label="Country"
          placeholder="All countries"
          options={countryOptions}
          value={search.country ?? null}
          onChange={(value) => change({ country: value ?? undefined })}
        />
        <Select
          label="Currency"
          placeholder="All currencies"
          options={currencyOptions}
          value={search.currency ?? null}
          onChange={(value) => change({ currency: value ?? undefined })}
        />
        <Select
          label="Category"
          placeholder="All categories"
          options={categoryOptions}
          value={search.category ?? null}
          onChange={(value) =>
            change({ category: (value ?? undefined) as MerchantsSearch['category'] })
          }
        />
        <Select
          label="Availability"
          placeholder="Any availability"
          options={stateOptions}
          value={search.state ?? null}
          onChange={(value) => change({ state: (value ?? undefined) as MerchantsSearch['state'] })}
        />
      </form>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-ink-muted">
          {products.isPending
            ? 'Loading merchants…'
            : failed
              ? ''
              : items.length === 0
                ? ''
                : `Showing ${items.length} merchant${items.length === 1 ? '' : 's'}${
                    products.hasNextPage ? ', more to load' : ''
                  }.`}
        </p>
        {filtered ? (
          <Button variant="secondary" onClick={clear}>
            Clear search and filters
          </Button>
        ) : null}
      </div>

      {failed ? (
        <LoadError
          what="the merchants"
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      ) : products.isPending ? (
        <ul aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <li key={index} className="h-44 animate-pulse rounded-lg bg-surface-muted" />
          ))}
        </ul>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-line p-6 text-sm">
          <p className="font-medium text-ink">{EMPTY_TABLE_TEXT}</p>
          {filtered ? (
            <p className="text-ink-muted">
              No merchant {filterWords(search)}. Try another spelling or fewer filters, or clear
              them to see the whole network.
            </p>
          ) : null}
        </div>
      ) : (
        <ul
          ref={listRef}
          aria-label="Merchants"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {items.map((product) => (
            <li key={product.productCode}>
              <MerchantCard product={product} />
            </li>
          ))}
        </ul>
      )}

      {products.isFetchNextPageError ? (
        <LoadError what="more merchants" error={products.error} onRetry={loadMore} />
      ) : products.hasNextPage ? (
        <div>
          <Button variant="secondary" onClick={loadMore}>
            {products.isFetchingNextPage ? 'Loading…' : `Load ${PRODUCTS_PER_PAGE} more`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
