export { LoadError } from './list-parts';
