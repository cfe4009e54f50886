/**
 * Who may do what in the back office. The server enforces it on every staff route; the admin screens
 * read the same table (through `GET /api/admin/me`) to hide what a role cannot do.
 */
export const STAFF_ROLES = ['owner', 'manager', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLES = ['customer', ...STAFF_ROLES] as const;
export type Role = (typeof ROLES)[number];

/**
 * One permission per row of the staff table: reading the shop; handling orders, returns and reviews;
 * the calls that move money or lock a person out; the catalog; the audit log; staff and settings.
 */
export const PERMISSIONS = [
  'shop:read',
  'orders:handle',
  'orders:money',
  'catalog:write',
  'audit:read',
  'staff:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: ['shop:read', 'orders:handle', 'orders:money', 'catalog:write', 'audit:read'],
  support: ['shop:read', 'orders:handle'],
};

export function isStaffRole(role: Role): role is StaffRole {
  return role !== 'customer';
}

/** What a role may do; a customer, nothing in the back office. */
export function permissionsOf(role: Role): readonly Permission[] {
  return isStaffRole(role) ? GRANTS[role] : [];
}

export function can(role: Role, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}
