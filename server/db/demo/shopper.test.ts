import { describe, expect, it } from 'vitest';
import { passwordWeakness } from '../../modules/users/password-strength';
import { DEMO_SHOPPER } from './shopper';

describe('the demo shopper', () => {
  it('has a password the shop would accept from a shopper of that name and email', async () => {
    expect(await passwordWeakness(DEMO_SHOPPER.password, [DEMO_SHOPPER.name, DEMO_SHOPPER.email])).toBeNull();
  });
});
