import { toProblem } from '../../shared/problem';

/** The answer of a failed call as one line: the first field problem, else the message. */
export const problemText = (problem: unknown) => {
  const found = toProblem(problem);
  return found?.details[0]?.message || found?.message || 'Something went wrong';
};
