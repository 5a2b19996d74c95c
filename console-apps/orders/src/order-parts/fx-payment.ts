import type { OrderFxPayment } from '@boon/contracts';
import { getConsoleConfig } from '@boon/console-kit';

/** "1 USD = 0.9154 EUR": what one unit of the paying balance bought of the order's currency. */
export function exchangeRateText(payment: OrderFxPayment, orderCurrency: string): string {
  return `1 ${payment.currency} = ${payment.rate} ${orderCurrency}`;
}

/** The exchange's name as the product gives it ("Boon FX"). */
export function fxName(): string {
  return `${getConsoleConfig().productName} FX`;
}
