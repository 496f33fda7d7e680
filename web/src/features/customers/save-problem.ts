import type { FormErrors } from '../../shared/forms/use-form';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { CUSTOMER_FIELDS, type CustomerValues } from './customer-form';
import { CUSTOMER_MESSAGES } from './customer-messages';

/** A failed save as the form shows it: messages on the matching fields, and the list under 'Error saving customer!'. */
export function saveProblem(error: unknown): { fields: FormErrors<CustomerValues>; messages: string[] } {
  const problem = toProblem(error);
  const all = fieldErrors(problem);
  const fields: FormErrors<CustomerValues> = {};
  for (const field of CUSTOMER_FIELDS) if (all[field]) fields[field] = all[field];
  return { fields, messages: problemMessages(problem, CUSTOMER_MESSAGES.saveFailed) };
}
