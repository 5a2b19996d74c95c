import { z } from 'zod';
import { productCodeSchema } from './catalog.js';
import { emailAddressSchema } from './team.js';
import {
  BULK_BATCH_ID_PATTERN,
  ORDER_SEARCH_MAX_LENGTH,
  ORDER_SORT_COLUMNS,
  ORDER_STATUSES,
} from './ordering-values.js';
import { isoDate, isoDateTime, text } from './text.js';
import { HEX_COLOUR_FORMAT } from './colour-format.js';

/**
 * Ordering's shapes (decisions.md gives the body of POST /orders). Amounts are
 * decimal strings in the currency's units, never JSON numbers; the service checks the decimals
 * against the currency's ISO 4217 exponent.
 */

// Spec 5 and 9: the limits of an order.
export const ORDER_VALUE_MIN = '0.01';
export const ORDER_VALUE_MAX = '100000';
export const ORDER_ITEMS_MAX = 200;
export const ORDER_DESCRIPTION_MAX_LENGTH = 128;
export const RECIPIENT_NAME_MAX_LENGTH = 100;
export const MESSAGE_HEADER_MAX_LENGTH = 100;
export const MESSAGE_BODY_MAX_LENGTH = 1000;
/** A choice of merchants offered to one recipient. */
export const PRODUCT_CHOICE_MAX = 20;
/** Scheduled delivery: at most this many days ahead. */
export const DELIVER_AT_MAX_DAYS = 90;
/** Spec 9: order completion is polled every second. */
export const ORDER_POLL_INTERVAL_MS = 1000;
/** Spec 9: the payout link prefix. */
export const PAYOUT_LINK_PREFIX = 'WG-SL';

/** Spec 9: customisation defaults, until customisation lands. */
export const rewardMessageDefaults = {
  header: 'Happy Birthday!',
  body: 'Wishing you a wonderful birthday! Here is a little something to celebrate your day.',
  colour: '#000000',
} as const;

const currencyCodeSchema = text().regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code');
const decimalAnswerSchema = text().regex(/^-?\d+(\.\d+)?$/, 'Expected a decimal amount');

/** Spec 5: a face value of 0.01 to 100,000 (the decimals are checked against the currency). */
export const faceValueSchema = text()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,3})?$/, 'Enter a value such as 25 or 25.00')
  // Digits only, so compared as text: above zero when a digit is not 0, at most 100000.
  .refine((value) => /[1-9]/.test(value), 'Enter a value of at least 0.01')
  .refine(
    (value) => /^(\d{1,5}(\.\d{1,3})?|100000(\.0{1,3})?)$/.test(value),
    'Enter a value of at most 100,000',
  );

/** Spec 5: "#" and 3 or 6 hex digits. */
export const hexColourSchema = text().regex(
  HEX_COLOUR_FORMAT,
  'Enter a colour as # and 3 or 6 hex digits, such as #000000',
);

export const rewardMessageSchema = z.strictObject({
  header: text().trim().min(1, 'This field is required.').max(MESSAGE_HEADER_MAX_LENGTH),
  body: text().trim().min(1, 'This field is required.').max(MESSAGE_BODY_MAX_LENGTH),
  colour: hexColourSchema,
});
export type RewardMessage = z.infer<typeof rewardMessageSchema>;

export const recipientSchema = z.strictObject({
  name: text().trim().min(1, 'This field is required.').max(RECIPIENT_NAME_MAX_LENGTH),
  email: emailAddressSchema,
});
export type Recipient = z.infer<typeof recipientSchema>;

export const deliveryTypeSchema = z.enum(['email', 'link']);
export type DeliveryType = z.infer<typeof deliveryTypeSchema>;

/** The order's fields, unrefined (forms extend it); POST /orders and /orders/estimate. */
export const orderFieldsSchema = z.strictObject({
  deliveryType: deliveryTypeSchema,
  productCode: productCodeSchema.optional(),
  /** The recipient's choice of merchants, instead of one productCode. */
  productCodes: z.array(productCodeSchema).min(2).max(PRODUCT_CHOICE_MAX).optional(),
  currency: currencyCodeSchema,
  faceValue: faceValueSchema,
  /** E-mail delivery: one item per recipient. */
  recipients: z.array(recipientSchema).min(1).max(ORDER_ITEMS_MAX).optional(),
  /** Link delivery: how many links. */
  quantity: z.number().int().min(1).max(ORDER_ITEMS_MAX).optional(),
  description: text().trim().max(ORDER_DESCRIPTION_MAX_LENGTH).optional(),
  message: rewardMessageSchema.optional(),
  /** Scheduled delivery (ISO 8601 with offset), at most 90 days ahead. */
  deliverAt: isoDateTime({ offset: true }).optional(),
  /**
   * The balance that pays, when not the order's currency: Boon FX converts at the order's time
   * (the customer needs FX on). Left out, the balance in the order's currency pays.
   */
  payFrom: currencyCodeSchema.optional(),
});

export const orderCreateSchema = orderFieldsSchema
  .refine((o) => (o.productCode === undefined) !== (o.productCodes === undefined), {
    path: ['productCode'],
    message: 'Choose one merchant, or a choice of merchants.',
  })
  .refine((o) => o.deliveryType !== 'email' || o.recipients !== undefined, {
    path: ['recipients'],
    message: 'Add at least one recipient.',
  })
  .refine((o) => o.deliveryType !== 'email' || o.quantity === undefined, {
    path: ['quantity'],
    message: 'An e-mail order has one reward per recipient; leave out the quantity.',
  })
  .refine((o) => o.deliveryType !== 'link' || o.quantity !== undefined, {
    path: ['quantity'],
    message: 'Enter how many links to create.',
  })
  .refine((o) => o.deliveryType !== 'link' || o.recipients === undefined, {
    path: ['recipients'],
    message: 'A link order has no recipients; leave them out.',
  });
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/** What an order costs, in its currency. */
export const orderTotalsSchema = z.object({
  /** The sum of the rewards' face values. */
  faceValue: decimalAnswerSchema,
  /** The customer's discount (1 − flatRateMultiplier), taken off. */
  discount: decimalAnswerSchema,
  fees: decimalAnswerSchema,
  /** What the balance pays: face value − discount + fees. */
  total: decimalAnswerSchema,
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/**
 * An order paid from a balance in another currency: the Boon FX rate (units of the order's
 * currency per unit of the paying one), and what the paying balance gives, the fee included.
 */
export const orderFxPaymentSchema = z.object({
  currency: currencyCodeSchema,
  rate: decimalAnswerSchema,
  exchanged: decimalAnswerSchema,
  fee: decimalAnswerSchema,
  total: decimalAnswerSchema,
});
export type OrderFxPayment = z.infer<typeof orderFxPaymentSchema>;

/** POST /orders/estimate: the price before paying, and what the balance would be after. */
export const orderEstimateSchema = z.object({
  currency: currencyCodeSchema,
  itemCount: z.number().int(),
  totals: orderTotalsSchema,
  /** Paid from another currency's balance: the exchange; null when the order's currency pays. */
  payment: orderFxPaymentSchema.nullable(),
  /** The balance that pays: available now, and after this order. */
  balance: z.object({
    currency: currencyCodeSchema,
    available: decimalAnswerSchema,
    after: decimalAnswerSchema,
    sufficient: z.boolean(),
  }),
});
export type OrderEstimate = z.infer<typeof orderEstimateSchema>;

export const orderIdSchema = text().regex(/^OR-[A-Z0-9]{8,26}$/, 'Invalid order id');
export const orderItemIdSchema = text().regex(/^OI-[A-Z0-9]{8,26}$/, 'Invalid order item id');
/** A bulk batch's id: its own path's parameter, and GET /orders' filter by batch. */
export const bulkBatchIdSchema = text().regex(BULK_BATCH_ID_PATTERN, 'Invalid bulk order id');

/**
 * PROCESSING while rewards are being issued; COMPLETED when every one was (links: created);
 * PARTIALLY_CANCELLED / CANCELLED after a cancel; FAILED when the supplier refused them all.
 * SCHEDULED until a scheduled delivery's time.
 */
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * An item's way: PENDING → ISSUED (an e-mail reward's code; a link made) → SENT (its mail went,
 * e-mail) or CLAIMED (a link redeemed); CANCELLED, EXPIRED (a link not claimed in time), FAILED.
 */
export const orderItemStatusSchema = z.enum([
  'PENDING',
  'ISSUED',
  'SENT',
  'CLAIMED',
  'CANCELLED',
  'EXPIRED',
  'FAILED',
]);
export type OrderItemStatus = z.infer<typeof orderItemStatusSchema>;

/** Spec 3: the e-mail status of an e-mail reward, plus a mail that could not be delivered. */
export const emailStatusSchema = z.enum(['email-queued', 'email-sent', 'email-undeliverable']);
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** Spec 3's order sources; the console orders as PORTAL. */
export const orderSourceSchema = z.enum([
  'PORTAL',
  'QUICK_ORDER',
  'ORDER_TEMPLATE',
  'SYNC_API',
  'INTERNAL_SERVICE_API',
  'TEST_TOOL',
]);
export type OrderSource = z.infer<typeof orderSourceSchema>;

export const orderItemSchema = z.object({
  itemId: orderItemIdSchema,
  status: orderItemStatusSchema,
  /** E-mail delivery: who gets it. */
  recipient: z.object({ name: text(), email: text() }).nullable(),
  emailStatus: emailStatusSchema.nullable(),
  /** Why the mail could not be delivered, for the person correcting the address. */
  deliveryError: text().nullable(),
  /** Link delivery: the redemption link (WG-SL…), to hand to the recipient. */
  redemptionUrl: text().nullable(),
  /** The merchant the reward was issued (or claimed) for. */
  productCode: productCodeSchema.nullable(),
  claimedAt: text().nullable(),
  expiresAt: text().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderSummarySchema = z.object({
  orderId: orderIdSchema,
  status: orderStatusSchema,
  deliveryType: deliveryTypeSchema,
  productCodes: z.array(productCodeSchema),
  /** The merchants' names, for lists. */
  productNames: z.array(text()),
  currency: currencyCodeSchema,
  faceValue: decimalAnswerSchema,
  itemCount: z.number().int(),
  totals: orderTotalsSchema,
  /** Paid from another currency's balance: the exchange made; null when the order's currency paid. */
  payment: orderFxPaymentSchema.nullable(),
  description: text().nullable(),
  source: orderSourceSchema,
  createdAt: text(),
  createdBy: text().nullable(),
  deliverAt: text().nullable(),
  /** The bulk batch (a spreadsheet's rows) the order was made for; null for any other order. */
  bulkBatchId: text().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = orderSummarySchema.extend({
  message: rewardMessageSchema.nullable(),
  items: z.array(orderItemSchema),
  /** How many items are done issuing, for the completion screen's progress. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});
export type Order = z.infer<typeof orderSchema>;

export const ORDER_PAGE_DEFAULT = 25;
export const ORDER_PAGE_MAX = 100;

export const orderSortSchema = z.enum(ORDER_SORT_COLUMNS);
export type OrderSort = z.infer<typeof orderSortSchema>;

/** GET /orders: filters of spec 3 (search, date range, products, status, value range), and a bulk batch. */
export const orderListQuerySchema = z.strictObject({
  search: text().trim().max(ORDER_SEARCH_MAX_LENGTH).optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
  /** Comma-separated product codes. */
  products: text().max(2000).optional(),
  status: orderStatusSchema.optional(),
  minValue: text()
    .regex(/^\d{1,9}(\.\d{1,3})?$/)
    .optional(),
  maxValue: text()
    .regex(/^\d{1,9}(\.\d{1,3})?$/)
    .optional(),
  sort: orderSortSchema.default('createdAt'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  /** One bulk batch's orders. */
  batchId: bulkBatchIdSchema.optional(),
  cursor: text().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(ORDER_PAGE_MAX).default(ORDER_PAGE_DEFAULT),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export type OrderListFilters = z.output<typeof orderListQuerySchema>;

export const orderPageSchema = z.object({
  items: z.array(orderSummarySchema),
  nextCursor: text().nullable(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/** GET /orders/merchants: every merchant the customer has ordered from, for history's filter. */
export const orderedMerchantsSchema = z.object({
  merchants: z.array(z.object({ productCode: productCodeSchema, name: text(), currency: text() })),
});
export type OrderedMerchants = z.infer<typeof orderedMerchantsSchema>;

export const orderPathSchema = z.strictObject({ orderId: orderIdSchema });
export const orderItemPathSchema = z.strictObject({
  orderId: orderIdSchema,
  itemId: orderItemIdSchema,
});

/** Resend an e-mail reward, optionally to a corrected address (audited). */
export const orderItemResendSchema = z.strictObject({
  recipient: recipientSchema.optional(),
});
export type OrderItemResend = z.infer<typeof orderItemResendSchema>;

/** The recipient's page (public): what the link is worth and what can be chosen. */
export const redemptionSchema = z.object({
  status: z.enum(['AVAILABLE', 'CLAIMED']),
  senderName: text(),
  message: rewardMessageSchema,
  currency: currencyCodeSchema,
  faceValue: decimalAnswerSchema,
  expiresAt: text().nullable(),
  /** The merchants the recipient may choose from (one when there is no choice). */
  choices: z.array(z.object({ productCode: productCodeSchema, name: text(), logoUrl: text() })),
  /** Once claimed: the code and how to use it. */
  claim: z
    .object({
      productCode: productCodeSchema,
      productName: text(),
      code: text(),
      pin: text().nullable(),
      redemptionInstructions: text(),
      claimedAt: text(),
    })
    .nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const redemptionTokenSchema = text().regex(
  /^WG-SL-[A-Za-z0-9_-]{20,64}$/,
  'This reward link is not valid',
);
export const redemptionPathSchema = z.strictObject({ token: redemptionTokenSchema });
export const redemptionClaimSchema = z.strictObject({ productCode: productCodeSchema });
