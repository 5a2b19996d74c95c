import { roleSchema, type Role } from '@boon/contracts';

/** Roles as stored (text[]) → the roles the contract knows; anything else is dropped. */
export function parseRoles(values: readonly string[]): Role[] {
  return values.flatMap((value) => {
    const parsed = roleSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}
