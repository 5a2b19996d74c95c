export { AddFundsEntry } from './add-funds-entry';
