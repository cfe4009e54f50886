import type { StaffRole } from '../../../common/staff';
import type { Db } from '../client';
import { createUser } from '../factories/user.factory';

/**
 * One demo account per staff role, with known passwords, so anyone trying the demo can open the back
 * office as each role and see what it may do. Created with the demo shopper: only with SEED=demo and
 * never in production (docs/decisions/008), never in a real shop's data.
 */
export const DEMO_STAFF: readonly { role: StaffRole; name: string; email: string; password: string }[] = [
  { role: 'owner', name: 'Anjali Mehta', email: 'owner@pehnava.test', password: 'Pehnava#Owner2026' },
  { role: 'manager', name: 'Rohan Das', email: 'manager@pehnava.test', password: 'Pehnava#Manager2026' },
  { role: 'support', name: 'Kavya Nair', email: 'support@pehnava.test', password: 'Pehnava#Support2026' },
];

export async function seedDemoStaff(db: Db, now: Date): Promise<void> {
  for (const { role, name, email, password } of DEMO_STAFF) {
    await createUser(db, { role, name, email, password }, { now });
  }
}
