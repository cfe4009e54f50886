import type { User } from '../../../../common/schemas/auth';

/** An account as the API answers it, for the tests of the shop's session. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    name: 'Asha Verma',
    email: 'asha@example.com',
    phone: null,
    isMobVerified: false,
    role: 'customer',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
