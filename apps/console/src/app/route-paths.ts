import type { RouteName } from './static-data';

/**
 * Paths of the named routes the sidebar and other links point at. Only routes registered in this
 * build are listed: a sidebar entry whose screen belongs to a console app not yet built is hidden.
 */
export const routePaths: Partial<Record<RouteName | (string & {}), string>> = {
  home: '/',
  help: '/help',
  'user-settings': '/user/settings',
  'pending-customers': '/admin/pending-customers',
  debug: '/debug',
  'debug-feature-toggles': '/debug/features',
  'debug-component-library': '/debug/component',
  'debug-theme': '/debug/theme',
  'debug-full-page-loader': '/debug/full-page-loader',
  'debug-order-complete': '/debug/order-complete',
  'debug-mailbox': '/debug/mailbox',
  'team-members': '/team',
  team: '/team',
  'team-invite': '/team/invite',
  'team-invite-sent': '/team/invite-sent',
};

export function isRouteAvailable(routeName: string): boolean {
  return routePaths[routeName] !== undefined;
}
