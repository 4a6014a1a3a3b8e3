import { type AdminArea, canUse } from '@ld/contract/admin/roles';
import type { AccessControlProvider } from '@refinedev/core';
import { sessionStore } from './session-store';

/**
 * What the console shows to a role: each resource names its area in `meta.area`, and the rule is
 * the same table the server enforces (`@ld/contract/admin/roles`). The console only hides; every
 * call is still decided by the server, which refuses with 403 whatever the console shows.
 */
export const accessControlProvider: AccessControlProvider = {
  async can({ params }) {
    const area = params?.resource?.meta?.area as AdminArea | undefined;
    const role = sessionStore.get()?.operator.role;
    if (!area) return { can: true };
    if (!role || !canUse(role, area)) return { can: false, reason: '当前角色没有此权限' };
    return { can: true };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
