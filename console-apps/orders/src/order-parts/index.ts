export { CopyButton } from './copy-button';
export { downloadCsv } from './download-csv';
export { linksCsv, ordersCsv, recipientsCsv } from './order-csv';
export { OrderItems } from './order-items';
export {
  deliveryLabels,
  emailStatusLabels,
  itemStatusLabels,
  orderStatusLabels,
} from './order-labels';
export { amountWithCode, exchangeRateText, fxName } from './fx-payment';
export { AmountRow } from './amount-row';
export { FxPaymentRows } from './fx-payment-rows';
export { StepIndicator, type FlowStep } from './step-indicator';
export { useFxOn, usePayingBalances } from './paying-balances';
