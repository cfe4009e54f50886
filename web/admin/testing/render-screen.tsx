import type { ReactNode } from 'react';
import { API } from '../../../common/api-paths';
import type { AdminMe } from '../../../common/schemas/admin';
import { permissionsOf, type StaffRole } from '../../../common/staff';
import { type Handler, renderWithApp } from '../../testing/render-with-app';

export type { Handler };

/** A staff member as `GET /api/admin/me` answers for them. */
export function staffMe(role: StaffRole, overrides: Partial<AdminMe> = {}): AdminMe {
  return {
    user: {
      _id: 'u-owner',
      name: 'Anjali Mehta',
      email: 'owner@pehnava.test',
      phone: null,
      isMobVerified: false,
      role,
      createdAt: '2026-11-01T00:00:00.000Z',
    },
    permissions: [...permissionsOf(role)],
    twoFactorEnabled: false,
    twoFactorSetupRequired: false,
    ...overrides,
  };
}

/**
 * Stubs the API (handlers keyed "METHOD /path", the visitor's check-auth and `/me` answered for `me`)
 * and renders one back-office screen at `path` (matched by `route`) with a fresh query cache.
 */
export function renderScreen(
  screen: ReactNode,
  {
    me,
    handlers = {},
    path = '/',
    route = '*',
  }: {
    me: AdminMe;
    handlers?: Record<string, Handler>;
    path?: string;
    /** The screen's route pattern, for a screen that reads its parameters (`/orders/:id`). */
    route?: string;
  },
) {
  const { api, router } = renderWithApp([{ path: route, element: screen }], {
    path,
    api: {
      [`GET ${API.users.checkAuth}`]: () => ({
        status: 200,
        body: { user: me.user, isMobVerified: false, lastPhoneReminder: null },
      }),
      [`GET ${API.admin.me}`]: () => ({ status: 200, body: me }),
      ...handlers,
    },
  });
  return { ...api, router };
}
