import { productContent, products, seedOnce, type Database } from '@boon/db';
import { demoCatalogue, type DemoProduct } from './demo-catalogue.js';

const SEED_NAME = 'catalog-demo-network-v1';

/** What the list reads and filters on. */
const listed = (p: DemoProduct) => ({
  code: p.code,
  name: p.name,
  categories: p.categories,
  countries: p.countries,
  currency: p.currency,
  denominations: p.denominations,
  minValue: p.minValue,
  maxValue: p.maxValue,
  fixedValues: p.fixedValues,
  valueStep: p.valueStep,
  discountPercent: p.discountPercent,
  redeemOnline: p.redeemOnline,
  redeemInStore: p.redeemInStore,
  state: p.state,
});

/** What only a product's own page (and its logo) needs. */
const content = (p: DemoProduct) => ({
  code: p.code,
  description: p.description,
  terms: p.terms,
  redemptionInstructions: p.redemptionInstructions,
  expiryPolicy: p.expiryPolicy,
  logoStyle: p.logoStyle,
});

/** Inserts products in batches (a statement's parameters are limited); known codes are skipped. */
export async function insertProducts(tx: Database, rows: readonly DemoProduct[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 250) {
    const batch = rows.slice(i, i + 250);
    await tx.insert(products).values(batch.map(listed)).onConflictDoNothing();
    await tx.insert(productContent).values(batch.map(content)).onConflictDoNothing();
  }
}

/** Writes the demo merchant network once; true when it wrote it. */
export async function seedDemoCatalogue(db: Database): Promise<boolean> {
  return seedOnce(db, SEED_NAME, (tx) => insertProducts(tx, demoCatalogue()));
}
