import { describe, expect, it } from 'vitest';
import {
  applicationAnswers,
  countryLabel,
  NOT_GIVEN,
  websiteHref,
} from './pending-customer-labels';

describe('countryLabel', () => {
  it.each([
    ['US', 'United States'],
    ['GB', 'United Kingdom'],
    ['JP', 'Japan'],
    ['XX', 'XX'],
    [null, NOT_GIVEN],
  ])('names %j %j', (code, label) => {
    expect(countryLabel(code)).toBe(label);
  });
});

describe('applicationAnswers', () => {
  it("lists the requester's answers in words", () => {
    expect(
      applicationAnswers({
        country: 'GB',
        companySize: '51-200',
        website: 'https://initech.test',
        rewardNeed: 'within-30-days',
        useCases: ['employee-rewards', 'sales-incentives'],
      }),
    ).toEqual([
      { question: 'Country', answer: 'United Kingdom' },
      { question: 'Company size', answer: '51-200 employees' },
      { question: 'Website', answer: 'https://initech.test' },
      { question: 'Needs to send rewards', answer: 'Within 30 days' },
      {
        question: 'Will use rewards for',
        answer: 'Employee rewards and recognition; Sales and channel incentives',
      },
    ]);
  });

  it('says "Not given" for what an older request was never asked', () => {
    expect(
      applicationAnswers({
        country: null,
        companySize: null,
        website: null,
        rewardNeed: null,
        useCases: [],
      }).map((answer) => answer.answer),
    ).toEqual([NOT_GIVEN, NOT_GIVEN, NOT_GIVEN, NOT_GIVEN, NOT_GIVEN]);
  });
});

describe('websiteHref', () => {
  it.each([
    ['https://initech.test', 'https://initech.test/'],
    ['http://initech.test/about', 'http://initech.test/about'],
    ['initech.test', 'https://initech.test/'],
    ['www.initech.test/en', 'https://www.initech.test/en'],
    ['javascript:alert(1)', null],
    ['not a website', null],
    [null, null],
  ])('leads %j to %j', (website, href) => {
    expect(websiteHref(website)).toBe(href);
  });
});
