/**
 * Where mid rates come from. The embedded default is a table shipped with the product (demo
 * values, units per US dollar); a deployment plugs a live provider in behind this interface.
 */
export interface RateProvider {
  /** Units of `currency` per US dollar, as a decimal string; undefined when it has none. */
  perUsd(currency: string): string | undefined;
}

const demoRatesPerUsd: Readonly<Record<string, string>> = {
  AED: '3.6725',
  AUD: '1.5320',
  BGN: '1.7990',
  BRL: '5.4210',
  CAD: '1.3850',
  CHF: '0.8850',
  CLP: '935.50',
  CNY: '7.2450',
  COP: '4105.00',
  CZK: '23.150',
  DKK: '6.8620',
  EGP: '48.950',
  EUR: '0.9200',
  GBP: '0.7900',
  HKD: '7.7850',
  HUF: '362.40',
  IDR: '15820',
  ILS: '3.7250',
  INR: '83.950',
  JPY: '151.20',
  KRW: '1365.0',
  MXN: '17.150',
  MYR: '4.7150',
  NOK: '10.850',
  NZD: '1.6650',
  PEN: '3.7450',
  PHP: '56.250',
  PLN: '3.9750',
  RON: '4.5750',
  SAR: '3.7510',
  SEK: '10.450',
  SGD: '1.3450',
  THB: '35.850',
  TRY: '32.450',
  USD: '1',
  VND: '25250',
  ZAR: '18.650',
};

export const shippedRateTable: RateProvider = {
  perUsd: (currency) => demoRatesPerUsd[currency],
};
