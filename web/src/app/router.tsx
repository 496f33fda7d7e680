import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { Toaster } from '../shared/toasts';
import { BootShell } from '../shared/ui/BootShell';

/** A lazily loaded page module (its default export): one chunk per feature, nothing heavy in the shell. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Routes of the client's specification; later issues add their screens under the private shell. */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <Outlet />
        <Toaster />
        {/* a page opened starts at its top, as a link's page does; Back returns where the user was */}
        <ScrollRestoration />
      </>
    ),
    // while the first page's code loads: the skeleton index.html drew (a spinner outside the back office)
    hydrateFallbackElement: <BootShell />,
    children: [
      { path: 'auth/:section?', lazy: page(() => import('../features/auth/AuthPage')) },
      { path: 'logout', lazy: page(() => import('../features/auth/LogoutPage')) },
      // public document views (as the client's specification asks): no sign-in, outside the private shell
      { path: 'invoice/pdf/:token', lazy: page(() => import('../features/public/PublicInvoicePage')) },
      { path: 'order/pdf/:token', lazy: page(() => import('../features/orders/PublicOrderPage')) },
      // the establishment ordering app: customer users, their own sign-in, phone first
      { path: 'shop/:subdomain/*', lazy: page(() => import('../features/shop/ShopApp')) },
      // the driver's app: phone first, installable, works with no signal (its own sign-in check, no shell)
      { path: 'driver/*', lazy: page(() => import('../features/driver/DriverApp')) },
      {
        path: 'customer/balance/pdf/:token',
        lazy: page(() => import('../features/public/PublicBalancePage')),
      },
      {
        path: 'customer/statement/pdf/:token',
        lazy: page(() => import('../features/statements/PublicStatementPage')),
      },
      {
        lazy: page(() => import('./layout/PrivateShell')),
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'dashboard', lazy: page(() => import('../features/dashboard/DashboardPage')) },
          { path: 'setting', lazy: page(() => import('../features/settings/SettingsPage')) },
          { path: 'setting/staff', lazy: page(() => import('../features/staff/StaffPage')) },
          { path: 'notification', lazy: page(() => import('../features/settings/NotificationPage')) },
          { path: 'features', lazy: page(() => import('../features/features/FeaturesPage')) },
          { path: 'activity', lazy: page(() => import('../features/activity/ActivityPage')) },
          { path: 'reports', lazy: page(() => import('../features/reports/ReportsPage')) },
          { path: 'payment', lazy: page(() => import('../features/payments/PaymentsPage')) },
          { path: 'deposits', lazy: page(() => import('../features/deposits/DepositsPage')) },
          { path: 'statements', lazy: page(() => import('../features/statements/StatementRunPage')) },
          { path: 'credit-memos', lazy: page(() => import('../features/credits/CreditMemosPage')) },
          { path: 'routes', lazy: page(() => import('../features/routes/RoutesPage')) },
          { path: 'credit-memo/:id', lazy: page(() => import('../features/credits/CreditMemoViewPage')) },
          { path: 'emails', lazy: page(() => import('../features/invoices/delivery/EmailLogPage')) },
          { path: 'cache/clear', lazy: page(() => import('../features/system/CacheClearPage')) },
          { path: 'customer', lazy: page(() => import('../features/customers/CustomersPage')) },
          { path: 'customer/create', lazy: page(() => import('../features/customers/CustomerCreatePage')) },
          {
            path: 'customer/taxpayer-numbers',
            lazy: page(() => import('../features/customers/TaxpayerImportPage')),
          },
          {
            path: 'customer/:customerId',
            lazy: page(() => import('../features/customers/CustomerOverviewPage')),
          },
          {
            path: 'customer/:customerId/edit',
            lazy: page(() => import('../features/customers/CustomerEditPage')),
          },
          {
            path: 'customer/:customerId/balance',
            lazy: page(() => import('../features/payments/CustomerBalancePage')),
          },
          { path: 'invoice', lazy: page(() => import('../features/invoices/InvoicesPage')) },
          { path: 'invoice/:number', lazy: page(() => import('../features/invoices/InvoiceViewPage')) },
          { path: 'invoice/create', lazy: page(() => import('../features/invoices/InvoiceBuilderPage')) },
          {
            path: 'invoice/:number/edit',
            lazy: page(() => import('../features/invoices/InvoiceBuilderPage')),
          },
          { path: 'stamp', lazy: page(() => import('../features/stamps/StampsPage')) },
          { path: 'stamp/roll', lazy: page(() => import('../features/stamps/StampRollsPage')) },
          { path: 'stamp/record', lazy: page(() => import('../features/stamps/StampRecordPage')) },
          {
            path: 'stamp/comptroller',
            lazy: page(() => import('../features/reports/AlcoholSalesReportPage')),
          },
          { path: 'product', lazy: page(() => import('../features/products/ProductsPage')) },
          { path: 'order', lazy: page(() => import('../features/orders/OrdersPage')) },
          { path: 'order/:number', lazy: page(() => import('../features/orders/OrderDetailPage')) },
          { path: 'customer/users', lazy: page(() => import('../features/orders/CustomerUsersPage')) },
          {
            path: 'customer/:customerId/user',
            lazy: page(() => import('../features/orders/CustomerUsersPage')),
          },
          { path: 'inventory', lazy: page(() => import('../features/inventory/InventoryPage')) },
          { path: 'inventory/restock', lazy: page(() => import('../features/inventory/RestockPage')) },
          {
            path: 'inventory/history',
            lazy: page(() => import('../features/inventory/InventoryHistoryPage')),
          },
          { path: 'bottle-pos', lazy: page(() => import('../features/integrations/BottlePosPage')) },
          {
            path: 'bottle-pos/:syncId',
            lazy: page(() => import('../features/integrations/BottlePosLogPage')),
          },
          { path: 'clover', lazy: page(() => import('../features/integrations/CloverPage')) },
          { path: 'clover/:syncId', lazy: page(() => import('../features/integrations/CloverLogPage')) },
          { path: 'quickbooks', lazy: page(() => import('../features/integrations/QuickBooksPage')) },
          {
            path: 'quickbooks/:runId',
            lazy: page(() => import('../features/integrations/QuickBooksLogPage')),
          },
          {
            path: 'product/:productId',
            lazy: page(() => import('../features/products/ProductDetailPage')),
          },
        ],
      },
      { path: '*', lazy: page(() => import('../features/system/NotFoundPage')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
