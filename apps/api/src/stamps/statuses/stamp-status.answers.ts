import type {
  StampStatusRecordResult,
  StampStatusSettingsResponse,
} from '#domain/contracts/stamp.contract.js';

/** Examples of answers for the OpenAPI document. */
export const STAMP_STATUS_RECORDED_ANSWER: StampStatusRecordResult = {
  record: {
    id: 1,
    status: 'voided',
    roll_id: 1,
    prefix: 'AB',
    from: 1005,
    to: 1005,
    count: 1,
    note: 'Torn while affixing',
    recorded_by: 'Rosa Diaz',
    recorded_at: '2026-11-27T15:02:11.412Z',
  },
  replacement: {
    original: 'AB1005',
    original_status: 'voided',
    replacement: 'AB1006',
    note: 'Torn while affixing',
    recorded_by: 'Rosa Diaz',
    recorded_at: '2026-11-27T15:02:11.412Z',
  },
  messages: ['1 stamp recorded voided: AB1005.', 'AB1006 recorded as the replacement of AB1005.'],
};

export const STAMP_REPLACEMENT_RECORDED_ANSWER: StampStatusRecordResult = {
  record: null,
  replacement: {
    original: 'AB1010',
    original_status: 'destroyed',
    replacement: 'AB1011',
    note: null,
    recorded_by: 'Rosa Diaz',
    recorded_at: '2026-11-27T15:04:40.020Z',
  },
  messages: ['AB1011 recorded as the replacement of AB1010.'],
};

export const STAMP_STATUS_SETTINGS_ANSWER: StampStatusSettingsResponse = { extended_stamp_statuses: false };
