/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const USER_USER_ACTIVITY_GRID_ANSWER = {
  rows: [
    {
      id: 'ddc1980b-c6a2-418c-a094-163e9f44f89e',
      module: 'FEATURE',
      type: 'FEATURE_ON',
      success: true,
      info: {
        by: 'provider',
        title: 'Reports',
        feature: 'reports',
      },
      created_at: '2026-11-25T17:31:05.824Z',
      user_name: null,
    },
  ],
  count: 12,
};
