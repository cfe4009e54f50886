import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/api-paths';
import {
  GRIEVANCE_CAPTCHA_ACTION,
  GRIEVANCE_MESSAGES,
  TICKET_NUMBER_PATTERN,
} from '../../common/schemas/grievances';
import { CAPTCHA_FAILED_MESSAGE } from '../errors';
import { FILE_GRIEVANCE_PER_ADDRESS } from '../modules/grievances/grievances.routes';
import type { CaptchaProvider, CaptchaVerdict } from '../providers';
import { createMailbox } from './mail-kit';
import { type StaffMember, signedInStaff } from './staff-kit';
import { createClient, createTestApp, signUp, type TestApp, type TestClient } from './test-app';

/** Friday 11 December 2026, 10:00 in India. */
const FILED_AT = new Date('2026-12-11T04:30:00Z');
const clock = {
  current: FILED_AT,
  now: () => new Date(clock.current),
  set: (at: string) => {
    clock.current = new Date(at);
  },
};

const mailbox = createMailbox();
let verdict: CaptchaVerdict = { ok: true };
const captchaCalls: string[] = [];
const captcha: CaptchaProvider = {
  name: 'test-captcha',
  verify: async (_token, action) => {
    captchaCalls.push(action);
    return verdict;
  },
};

let t: TestApp;
let support: StaffMember;
beforeAll(async () => {
  t = await createTestApp(
    // Christmas is a holiday: the 15 business days step over it.
    { HOLIDAYS: '2026-12-25', PUBLIC_URL: 'https://shop.example' },
    { providers: { mail: mailbox.provider, captcha }, now: clock.now },
  );
  support = await signedInStaff(t, 'support');
}, 60_000);
afterAll(() => t.close());

let lastOctet = 0;
const newClient = () => createClient(t.app, { remoteAddress: `10.3.0.${++lastOctet}` });

const GRIEVANCE = {
  name: 'Meera Iyer',
  email: 'meera@example.com',
  phone: '9876543210',
  orderNumber: 'PNV-2612-7K3Q9',
  subject: 'Wrong size delivered',
  description: 'I ordered a medium kurta and received a small one.',
};

const file = (client: TestClient, payload: object = GRIEVANCE) =>
  client.request({ method: 'POST', url: API.grievances.file, payload });
const lookUp = (client: TestClient, ticketNumber: string, email: string) =>
  client.request({
    method: 'GET',
    url: `${API.grievances.ticket(ticketNumber)}?email=${encodeURIComponent(email)}`,
  });
/** Files one as a guest and answers its ticket number. */
async function filed(payload: object = GRIEVANCE): Promise<string> {
  const res = await file(newClient(), payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticketNumber;
}

describe('filing a grievance', () => {
  it('answers 201 with the ticket number, Open, and mails the acknowledgement at once', async () => {
    clock.set(FILED_AT.toISOString());
    const res = await file(newClient());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      ticketNumber: expect.stringMatching(TICKET_NUMBER_PATTERN),
      status: 'Open',
      acknowledgedAt: FILED_AT.toISOString(),
    });
    expect(body.ticketNumber).toMatch(/^GRV-2612-/);
    expect(captchaCalls.at(-1)).toBe(GRIEVANCE_CAPTCHA_ACTION);

    await t.container.idle();
    const mail = mailbox.latest(GRIEVANCE.email, new RegExp(body.ticketNumber));
    expect(mail.subject).toBe(`Pehnava grievance ${body.ticketNumber} received`);
    expect(mail.text).toContain(`Your ticket number is ${body.ticketNumber}.`);
    expect(mail.text).toContain('A grievance is answered within 15 business days.');
    // Across two weekends and Christmas: Friday 11 December + 15 business days is Monday 4 January.
    expect(mail.text).toContain('Your reply is due by 4 January 2027.');
    expect(mail.text).toContain(`https://shop.example/grievance-status?ticket=${body.ticketNumber}`);
    expect(mail.text).toContain('Asha Menon');
  });

  it('takes a signed-in shopper too, without phone or order number', async () => {
    const shopper = newClient();
    const account = await signUp(shopper);
    const { phone: _phone, orderNumber: _order, ...rest } = GRIEVANCE;
    const res = await file(shopper, { ...rest, email: account.email });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a failed captcha with 400 CAPTCHA_FAILED, and files nothing', async () => {
    verdict = { ok: false, reason: 'rejected' };
    try {
      const res = await file(newClient(), { ...GRIEVANCE, email: 'bot@example.com', token: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: CAPTCHA_FAILED_MESSAGE, code: 'CAPTCHA_FAILED' });
      await t.container.idle();
      expect(mailbox.to('bot@example.com')).toEqual([]);
    } finally {
      verdict = { ok: true };
    }
  });

  it('answers 422 naming each bad field', async () => {
    const res = await file(newClient(), {
      ...GRIEVANCE,
      email: 'not-an-email',
      phone: '12345',
      subject: '',
      description: 'short',
    });
    expect(res.statusCode).toBe(422);
    const paths = res.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'phone', 'subject', 'description']));
  });

  it('allows 5 an hour from one address, then 429', async () => {
    const client = newClient();
    expect(FILE_GRIEVANCE_PER_ADDRESS.max).toBe(5);
    for (let i = 0; i < 5; i += 1) expect((await file(client)).statusCode).toBe(201);
    const refused = await file(client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many grievances from this network\. Try again in/);
  });
});

describe('looking a grievance up', () => {
  it('shows its status and replies to the email that filed it, whatever its case', async () => {
    clock.set(FILED_AT.toISOString());
    const ticketNumber = await filed();
    const res = await lookUp(newClient(), ticketNumber.toLowerCase(), 'Meera@Example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      grievance: {
        ticketNumber,
        subject: GRIEVANCE.subject,
        status: 'Open',
        acknowledgedAt: FILED_AT.toISOString(),
        replyDueAt: '2027-01-04T04:30:00.000Z',
        resolvedAt: null,
        replies: [],
      },
    });
  });

  it('answers 404 to any other email and to an unknown ticket, alike', async () => {
    const ticketNumber = await filed();
    for (const [ticket, email] of [
      [ticketNumber, 'someone@example.com'],
      ['GRV-2612-ZZZZZZ', GRIEVANCE.email],
    ] as const) {
      const res = await lookUp(newClient(), ticket, email);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: GRIEVANCE_MESSAGES.notFound });
    }
    expect((await lookUp(newClient(), 'not-a-ticket', GRIEVANCE.email)).statusCode).toBe(422);
  });
});

describe('staff answering grievances', () => {
  const staffGet = (url: string) => support.client.request({ method: 'GET', url });

  beforeAll(() => clock.set(FILED_AT.toISOString()));

  it('reply: emailed to the person, shown in the lookup, the ticket Answered, and audited', async () => {
    clock.set(FILED_AT.toISOString());
    const ticketNumber = await filed({ ...GRIEVANCE, email: 'ravi@example.com', name: 'Ravi Kumar' });
    clock.set('2026-12-14T06:00:00Z');
    const res = await support.client.request({
      method: 'POST',
      url: API.admin.grievanceReply(ticketNumber),
      payload: { message: 'We are sending the medium today.\nSorry for the trouble.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().grievance).toMatchObject({
      ticketNumber,
      status: 'Answered',
      dueFlag: null,
      replies: [
        {
          message: 'We are sending the medium today.\nSorry for the trouble.',
          author: support.name,
          createdAt: '2026-12-14T06:00:00.000Z',
        },
      ],
    });

    await t.container.idle();
    const mail = mailbox.latest('ravi@example.com', /^Re: /);
    expect(mail.subject).toBe(`Re: Pehnava grievance ${ticketNumber}`);
    expect(mail.text).toContain('We are sending the medium today.');

    const lookup = (await lookUp(newClient(), ticketNumber, 'ravi@example.com')).json().grievance;
    expect(lookup).toMatchObject({
      status: 'Answered',
      replies: [{ message: 'We are sending the medium today.\nSorry for the trouble.' }],
    });
    // The person sees no staff names.
    expect(lookup.replies[0]).not.toHaveProperty('author');

    const audit = await t.container.services.audit.list({
      entity: 'grievance',
      entityId: ticketNumber,
      page: 1,
      limit: 10,
    });
    expect(audit.entries[0]).toMatchObject({
      action: 'grievance.reply',
      actor: { _id: support.user._id, role: 'support' },
      before: { status: 'Open', replies: 0 },
      after: { status: 'Answered', replies: 1 },
    });
  });

  it('resolve: Resolved with its note, mailed, and 409 RESOLVED for a second resolve or a reply', async () => {
    const ticketNumber = await filed({ ...GRIEVANCE, email: 'anu@example.com' });
    const resolve = () =>
      support.client.request({
        method: 'POST',
        url: API.admin.grievanceResolve(ticketNumber),
        payload: { note: 'Refunded in full.' },
      });
    const res = await resolve();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().grievance).toMatchObject({
      status: 'Resolved',
      resolutionNote: 'Refunded in full.',
      resolvedAt: clock.now().toISOString(),
      dueFlag: null,
    });
    await t.container.idle();
    expect(mailbox.latest('anu@example.com', /resolved$/).text).toContain('Refunded in full.');

    const again = await resolve();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: GRIEVANCE_MESSAGES.resolved, code: 'RESOLVED' });
    const reply = await support.client.request({
      method: 'POST',
      url: API.admin.grievanceReply(ticketNumber),
      payload: { message: 'One more thing.' },
    });
    expect(reply.statusCode).toBe(409);
    expect((await lookUp(newClient(), ticketNumber, 'anu@example.com')).json().grievance.status).toBe(
      'Resolved',
    );
  });

  it('answers 404 for an unknown ticket and 422 for an empty reply', async () => {
    const unknown = await support.client.request({
      method: 'POST',
      url: API.admin.grievanceReply('GRV-2612-ZZZZZZ'),
      payload: { message: 'Hello' },
    });
    expect(unknown.statusCode).toBe(404);
    const ticketNumber = await filed();
    const empty = await support.client.request({
      method: 'POST',
      url: API.admin.grievanceReply(ticketNumber),
      payload: { message: '   ' },
    });
    expect(empty.statusCode).toBe(422);
    expect((await staffGet(API.admin.grievance(ticketNumber))).json().grievance).toMatchObject({
      ticketNumber,
      name: GRIEVANCE.name,
      email: GRIEVANCE.email,
      phone: GRIEVANCE.phone,
      orderNumber: GRIEVANCE.orderNumber,
      description: GRIEVANCE.description,
      status: 'Open',
    });
  });

  it('flags an Open ticket due soon 3 business days before its reply is due, and overdue after it', async () => {
    clock.set(FILED_AT.toISOString());
    const ticketNumber = await filed({ ...GRIEVANCE, email: 'late@example.com' });
    /** The ticket's flag as staff see it at `at` (signed in then: moving the clock ends sessions). */
    const flagAt = async (at: string) => {
      clock.set(at);
      const reader = await signedInStaff(t, 'support');
      return (await reader.client.request({ method: 'GET', url: API.admin.grievance(ticketNumber) })).json()
        .grievance.dueFlag;
    };
    expect(await flagAt('2026-12-29T04:30:00Z')).toBeNull();
    // 12 business days after Friday 11 December, Christmas excluded: Wednesday 30 December.
    expect(await flagAt('2026-12-30T04:30:00Z')).toBe('due-soon');
    expect(await flagAt('2027-01-04T04:31:00Z')).toBe('overdue');

    const reader = await signedInStaff(t, 'support');
    const list = (
      await reader.client.request({ method: 'GET', url: `${API.admin.grievances}?status=Open&limit=100` })
    ).json();
    expect(list.grievances.every((row: { status: string }) => row.status === 'Open')).toBe(true);
    expect(
      list.grievances.find((row: { ticketNumber: string }) => row.ticketNumber === ticketNumber),
    ).toMatchObject({ dueFlag: 'overdue', replyDueAt: '2027-01-04T04:30:00.000Z' });
    const resolved = (
      await reader.client.request({ method: 'GET', url: `${API.admin.grievances}?status=Resolved` })
    ).json();
    expect(resolved.total).toBeGreaterThan(0);
    expect(resolved.grievances.every((row: { status: string }) => row.status === 'Resolved')).toBe(true);
  });

  it('publishes the Grievance Officer in the public config', async () => {
    const config = (await newClient().request({ method: 'GET', url: API.system.config })).json();
    expect(config.grievanceOfficer).toEqual({
      name: 'Asha Menon',
      designation: 'Grievance Officer',
      email: 'grievances@pehnava.in',
      phone: '+91 98765 43211',
    });
  });
});
