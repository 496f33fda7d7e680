/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const ORDER_COUNT_ANSWER = {
  count: 0,
};
