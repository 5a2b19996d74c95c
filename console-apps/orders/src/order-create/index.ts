// What other parts of the orders app use of the single order's steps: the merchants' values.
export { denominationProblem, valuesText } from './denominations';
