/** Texts of the order screens (as the client's specification asks); quoted ones are exact. */
export const ORDER_MESSAGES = {
  empty: 'No Order history found.',
  noInvoice: 'No invoice has created from this order',
  deletedCustomer: 'Deleted Customer',
  fromDistributor: 'From Distributor',
  confirmCancel: 'Sure you want to change Status from Placed to Cancelled?',
  rejectTitle: 'Reject this order?',
  rejectText: 'This action is irreversible: a rejected order can no longer be invoiced.',
  rejectFailed: 'Error occurred while rejecting order.',
  updateFailed: 'Error occurred while updating order.',
  loadFailed: 'Sorry, something went wrong!',
  noUsers: 'You have no registered user.',
  invoiceFailed: 'Error Creating Invoice From Order',
} as const;

/** The client's specification: order rows are 56 px high; customer users 40. */
export const ORDER_ROW_HEIGHT = 56;
export const CUSTOMER_USER_ROW_HEIGHT = 40;
