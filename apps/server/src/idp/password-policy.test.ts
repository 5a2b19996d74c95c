import { describe, expect, it } from 'vitest';
import commonPasswords from './common-passwords.json' with { type: 'json' };
import { PASSWORD_PROBLEMS, passwordProblem } from './password-policy.js';

const owner = { email: 'Ada.Lovelace@Company.test' };

describe('the password policy', () => {
  it.each([
    ['nothing', '', PASSWORD_PROBLEMS.empty],
    ['eleven characters', 'eleven char', PASSWORD_PROBLEMS.tooShort],
    ['eleven emoji (22 UTF-16 units)', '🔑'.repeat(11), PASSWORD_PROBLEMS.tooShort],
    ['201 characters', 'x'.repeat(201), PASSWORD_PROBLEMS.tooLong],
    ['twelve spaces', ' '.repeat(12), PASSWORD_PROBLEMS.blank],
    ['tabs, newlines and spaces', ' \t\n \u00a0'.repeat(3), PASSWORD_PROBLEMS.blank],
    ['one letter repeated', 'a'.repeat(12), PASSWORD_PROBLEMS.repeated],
    ['one emoji repeated', '🔑'.repeat(12), PASSWORD_PROBLEMS.repeated],
    ['a common run of digits', '123456789012', PASSWORD_PROBLEMS.common],
    ['a common word and digits', 'password1234', PASSWORD_PROBLEMS.common],
    ['a common one in capitals', 'PASSWORD1234', PASSWORD_PROBLEMS.common],
    ['a common keyboard walk', '1qaz2wsx3edc', PASSWORD_PROBLEMS.common],
    ['the email address', 'ada.lovelace@company.test', PASSWORD_PROBLEMS.email],
    ['the email address in other capitals', 'ADA.LOVELACE@COMPANY.TEST', PASSWORD_PROBLEMS.email],
    [
      'the email address with more around it',
      'x ada.lovelace@company.test x',
      PASSWORD_PROBLEMS.email,
    ],
    ['mostly the local part', 'ada.lovelace2026', PASSWORD_PROBLEMS.email],
  ])('refuses %s', (_what, password, problem) => {
    expect(passwordProblem(password, owner)).toBe(problem);
  });

  it.each([
    ['a passphrase', 'correct horse battery staple'],
    ['the local part as a small share of a long one', 'ada.lovelace and her analytical engine'],
    ['twelve emoji, not all the same', '🔑🔒'.repeat(6)],
    ['spaces around words', '  my own words here  '],
    ['exactly 200 characters', 'ab'.repeat(100)],
  ])('accepts %s', (_what, password) => {
    expect(passwordProblem(password, owner)).toBeUndefined();
  });

  it('ships a list of at least 10,000 common passwords, with its licence', () => {
    expect(commonPasswords.passwords.length).toBeGreaterThanOrEqual(10_000);
    expect(commonPasswords.license).toBe('MIT');
    expect(commonPasswords.licenseText.join('\n')).toContain('Permission is hereby granted');
  });

  it('explains each refusal as a sentence that says what to do', () => {
    for (const message of Object.values(PASSWORD_PROBLEMS)) {
      expect(message).toMatch(/^[A-Z].*\.$/);
    }
  });
});
