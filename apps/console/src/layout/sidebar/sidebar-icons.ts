import {
  Building2,
  Landmark,
  Bug,
  CircleHelp,
  Globe,
  House,
  KeyRound,
  Mail,
  Paintbrush,
  Palette,
  ReceiptText,
  Settings,
  ShoppingBag,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/** The icon of each top-level sidebar entry (spec 2.1: route name, tracking event and icon). */
export const sidebarIcons: Partial<Record<string, LucideIcon>> = {
  home: House,
  network: Globe,
  orders: ReceiptText,
  billing: Wallet,
  shop: ShoppingBag,
  'team-members': Users,
  'api-keys': KeyRound,
  'pending-customers': Building2,
  'staff-top-ups': Landmark,
  'debug-mailbox': Mail,
  debug: Bug,
  design: Palette,
  customization: Paintbrush,
  'user-settings': Settings,
  help: CircleHelp,
};

/** The entry's icon; a missing one is logged as spec 8 says, and the entry shows without it. */
export function sidebarIcon(routeName: string): LucideIcon | undefined {
  const icon = sidebarIcons[routeName];
  if (!icon) console.warn('Could not find one or more icon(s)', routeName);
  return icon;
}
