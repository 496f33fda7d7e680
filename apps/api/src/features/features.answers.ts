import { COMPANY_ANSWER } from '../companies/companies.answers.js';

/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const COMPANY_FEATURES_ANSWER = [
  {
    id: 'ai',
    name: 'ai',
    title: 'AI Recommendations',
    description: 'Product recommendations for each customer, based on what they buy.',
    pricing: 'Coming soon',
    comingSoon: true,
    access: 'coming_soon',
    active: false,
    ignore_pricing: false,
    requested_at: null,
    action: 'coming_soon',
  },
];

/** A switch answers the company with its features (COMPANY_ANSWER). */
export const FEATURE_SWITCHED_ANSWER = COMPANY_ANSWER;

export const FEATURE_ACCESS_REQUESTED_ANSWER = {
  message: "Your request has been sent. We'll be in touch soon.",
  feature: {
    id: 'fintech',
    name: 'fintech',
    title: 'Fintech',
    description: 'Send invoices to Fintech for EFT collection and export them in the Fintech format.',
    pricing: 'Paid add-on, priced on request',
    comingSoon: false,
    access: 'paid',
    active: false,
    ignore_pricing: false,
    requested_at: '2026-11-25T17:57:32.606Z',
    action: 'requested',
  },
};
