import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { businessDate } from '#domain/shared/business-date';
import { useCompany, type Company } from '../../shared/company/company.api';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { toProblem } from '../../shared/problem';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { RouterButton } from '../../shared/ui/RouterButton';
import { useGetCustomerQuery, type Customer } from '../customers/customers.api';
import { BUILDER_MESSAGES } from './builder/builder-messages';
import { builderRoute, builderRouteKey, type BuilderMode } from './builder/builder-mode';
import { valuesFromInvoice, valuesFromOrder, type BuilderValues } from './builder/builder-state';
import { useGetOrderQuery, type OrderResponse } from '../orders/orders.api';
import { useCreateOrderInvoices } from '../orders/CreateOrderInvoices';
import { ORDER_MESSAGES } from '../orders/order-messages';
import { orderInvoiceGroups } from '../orders/order-to-invoices';
import { InvoiceBuilderForm } from './builder/InvoiceBuilderForm';
import { useGetInvoiceQuery, type Invoice } from './invoices.api';

function Notice({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 8, gap: 2 }}>
      <title>{`${title} · Stampline`}</title>
      {icon}
      <Typography variant="h1">{title}</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {text}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5 }}>{children}</Box>
    </Box>
  );
}

function SplitOrderNotice({ order }: { order: OrderResponse }) {
  const invoicing = useCreateOrderInvoices(order);
  return (
    <Notice
      icon={<ReceiptLongOutlined aria-hidden sx={{ fontSize: 56, color: 'text.disabled' }} />}
      title={`Order #${order.order_number} becomes two invoices`}
      text="Beer goes on its own invoice: this order holds beer and liquor or wine, so it is invoiced as a beer invoice (numbered with a B) and an invoice of the rest."
    >
      <Button variant="contained" onClick={invoicing.start}>
        Create Invoices
      </Button>
      <RouterButton to={`/order/${order.order_number}`} variant="outlined">
        View Order
      </RouterButton>
      {invoicing.dialog}
    </Notice>
  );
}

/** A fresh builder: today, due on delivery, the company's default note and default logo. */
function blankValues(company: Company): BuilderValues {
  return {
    customer: null,
    invoicedAt: businessDate(new Date().toISOString(), company.time_zone),
    dueAt: '',
    note: company.default_invoice_note ?? '',
    companyNote: '',
    logoId: company.default_logo_id ?? company.logos.find((logo) => logo.is_default)?.id ?? '',
    lines: [],
    stamps: [],
  };
}

function initialValues(
  company: Company,
  edited: Invoice | undefined,
  clone: Invoice | undefined,
  customer: Customer | undefined,
  order?: OrderResponse,
  replaced?: Invoice,
): BuilderValues {
  const blank = blankValues(company);
  if (edited) return valuesFromInvoice(edited, 'edit', blank);
  if (replaced) return valuesFromInvoice(replaced, 'replace', blank);
  if (order) return valuesFromOrder(order, blank);
  if (clone) return valuesFromInvoice(clone, 'copy', blank);
  if (customer)
    return {
      ...blank,
      customer: {
        id: customer.id,
        name: customer.name,
        city: customer.city,
        tabc_id: customer.display_tabc_id,
      },
    };
  return blank;
}

/** The builder's mode once what it starts from has loaded (a copy whose invoice cannot be read starts blank). */
function builderMode(
  edited: Invoice | undefined,
  clone: Invoice | undefined,
  order: OrderResponse | undefined,
  replaced: Invoice | undefined,
): BuilderMode {
  if (edited) return { kind: 'edit', invoice: edited };
  if (replaced) return { kind: 'replace', invoiceId: replaced.id, invoiceNumber: replaced.number };
  if (order) return { kind: 'fromOrder', orderId: order.id, orderNumber: order.order_number };
  if (clone) return { kind: 'copy', cloneOf: clone.number };
  return { kind: 'new' };
}

function LoadProblem({ error, retry }: { error: unknown; retry: () => void }) {
  const problem = toProblem(error);
  if (problem?.status === 404 || problem?.status === 400)
    return (
      <Notice
        icon={<ReceiptLongOutlined aria-hidden sx={{ fontSize: 56, color: 'text.disabled' }} />}
        title={BUILDER_MESSAGES.notFound}
        text="It may have been deleted, or the link is wrong."
      >
        <RouterButton to="/invoice" variant="contained">
          All Invoices
        </RouterButton>
      </Notice>
    );
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8, gap: 2 }}>
      <ProblemAlert messages={[BUILDER_MESSAGES.loadFailed, problem?.message ?? ''].filter(Boolean)} />
      <Button variant="outlined" onClick={retry}>
        Retry
      </Button>
    </Box>
  );
}

/**
 * /invoice/create (optionally `?customerId=` from the customer grid, `?clone={number}`, `?order={number}`, or
 * `?replace={number}`: the replacement of a cancelled invoice) and /invoice/{number}/edit, read by `builderRoute`.
 * Loads what the builder starts from, then hands over to the form with its mode.
 */
export default function InvoiceBuilderPage() {
  const { number: editNumber } = useParams();
  const [params] = useSearchParams();
  const route = builderRoute(editNumber, params);
  const routeKey = builderRouteKey(route);
  const number = route.kind === 'edit' ? route.number : undefined;
  const replaceNumber = route.kind === 'replace' ? route.number : undefined;
  const cloneNumber = route.kind === 'copy' ? route.number : undefined;
  const orderNumber = route.kind === 'fromOrder' ? route.orderNumber : undefined;
  const customerId = route.kind === 'new' ? route.customerId : undefined;

  const company = useCompany();
  const edited = useGetInvoiceQuery(number ?? '', { skip: !number, refetchOnMountOrArgChange: true });
  const clone = useGetInvoiceQuery(cloneNumber ?? '', { skip: !cloneNumber });
  const replaced = useGetInvoiceQuery(replaceNumber ?? '', {
    skip: !replaceNumber,
    refetchOnMountOrArgChange: true,
  });
  const customer = useGetCustomerQuery(customerId ?? '', { skip: !customerId });
  const order = useGetOrderQuery(orderNumber ?? '', { skip: !orderNumber, refetchOnMountOrArgChange: true });

  const ready =
    company.data &&
    (!number || edited.data) &&
    (!cloneNumber || clone.data || clone.isError) &&
    (!replaceNumber || replaced.data) &&
    (!customerId || customer.data || customer.isError) &&
    (!orderNumber || order.data || order.isError);
  const initial = useMemo(
    () =>
      ready && company.data
        ? initialValues(
            company.data,
            edited.data,
            clone.data,
            customer.data,
            order.data?.order,
            replaced.data,
          )
        : null,
    // the builder starts once: later refetches must not replace what the user typed
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ready, routeKey],
  );

  if (company.isError) return <LoadProblem error={company.error} retry={() => void company.refetch()} />;
  if (number && edited.isError)
    return <LoadProblem error={edited.error} retry={() => void edited.refetch()} />;
  if (replaceNumber && replaced.isError)
    return <LoadProblem error={replaced.error} retry={() => void replaced.refetch()} />;
  // An order that cannot be read: said so, rather than an empty builder.
  if (orderNumber && order.isError)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8, gap: 2 }}>
        <title>{`${ORDER_MESSAGES.invoiceFailed} · Stampline`}</title>
        <ProblemAlert
          title={ORDER_MESSAGES.invoiceFailed}
          messages={[toProblem(order.error)?.message || BUILDER_MESSAGES.loadFailed]}
        />
        <Box sx={{ display: 'flex', gap: 1.5 }}>
          <Button variant="outlined" onClick={() => void order.refetch()}>
            Retry
          </Button>
          <RouterButton to="/order" variant="outlined">
            All Orders
          </RouterButton>
        </Box>
      </Box>
    );
  if (!ready || !initial || !company.data)
    return <FullPageSpinner label={number ? 'Loading invoice' : 'Loading'} />;

  if (edited.data?.status === 'cancelled')
    return (
      <Notice
        icon={<BlockOutlined aria-hidden sx={{ fontSize: 56, color: 'text.disabled' }} />}
        title={`Invoice #${edited.data.number} is cancelled`}
        text={BUILDER_MESSAGES.cancelled}
      >
        <RouterButton to={`/invoice/${encodeURIComponent(edited.data.number)}`} variant="contained">
          View Invoice
        </RouterButton>
        <RouterButton to="/invoice" variant="outlined">
          All Invoices
        </RouterButton>
      </Notice>
    );

  // Only a cancelled invoice, replaced by nothing yet, takes a replacement (the API says so too).
  if (replaced.data && (replaced.data.status !== 'cancelled' || replaced.data.replaced_by))
    return (
      <Notice
        icon={<BlockOutlined aria-hidden sx={{ fontSize: 56, color: 'text.disabled' }} />}
        title={
          replaced.data.replaced_by
            ? `Invoice #${replaced.data.number} was replaced already, by invoice #${replaced.data.replaced_by.number}`
            : `Invoice #${replaced.data.number} is not cancelled`
        }
        text={BUILDER_MESSAGES.replaceOnlyCancelled}
      >
        <RouterButton to={`/invoice/${encodeURIComponent(replaced.data.number)}`} variant="contained">
          View Invoice
        </RouterButton>
        <RouterButton to="/invoice" variant="outlined">
          All Invoices
        </RouterButton>
      </Notice>
    );

  // An order mixing beer with liquor or wine: two invoices, made together (not one builder holding both).
  if (order.data && orderInvoiceGroups(order.data.order).length > 1)
    return <SplitOrderNotice order={order.data.order} />;
  if (order.data && orderInvoiceGroups(order.data.order).length === 0)
    return (
      <Notice
        icon={<ReceiptLongOutlined aria-hidden sx={{ fontSize: 56, color: 'text.disabled' }} />}
        title={`Order #${order.data.order.order_number} is invoiced`}
        text="Every accepted item of this order is on an invoice already."
      >
        <RouterButton to={`/order/${order.data.order.order_number}`} variant="contained">
          View Order
        </RouterButton>
      </Notice>
    );

  return (
    <InvoiceBuilderForm
      key={routeKey}
      company={company.data}
      mode={builderMode(edited.data, clone.data, order.data?.order, replaced.data)}
      initial={initial}
    />
  );
}
