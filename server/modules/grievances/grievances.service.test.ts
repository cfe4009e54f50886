import { describe, expect, it } from 'vitest';
import { dueFlagOf } from './grievances.service';

const holidays = new Set(['2026-12-25']);
// Filed Friday 11 December 2026, 10:00 in India; 15 business days without Christmas end Monday 4 January.
const ticket = {
  status: 'Open' as const,
  createdAt: new Date('2026-12-11T04:30:00Z'),
  replyDueAt: new Date('2027-01-04T04:30:00Z'),
};

describe('dueFlagOf', () => {
  it('is due soon from 12 business days after filing, overdue once the 15 are over', () => {
    expect(dueFlagOf(ticket, new Date('2026-12-30T04:29:59Z'), holidays)).toBeNull();
    expect(dueFlagOf(ticket, new Date('2026-12-30T04:30:00Z'), holidays)).toBe('due-soon');
    expect(dueFlagOf(ticket, new Date('2027-01-04T04:30:00Z'), holidays)).toBe('due-soon');
    expect(dueFlagOf(ticket, new Date('2027-01-04T04:30:01Z'), holidays)).toBe('overdue');
  });

  it('counts the holiday: without it, due soon comes a business day earlier', () => {
    expect(dueFlagOf(ticket, new Date('2026-12-29T04:30:00Z'), new Set())).toBe('due-soon');
    expect(dueFlagOf(ticket, new Date('2026-12-29T04:30:00Z'), holidays)).toBeNull();
  });

  it('flags only Open tickets: an answered or resolved one kept the promise', () => {
    const late = new Date('2027-02-01T00:00:00Z');
    expect(dueFlagOf({ ...ticket, status: 'Answered' }, late, holidays)).toBeNull();
    expect(dueFlagOf({ ...ticket, status: 'Resolved' }, late, holidays)).toBeNull();
  });
});
