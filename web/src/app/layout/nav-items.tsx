import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LiquorOutlined from '@mui/icons-material/LiquorOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { ReactElement } from 'react';
import { OrderNavIcon } from '../../features/orders/OrderNavIcon';
import type { FeatureName } from '#domain/companies/company.features';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactElement;
  /** sub-entries such as /customer/create, shown under the entry when the navigation is expanded */
  children?: { label: string; to: string }[];
  /** hidden while any of these features is on (Inventory under bottle_pos or clover) */
  hiddenUnder?: FeatureName[];
}

/** The entries shown for a company with these active features. */
export const visibleNavItems = (items: NavItem[], active: (name: FeatureName) => boolean): NavItem[] =>
  items.filter((item) => !item.hiddenUnder?.some(active));

/**
 * The side navigation of the client's specification, in its order: Order (with its live badge), Customers (+ New Customer, Statement Run), Invoices
 * (+ New Invoice), Credit Memos (ours, beside the invoices), Payments, Stamps (+ Stamp Rolls, Stamp Record, Comptroller Report), Products and Inventory
 * (hidden when bottle_pos or clover is active); then Reports, which the specification's list leaves out but a
 * user must be able to reach (the screen itself offers the feature when it is off).
 */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: <DashboardOutlined /> },
  { label: 'Order', to: '/order', icon: <OrderNavIcon /> },
  {
    label: 'Customers',
    to: '/customer',
    icon: <StorefrontOutlined />,
    children: [
      { label: 'New Customer', to: '/customer/create' },
      { label: 'Statement Run', to: '/statements' },
    ],
  },
  {
    label: 'Invoices',
    to: '/invoice',
    icon: <ReceiptLongOutlined />,
    children: [{ label: 'New Invoice', to: '/invoice/create' }],
  },
  { label: 'Credit Memos', to: '/credit-memos', icon: <ReceiptOutlined /> },
  {
    label: 'Payments',
    to: '/payment',
    icon: <PaymentsOutlined />,
    children: [{ label: 'Deposits', to: '/deposits' }],
  },
  { label: 'Routes', to: '/routes', icon: <LocalShippingOutlined /> },
  {
    label: 'Stamps',
    to: '/stamp',
    icon: <ConfirmationNumberOutlined />,
    children: [
      { label: 'Stamp Rolls', to: '/stamp/roll' },
      { label: 'Stamp Record', to: '/stamp/record' },
      { label: 'Comptroller Report', to: '/stamp/comptroller' },
    ],
  },
  { label: 'Products', to: '/product', icon: <LiquorOutlined /> },
  {
    label: 'Inventory',
    to: '/inventory',
    icon: <Inventory2Outlined />,
    hiddenUnder: ['bottle_pos', 'clover'],
  },
  { label: 'Reports', to: '/reports', icon: <AssessmentOutlined /> },
];
