import type { Role } from './permission-values.js';

// No zod here: the console's Home and the accounts screens name roles with it, and a module with
// schemas would bring zod into their chunks.

/** How people read each role, on every screen and in every mail. */
export const roleLabels: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  finance_manager: 'Finance manager',
  service_manager: 'Service manager',
  service_agent: 'Service agent',
  viewer: 'Viewer',
};
