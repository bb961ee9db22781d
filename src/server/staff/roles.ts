// Staff roles (issue 29 item 7) and how the staff provider's claim becomes them. Pure.
//
// - editor: writes drafts;
// - approver: publishes and rolls back (another person's drafts: the studio checks that);
// - admin: everything, and manages roles.
// Roles do not include one another except admin: an approver who also edits has both roles.

export const STAFF_ROLES = ['editor', 'approver', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** The provider's role names → ours. By default each of ours by its own name. */
export type RoleMap = ReadonlyMap<string, StaffRole>;

export const DEFAULT_ROLE_MAP: RoleMap = new Map(STAFF_ROLES.map((role) => [role, role]));

/**
 * STAFF_ROLE_MAP: `theirs=ours` pairs, comma-separated (`Studio.Editor=editor,Studio.Approver=approver`),
 * for a provider whose role names are its own. The error's text when malformed.
 */
export function parseRoleMap(raw: string): RoleMap | string {
  const map = new Map<string, StaffRole>();
  for (const pair of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const at = pair.lastIndexOf('=');
    const theirs = pair.slice(0, at).trim();
    const ours = pair.slice(at + 1).trim();
    if (at <= 0 || !theirs) return `STAFF_ROLE_MAP: "${pair}" must be providerRole=ourRole`;
    if (!isStaffRole(ours)) return `STAFF_ROLE_MAP: "${ours}" is not one of ${STAFF_ROLES.join(', ')}`;
    map.set(theirs, ours);
  }
  return map.size > 0 ? map : 'STAFF_ROLE_MAP names no roles';
}

/**
 * Our roles from the claim's value: an array of names, or one string of names separated by
 * spaces or commas (providers differ). Names the map does not know are ignored; each role
 * once, in STAFF_ROLES' order.
 */
export function rolesFromClaim(value: unknown, map: RoleMap = DEFAULT_ROLE_MAP): StaffRole[] {
  const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  const found = new Set<StaffRole>();
  for (const name of names) {
    const role = typeof name === 'string' ? map.get(name.trim()) : undefined;
    if (role) found.add(role);
  }
  return STAFF_ROLES.filter((role) => found.has(role));
}

/** Whether `roles` allow what `role` allows: having it, or being admin. */
export function hasRole(roles: readonly StaffRole[], role: StaffRole): boolean {
  return roles.includes(role) || roles.includes('admin');
}
