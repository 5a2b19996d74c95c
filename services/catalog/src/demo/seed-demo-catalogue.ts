import { productContent, products, seedOnce, type Database } from '@boon/db';
import { demoCatalogue, type DemoProduct } from './demo-catalogue.js';

const SEED_NAME = 'catalog-demo-network-v1';

/** Inserts products in batches (a statement's parameters are limited). */
export async function insertProducts(tx: Database, rows: readonly DemoProduct[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 250) {
    const batch = rows.slice(i, i + 250);
    await tx
      .insert(products)
      .values(
        batch.map(
          ({ description, terms, redemptionInstructions, expiryPolicy, logoStyle, ...row }) => row,
        ),
      )
      .onConflictDoNothing();
    await tx
      .insert(productContent)
      .values(
        batch.map(
          ({ code, description, terms, redemptionInstructions, expiryPolicy, logoStyle }) => ({
            code,
            description,
            terms,
            redemptionInstructions,
            expiryPolicy,
            logoStyle,
          }),
        ),
      )
      .onConflictDoNothing();
  }
}

/** Writes the demo merchant network once; true when it wrote it. */
export async function seedDemoCatalogue(db: Database): Promise<boolean> {
  return seedOnce(db, SEED_NAME, (tx) => insertProducts(tx, demoCatalogue()));
}
