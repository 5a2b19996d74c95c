export * from './product-facts';
export { ProductStateBadge } from './product-state-badge';
