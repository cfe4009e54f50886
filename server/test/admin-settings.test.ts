import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import { createProduct } from '../db/factories/product.factory';
import { createMailbox } from './mail-kit';
import { line, placeCod, signedInShopper } from './order-kit';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createTestApp, type TestApp } from './test-app';

const mailbox = createMailbox();
let t: TestApp;
let owner: StaffMember;

beforeAll(async () => {
  // The environment gives the first values; the tests below change them through the back office.
  t = await createTestApp(
    {
      SHOP_NAME: 'Rangrez',
      SUPPORT_EMAIL: 'help@rangrez.in',
      SHIPPING_FEE_RUPEES: '49',
      FREE_SHIPPING_FROM_RUPEES: '999',
    },
    { providers: { mail: mailbox.provider } },
  );
  owner = await signedInStaff(t, 'owner');
});
afterAll(() => t.close());

const publicConfig = async () => (await t.app.inject({ method: 'GET', url: API.system.config })).json();

const patch = (staff: StaffMember, payload: object) =>
  staff.client.request({ method: 'PATCH', url: API.admin.settings, payload });

const settingsAudit = async () =>
  (await owner.client.request({ method: 'GET', url: `${API.admin.audit}?entity=settings` })).json().entries;

describe('shop settings', () => {
  it('start from the environment', async () => {
    const res = await owner.client.request({ method: 'GET', url: API.admin.settings });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: {
        shopName: 'Rangrez',
        supportEmail: 'help@rangrez.in',
        supportPhone: '+91 98765 43210',
        whatsappNumber: '919876543210',
        shippingFee: 49,
        freeShippingFrom: 999,
        require2fa: false,
        grievanceOfficerName: 'Asha Menon',
        grievanceOfficerDesignation: 'Grievance Officer',
        grievanceOfficerEmail: 'grievances@pehnava.in',
        grievanceOfficerPhone: '+91 98765 43211',
      },
    });
  });

  it('change without a restart: the public config, the next order and its mail follow, and the log says who', async () => {
    const productId = await createProduct(t.database.db, { price: 599 });
    const shopper = await signedInShopper(t);
    // 2 × ₹599 = ₹1,198 ships free from ₹999.
    expect((await placeCod(shopper, [line(productId, { price: 599, quantity: 2 })])).shippingPrice).toBe(0);

    const res = await patch(owner, {
      shopName: '  Rangrez Jaipur ',
      supportPhone: '+91 90000 11111',
      whatsappNumber: '919000011111',
      shippingFee: 79.5,
      freeShippingFrom: 1499,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      shopName: 'Rangrez Jaipur',
      supportEmail: 'help@rangrez.in',
      shippingFee: 79.5,
      freeShippingFrom: 1499,
    });

    expect(await publicConfig()).toMatchObject({
      shopName: 'Rangrez Jaipur',
      supportEmail: 'help@rangrez.in',
      supportPhone: '+91 90000 11111',
      whatsappNumber: '919000011111',
      shipping: { feeRupees: 79.5, freeFromRupees: 1499, taxPercent: 0 },
    });
    const order = await placeCod(shopper, [line(productId, { price: 599, quantity: 2 })]);
    expect(order).toMatchObject({ itemsPrice: 1198, shippingPrice: 79.5, totalPrice: 1277.5 });
    // The order mail names the shop and its contacts as they are now.
    await t.container.services.orderMail.sendDue();
    const mail = mailbox.latest(shopper.account.email, new RegExp(order.orderNumber));
    expect(mail.subject).toContain('Rangrez Jaipur');
    expect(mail.text).toContain('+91 90000 11111');

    const [entry] = await settingsAudit();
    expect(entry).toMatchObject({
      action: 'settings.update',
      entity: 'settings',
      entityId: 'shop',
      actor: { _id: owner.user._id, role: 'owner' },
      before: { shopName: 'Rangrez', shippingFee: 49, freeShippingFrom: 999 },
      after: { shopName: 'Rangrez Jaipur', shippingFee: 79.5, freeShippingFrom: 1499 },
    });
  });

  it('record nothing when a change changes nothing', async () => {
    const before = (await settingsAudit()).length;
    const current = (await owner.client.request({ method: 'GET', url: API.admin.settings })).json();
    const res = await patch(owner, { shopName: current.settings.shopName });
    expect(res.statusCode).toBe(200);
    expect(await settingsAudit()).toHaveLength(before);
  });

  it('refuse values the shop cannot use, naming the field', async () => {
    for (const [payload, path] of [
      [{ shippingFee: -1 }, 'shippingFee'],
      [{ shippingFee: 10.001 }, 'shippingFee'],
      [{ whatsappNumber: '+91 98765' }, 'whatsappNumber'],
      [{ supportEmail: 'not an email' }, 'supportEmail'],
      [{ shopName: 'Two\nlines' }, 'shopName'],
      [{ require2fa: 'yes' }, 'require2fa'],
    ] as const) {
      const res = await patch(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const empty = await patch(owner, {});
    expect(empty.statusCode).toBe(422);
  });

  it('are for the owner only', async () => {
    for (const role of ['manager', 'support'] as const) {
      const staff = await signedInStaff(t, role);
      for (const res of [
        await staff.client.request({ method: 'GET', url: API.admin.settings }),
        await patch(staff, { shippingFee: 0 }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    expect((await publicConfig()).shipping.feeRupees).toBe(79.5);
  });
});
