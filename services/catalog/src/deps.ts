import { serviceBuilders, type ServiceDeps } from '@boon/service-kit';

export type CatalogDeps = ServiceDeps;

export const { route } = serviceBuilders<CatalogDeps>();
