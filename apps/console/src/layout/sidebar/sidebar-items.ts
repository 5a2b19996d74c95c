import type { LinkProps } from '@tanstack/react-router';
import { House, type LucideIcon } from 'lucide-react';
import type { RouteName } from '../../app/static-data';

/** One sidebar entry (spec 2.1); visibility rules join here as the entries that need them arrive. */
export interface SidebarItem {
  name: RouteName;
  label: string;
  to: NonNullable<LinkProps['to']>;
  icon: LucideIcon;
}

export const sidebarItems: readonly SidebarItem[] = [
  { name: 'home', label: 'Home', to: '/', icon: House },
];
