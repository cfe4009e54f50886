import { describe, expect, it } from 'vitest';
import { passwordChecks } from '../../../common/schemas/auth';
import { PASSWORD_STRENGTH_MESSAGES, passwordWeakness } from './password-strength';

const meetsRules = (password: string) => Object.values(passwordChecks(password)).every(Boolean);

describe('password strength', () => {
  it.each(['Password@123', 'Welcome@123', 'India@123', 'Admin@123', 'Qwerty@123', 'Password123!'])(
    'refuses %s, which meets every composition rule, as too common',
    async (password) => {
      expect(meetsRules(password)).toBe(true);
      expect(await passwordWeakness(password)).toBe('common');
    },
  );

  it('sees through other common words with a symbol and habitual digits', async () => {
    for (const password of [
      'Secret#123',
      'Mumbai@2024',
      'Krishna#786',
      'Sunshine!1',
      'Dragon@12345',
      'Monkey111111!',
      'Summer2024!',
    ]) {
      expect(await passwordWeakness(password), password).toBe('common');
    }
  });

  it('refuses leaked passwords whatever their case', async () => {
    expect(await passwordWeakness('P@ssw0rd')).toBe('breached');
    expect(await passwordWeakness('PA$$W0RD')).toBe('breached');
  });

  it('refuses guessable passwords the lists do not hold, including the shopper’s own name', async () => {
    for (const password of ['Abcd@1234', 'P@ssword@123', 'Zaq1@wsx', '1234Abcd@', 'Abcdefg1!']) {
      expect(await passwordWeakness(password), password).toBe('guessable');
    }
    expect(await passwordWeakness('Kavyarao#1', ['Kavya Rao', 'kavya.rao@example.in'])).toBe('guessable');
    expect(await passwordWeakness('Kavyarao#1')).toBeNull();
  });

  it('accepts the strong passwords the tests and the journeys use', async () => {
    for (const password of [
      'Kurta#Silk2026',
      'Kurta#2025',
      'Saree&Cotton77',
      'Saree#Cotton2027',
      'Saree@Silk9',
      'Rangoli#2025',
      'Bandhani#Red2026',
      'Lehenga#Gold2026',
      'Lehenga#Silk2028',
      'Moderate#Reviews2026',
      'correct horse battery staple 7A!',
    ]) {
      expect(await passwordWeakness(password, ['Priya Sharma', 'shopper@pehnava.test']), password).toBeNull();
    }
  });

  it('says why in every message', () => {
    expect(PASSWORD_STRENGTH_MESSAGES.breached).toMatch(/leaked/);
    expect(PASSWORD_STRENGTH_MESSAGES.common).toMatch(/too common/);
    expect(PASSWORD_STRENGTH_MESSAGES.guessable).toMatch(/too easy to guess/);
  });
});
