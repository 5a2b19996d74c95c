export {
  cardFailureTexts,
  topUpMethodLabel,
  topUpStatusLabel,
  topUpStatusLabels,
} from './top-up-status';
export { ReceiveTopUpForm } from './receive-top-up-form';
