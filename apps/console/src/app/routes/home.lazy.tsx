import { createLazyRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/home/components/home-page';

export const Route = createLazyRoute('/authenticated/')({ component: HomePage });
