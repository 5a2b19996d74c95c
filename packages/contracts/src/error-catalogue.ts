// No zod here: the console imports these texts into its first screen.
/** Default texts by HTTP status (spec section 8); anything else non-OK is "Generic Error". */
export const defaultHttpMessages = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
} as const satisfies Record<number, string>;

export const GENERIC_ERROR_MESSAGE = 'Generic Error';

/** Machine codes for statuses, for answers that carry no code of their own. */
const codeByStatus: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  421: 'misdirected_request',
  422: 'validation_error',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
};

export function codeForStatus(status: number): string {
  return codeByStatus[status] ?? (status >= 500 ? 'server_error' : 'client_error');
}

export function defaultMessageForStatus(status: number): string {
  return (defaultHttpMessages as Record<number, string>)[status] ?? GENERIC_ERROR_MESSAGE;
}

/** Per-call messages of spec section 8, keyed by a stable machine code. */
export const errorCatalogue = {
  bad_request: { status: 400, message: defaultHttpMessages[400] },
  unauthorized: { status: 401, message: defaultHttpMessages[401] },
  forbidden: { status: 403, message: defaultHttpMessages[403] },
  not_found: { status: 404, message: defaultHttpMessages[404] },
  internal_error: { status: 500, message: defaultHttpMessages[500] },
  misdirected_request: {
    status: 421,
    message: 'This server does not answer for that address. Open the product at its own address.',
  },
  service_unavailable: { status: 503, message: defaultHttpMessages[503] },
  no_customers_found: { status: 404, message: 'No customers found' },
  user_not_found: { status: 404, message: "User doesn't exist for you" },
  user_already_active: { status: 409, message: 'User is already active' },
  user_already_exists: { status: 409, message: 'User already exists' },
  user_already_invited: { status: 409, message: 'User already invited' },
  missing_token: { status: 400, message: "Missing 'token' from request" },
  invite_not_found: { status: 404, message: 'Invite not found' },
  validation_error: { status: 422, message: 'ValidationErrorResponse' },
  pending_customer_already_approved: {
    status: 409,
    message: 'Pending customer is already APPROVED',
  },
  pending_customer_already_declined: {
    status: 409,
    message: 'Pending customer is already DECLINED',
  },
  pending_customer_not_ready: {
    status: 409,
    message: 'Pending customer is still being set up',
  },
  pending_customer_exists: {
    status: 409,
    message: 'A company account is already being set up for you',
  },
  customer_with_domain_exists: {
    status: 409,
    message: 'A company account already exists for your e-mail domain',
  },
  idempotency_key_missing: {
    status: 400,
    message:
      'This request needs an Idempotency-Key header. Send a new unique key, such as a UUID, with each new request and the same key when you retry it.',
  },
  idempotency_key_invalid: {
    status: 400,
    message:
      'The Idempotency-Key header must be 1 to 255 printable ASCII characters, such as a UUID. Send the request again with a valid key.',
  },
  idempotency_key_reused: {
    status: 422,
    message:
      'This Idempotency-Key was already used for a different request. Use a new key for a new request, or resend the original request unchanged.',
  },
  idempotency_key_in_flight: {
    status: 409,
    message:
      'This request is already being processed. Wait a moment, then check whether it went through before trying again.',
  },
  rate_limited: { status: 429, message: GENERIC_ERROR_MESSAGE },
  invite_resend_too_soon: {
    status: 429,
    message: 'This invite was sent less than a minute ago. Try again in a minute.',
  },
  invite_limit_reached: {
    status: 429,
    message: 'This customer has sent too many invites today. Try again tomorrow.',
  },
  invite_resend_limit_reached: {
    status: 409,
    message:
      'This invite has been sent as often as it can be. Revoke it and invite the address again if the person still needs a link.',
  },
  insufficient_funds: {
    status: 409,
    message:
      'The balance is too low for this payment. Add funds to the balance, or pay a smaller amount.',
  },
  ledger_transfer_conflict: {
    status: 409,
    message:
      'A transfer with this id was already made with different details. Use a new id for a new transfer, or resend the original unchanged.',
  },
  ledger_account_not_found: {
    status: 404,
    message: 'There is no balance in this currency. Open a balance in the currency first.',
  },
  ledger_currency_mismatch: {
    status: 422,
    message: 'Both sides of a transfer must be in the same currency.',
  },
  ledger_hold_not_found: {
    status: 404,
    message: 'The held payment was not found.',
  },
  ledger_hold_already_resolved: {
    status: 409,
    message: 'This held payment was already completed or released.',
  },
  ledger_hold_expired: {
    status: 409,
    message: 'This held payment expired and its funds were released.',
  },
  ledger_post_exceeds_hold: {
    status: 422,
    message: 'A held payment can be completed for at most the amount held.',
  },
  balances_not_enabled: {
    status: 403,
    message:
      'Balances are not turned on for this company. Ask your account manager to turn them on.',
  },
  balances_terms_not_accepted: {
    status: 403,
    message: 'Accept the balances terms before adding funds.',
  },
  currency_not_a_float: {
    status: 422,
    message: 'This company has no balance in that currency. Choose one of your balance currencies.',
  },
  fx_not_enabled: {
    status: 403,
    message:
      'Currency exchange is not turned on for this company. Ask your account manager to turn it on.',
  },
  fx_quote_not_found: {
    status: 404,
    message: 'There is no such quote for this company. Ask for a new quote.',
  },
  fx_quote_expired: {
    status: 409,
    message: 'This quote has expired, so nothing was exchanged. Ask for a new quote.',
  },
  fx_quote_used: {
    status: 409,
    message: 'This quote was already used for an exchange. Ask for a new quote to exchange again.',
  },
  trade_not_found: { status: 404, message: 'There is no such exchange for this company.' },
  statement_not_found: {
    status: 404,
    message: 'There is no such statement for this company. Choose one from the list of statements.',
  },
  top_up_not_found: { status: 404, message: 'There is no such top-up for this company.' },
  top_up_not_pending: {
    status: 409,
    message: 'This top-up is no longer waiting for money, so nothing was changed.',
  },
  card_declined: {
    status: 402,
    message:
      'Your card was declined, so no money was taken. Try another card, or add funds by bank transfer.',
  },
  card_expired: {
    status: 422,
    message: 'This card has expired, so no money was taken. Use another card.',
  },
  card_token_invalid: {
    status: 422,
    message:
      'We could not read the card details, so no money was taken. Enter the card details again.',
  },
  card_currency_not_supported: {
    status: 422,
    message:
      'Cards can add funds to GBP, USD, EUR and CAD balances only. Choose one of those, or add funds by bank transfer.',
  },
  card_amount_too_large: {
    status: 422,
    message:
      'One card payment can add at most 25,000 in its currency. Add a smaller amount, or add funds by bank transfer.',
  },
  bank_statement_unreadable: {
    status: 422,
    message:
      'We could not read this bank statement. Export it as CSV with a header row naming the reference, amount and currency columns.',
  },
  saved_cards_limit: {
    status: 409,
    message:
      'This company already stores 10 cards, the most it can. Remove a card you no longer use, then add this one.',
  },
  card_not_found: {
    status: 404,
    message:
      'There is no such stored card for this company. Choose another card or enter new card details.',
  },
  product_not_found: {
    status: 404,
    message: 'There is no such merchant in the network. Search the network for another one.',
  },
  product_unavailable: {
    status: 409,
    message:
      'This merchant cannot be ordered right now. Choose another merchant, or try again later.',
  },
  ordering_restricted: {
    status: 403,
    message:
      'Ordering is restricted for this company. Contact support to lift the restriction before ordering.',
  },
  portal_ordering_restricted: {
    status: 403,
    message:
      'This company orders through the API, not the console. Contact support to order from the console.',
  },
  order_limit_exceeded: {
    status: 422,
    message:
      "This order is worth more than the company's order limit in its currency. Order fewer or smaller rewards, or ask support to raise the limit.",
  },
  order_currency_not_enabled: {
    status: 422,
    message:
      'This company cannot order in this currency. Choose another currency, or ask support to enable it.',
  },
  mail_already_undeliverable: {
    status: 409,
    message:
      'This mail is already marked as not delivered. Its sender can correct the address and send it again.',
  },
  mail_not_sent_yet: {
    status: 409,
    message:
      'This mail is still waiting to be sent, so nothing can be said of its delivery yet. Try again once it has been sent.',
  },
  order_not_found: {
    status: 404,
    message:
      'There is no such order for this company. Check the order id, or find it in Order history.',
  },
  bulk_batch_not_found: {
    status: 404,
    message: 'There is no such bulk order for this company. Start the upload again.',
  },
  bulk_chunk_conflict: {
    status: 409,
    message:
      'This part of the upload does not match what was sent before for the same rows. Start the upload again.',
  },
  order_not_cancellable: {
    status: 409,
    message:
      'Nothing in this order can be cancelled: every reward has been sent, claimed or cancelled already.',
  },
  order_item_not_resendable: {
    status: 409,
    message:
      'This reward cannot be sent again: only an e-mail reward that was issued and not cancelled can be.',
  },
  redemption_link_not_found: {
    status: 404,
    message:
      'This reward link is not valid. Check that you opened the whole link from your e-mail.',
  },
  redemption_link_expired: {
    status: 410,
    message: 'This reward link has expired. Ask the sender for a new reward.',
  },
  redemption_link_cancelled: {
    status: 410,
    message: 'This reward was cancelled by the sender. Ask them if you think this is a mistake.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface FieldError {
  path: string;
  message: string;
}

/** Every error body the API sends: `{ status, code, message }` (+ field errors for 422). */
export interface ApiErrorBody {
  status: number;
  code: string;
  message: string;
  fieldErrors?: FieldError[];
}

export function errorBody(code: ErrorCode, fieldErrors?: FieldError[]): ApiErrorBody {
  const { status, message } = errorCatalogue[code];
  return fieldErrors ? { status, code, message, fieldErrors } : { status, code, message };
}

/** Whether a parsed JSON body has our error shape. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    typeof body.status === 'number' &&
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    (body.fieldErrors === undefined || Array.isArray(body.fieldErrors))
  );
}
