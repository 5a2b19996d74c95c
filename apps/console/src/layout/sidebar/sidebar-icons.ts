import {
  Building2,
  Bug,
  CircleHelp,
  Globe,
  House,
  KeyRound,
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
export const sidebarIcons: Record<string, LucideIcon> = {
  home: House,
  network: Globe,
  orders: ReceiptText,
  billing: Wallet,
  shop: ShoppingBag,
  'team-members': Users,
  'api-keys': KeyRound,
  'pending-customers': Building2,
  debug: Bug,
  design: Palette,
  customization: Paintbrush,
  'user-settings': Settings,
  help: CircleHelp,
};
