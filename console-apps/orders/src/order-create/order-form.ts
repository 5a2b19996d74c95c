import {
  deliveryTypeSchema,
  ORDER_ITEMS_MAX,
  orderFieldsSchema,
  PRODUCT_CHOICE_MAX,
  productCodeSchema,
  recipientSchema,
  rewardMessageDefaults,
  rewardMessageSchema,
  type DeliveryType,
  type OrderCreate,
} from '@boon/contracts';
import { currentDateFormat } from '@boon/console-kit';
import { blankAs } from '@boon/console-kit/forms';
import { deliverAtProblem, instantOfWallTime } from '@boon/domain';
import { z } from 'zod';

/** Spec 9: an order starts at 10 USD, in the United States, with no links yet. */
export const ORDER_DEFAULTS = {
  faceValue: '10',
  currency: 'USD',
  country: 'US',
  quantity: '0',
} as const;

/**
 * The order as the steps ask for it: the contract's fields (its rules and limits, never copied)
 * plus the country the merchants are chosen for. One merchant or several (a recipient's choice)
 * are one list here; the body sends one as productCode and several as productCodes. The link
 * quantity is the number field's text, so an empty field is "required", not 0.
 */
export const orderFormSchema = z
  .object({
    deliveryType: deliveryTypeSchema,
    country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country.'),
    currency: orderFieldsSchema.shape.currency,
    faceValue: orderFieldsSchema.shape.faceValue,
    productCodes: z
      .array(productCodeSchema)
      .min(1, 'Choose a merchant.')
      .max(PRODUCT_CHOICE_MAX, `Offer at most ${PRODUCT_CHOICE_MAX} merchants to choose from.`),
    quantity: z.string().nullable(),
    recipients: z
      .array(recipientSchema)
      .max(ORDER_ITEMS_MAX, `One order has at most ${ORDER_ITEMS_MAX} recipients.`),
    description: blankAs(undefined, orderFieldsSchema.shape.description),
    message: rewardMessageSchema,
    /** Now, or at `deliverAt`: a wall time in the timezone the user chose in Settings. */
    delivery: z.enum(['now', 'later']),
    deliverAt: z.string(),
  })
  .superRefine((order, context) => {
    if (order.delivery === 'later') {
      const at = instantOfWallTime(order.deliverAt, currentDateFormat().timeZone);
      // The server's rule (the domain's), on the instant the field names.
      const problem = at
        ? deliverAtProblem(at.toISOString(), new Date())
        : 'Enter a date and time.';
      if (problem) context.addIssue({ code: 'custom', path: ['deliverAt'], message: problem });
    }
    if (order.deliveryType === 'link') {
      const quantity = linkQuantity(order.quantity);
      if (quantity === null || quantity < 1) {
        context.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: 'Enter how many links to create: at least 1.',
        });
      } else if (quantity > ORDER_ITEMS_MAX) {
        context.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: `One order has at most ${ORDER_ITEMS_MAX} links.`,
        });
      }
    } else if (order.recipients.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['recipients'],
        message: 'Add at least one recipient.',
      });
    }
  });

export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderFormValues = z.output<typeof orderFormSchema>;

/** The fields each step asks for, checked before the next step. */
export const stepFields = {
  create: [
    'deliveryType',
    'country',
    'currency',
    'productCodes',
    'faceValue',
    'description',
    'delivery',
    'deliverAt',
  ],
  message: ['message.header', 'message.body', 'message.colour'],
  quantity: ['quantity', 'recipients'],
} as const satisfies Record<string, readonly string[]>;

export type OrderStep = 'create' | 'quantity' | 'payment';

/** The step where a field of the form is asked for, for a refusal about it. */
export function stepOfField(field: string): OrderStep {
  const top = field.split('.')[0] ?? '';
  return top === 'quantity' || top === 'recipients' ? 'quantity' : 'create';
}

/** The number of links the field says, or null when it says none. */
export function linkQuantity(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !/^\d+$/.test(text.trim())) return null;
  return Number(text.trim());
}

export function orderDefaults(deliveryType: DeliveryType = 'email'): OrderFormInput {
  return {
    deliveryType,
    country: ORDER_DEFAULTS.country,
    currency: ORDER_DEFAULTS.currency,
    faceValue: ORDER_DEFAULTS.faceValue,
    productCodes: [],
    quantity: ORDER_DEFAULTS.quantity,
    recipients: [],
    description: '',
    message: { ...rewardMessageDefaults },
    delivery: 'now',
    deliverAt: '',
  };
}

/**
 * The body of POST /orders and /orders/estimate (decisions.md) for the form's values; a scheduled
 * delivery's wall time is read in `timeZone` (the user's choice in Settings).
 */
export function toOrderCreate(
  values: OrderFormValues,
  timeZone: string = currentDateFormat().timeZone,
): OrderCreate {
  const [first, ...others] = values.productCodes;
  const order: OrderCreate = {
    deliveryType: values.deliveryType,
    ...(others.length > 0 ? { productCodes: values.productCodes } : { productCode: first }),
    currency: values.currency,
    faceValue: values.faceValue,
    message: values.message,
  };
  if (values.deliveryType === 'link') order.quantity = linkQuantity(values.quantity) ?? 0;
  else order.recipients = values.recipients;
  if (values.description) order.description = values.description;
  if (values.delivery === 'later') {
    const deliverAt = instantOfWallTime(values.deliverAt, timeZone);
    // Never quietly "now": the form refuses this before it gets here.
    if (!deliverAt) throw new Error(`Not a delivery time: ${values.deliverAt}`);
    order.deliverAt = deliverAt.toISOString();
  }
  return order;
}

/**
 * Where a server's objection about the body lands in the form: body.faceValue → faceValue,
 * body.productCode(s) → productCodes, body.recipients.2.email → recipients.2.email.
 */
export function formPathOf(serverPath: string): string | undefined {
  const path = serverPath.replace(/^body\./, '');
  const [top = '', ...rest] = path.split('.');
  if (top === 'productCode' || top === 'productCodes') return 'productCodes';
  const known = [
    'deliveryType',
    'currency',
    'faceValue',
    'quantity',
    'recipients',
    'description',
    'deliverAt',
  ];
  if (known.includes(top)) return [top, ...rest].join('.');
  if (top === 'message') return rest.length > 0 ? `message.${rest[0]}` : 'message.body';
  return undefined;
}
