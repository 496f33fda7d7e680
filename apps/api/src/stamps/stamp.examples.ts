/** Examples of the stamp answers for the OpenAPI document (real answers of the demo company). */
export const STAMP_ROLL_EXAMPLE = {
  id: 1,
  prefix: 'AB',
  received_at: '2026-11-20',
  finished_at: null,
  from: 1000,
  to: 1479,
  active: true,
  finished: false,
  state: 'active',
  toggle_disabled: false,
  stamps: 480,
  stampsCount: 480,
  available_count: 480,
  invoiced_count: 0,
  destroyed_count: 0,
  first_available: 1000,
  created_at: '2026-11-25T17:27:35.854Z',
  warnings: [],
};

/** A roll as GET /stamp/roll lists it: the received roll without its warnings (those come only when it is received). */
export const STAMP_ROLL_LISTED_EXAMPLE = (({ warnings: _warnings, ...roll }) => roll)(STAMP_ROLL_EXAMPLE);
