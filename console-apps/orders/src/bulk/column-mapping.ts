import { distance } from 'fastest-levenshtein';

/** What a spreadsheet column can be. */
export const BULK_FIELDS = [
  'name',
  'email',
  'faceValue',
  'currency',
  'productCode',
  'message',
  'deliverAt',
] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

export const bulkFieldLabels: Record<BulkField, string> = {
  name: 'Recipient name',
  email: 'Recipient e-mail',
  faceValue: 'Amount',
  currency: 'Currency',
  productCode: 'Merchant code',
  message: 'Message',
  deliverAt: 'Delivery date',
};

/** Headers people write for each field, normalised (see normalise). */
const aliases: Record<BulkField, readonly string[]> = {
  name: ['name', 'recipientname', 'fullname', 'recipient', 'firstandlastname', 'employee'],
  email: ['email', 'emailaddress', 'recipientemail', 'recipientemailaddress', 'mail', 'emailid'],
  faceValue: ['amount', 'value', 'facevalue', 'rewardvalue', 'rewardamount', 'denomination'],
  currency: ['currency', 'currencycode', 'ccy', 'isocurrency'],
  productCode: ['merchantcode', 'merchant', 'productcode', 'product', 'brand'],
  message: ['message', 'note', 'personalmessage', 'messagebody'],
  deliverAt: ['deliverydate', 'deliverat', 'senddate', 'sendon', 'deliverytime', 'schedule'],
};

/** "Recipient E-mail Address" → "recipientemailaddress". */
export function normalise(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

type Mapping = (BulkField | null)[];

/**
 * Which field each column is, as far as the headers tell: first what this customer chose for a
 * header before, then a header that is a known name for a field, then one that contains one (the
 * longest wins: "recipient email" is an e-mail, not a name), then one a typo away from one. Each
 * field goes to one column at most; a column nothing fits is left out (null).
 */
export function suggestMapping(
  headers: readonly string[],
  remembered: Readonly<Record<string, BulkField>> = {},
): Mapping {
  const mapping: Mapping = headers.map(() => null);
  const taken = new Set<BulkField>();
  const normalised = headers.map(normalise);
  const assign = (column: number, field: BulkField) => {
    if (mapping[column] !== null || taken.has(field)) return;
    mapping[column] = field;
    taken.add(field);
  };
  normalised.forEach((header, column) => {
    const field = remembered[header];
    if (field && (BULK_FIELDS as readonly string[]).includes(field)) assign(column, field);
  });
  const passes: ((header: string, alias: string) => number)[] = [
    (header, alias) => (header === alias ? 1 : 0),
    (header, alias) => (alias.length >= 4 && header.includes(alias) ? alias.length : 0),
    (header, alias) =>
      alias.length >= 5 && header.length >= 5 && distance(header, alias) <= 2 ? 1 : 0,
  ];
  for (const score of passes) {
    normalised.forEach((header, column) => {
      if (mapping[column] !== null || header === '') return;
      let best: { field: BulkField; score: number } | undefined;
      for (const field of BULK_FIELDS) {
        if (taken.has(field)) continue;
        for (const alias of aliases[field]) {
          const points = score(header, alias);
          if (points > 0 && (!best || points > best.score)) best = { field, score: points };
        }
      }
      if (best) assign(column, best.field);
    });
  }
  return mapping;
}

/** What to remember of a mapping the person confirmed: header → field, for the next file. */
export function mappingToRemember(
  headers: readonly string[],
  mapping: Mapping,
): Record<string, BulkField> {
  const remembered: Record<string, BulkField> = {};
  headers.forEach((header, column) => {
    const field = mapping[column];
    const key = normalise(header);
    if (field && key) remembered[key] = field;
  });
  return remembered;
}
