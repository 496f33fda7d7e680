import type { EmailGridRow } from '#domain/contracts/delivery.contract';
import { formatDateTime } from '../../../shared/format';
import { joinFacts, type PhoneRowFacts } from '../../../shared/grid/phone-row';
import { EMAIL_STATUS } from './delivery-messages';
import { emailDocumentLabel, emailDocumentPath } from './email-document';

/**
 * An e-mail on a phone: which document (a statement with its customer) went to whom (whole, wrapped), when it was
 * sent and its note under it, its status as the badge. A tap opens the document, as the grid's document cell does.
 */
export const emailPhoneFacts = (row: EmailGridRow): PhoneRowFacts => ({
  primary: `${joinFacts(emailDocumentLabel(row), row.kind === 'statement' && row.customer_name)} to ${row.emailed_to}`,
  secondary: joinFacts(formatDateTime(row.created_at), row.notes),
  badge: EMAIL_STATUS[row.status],
  link: emailDocumentPath(row),
});
