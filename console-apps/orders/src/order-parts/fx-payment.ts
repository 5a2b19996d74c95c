import type { OrderFxPayment } from '@boon/contracts';
import { formatAmount, getConsoleConfig } from '@boon/console-kit';

/** "1 USD = 0.9154 EUR": what one unit of the paying balance bought of the order's currency. */
export function exchangeRateText(payment: OrderFxPayment, orderCurrency: string): string {
  return `1 ${payment.currency} = ${payment.rate} ${orderCurrency}`;
}

/** The exchange's name as the product gives it ("Boon FX"). */
export function fxName(): string {
  return `${getConsoleConfig().productName} FX`;
}

/**
 * An amount with its currency's code ("$14.12 USD"), where two currencies meet: the narrow symbol
 * of spec 9 writes US and Canadian dollars alike.
 */
export function amountWithCode(amount: string, currency: string): string {
  return `${formatAmount(amount, currency)} ${currency}`;
}
