import { createLazyRoute } from '@tanstack/react-router';
import { AuthenticatedLayout } from '../../layout/authenticated-layout';

export const Route = createLazyRoute('/authenticated')({ component: AuthenticatedLayout });
