export { topUpStatusLabels } from './top-up-status';
