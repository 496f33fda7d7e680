import { statutoryDueDate } from '#domain/invoices/credit-law.js';
import { defaultInvoiceNote, paymentTermsNote } from '#domain/invoices/payment-terms.js';
import { lineTaxCents, lineTotalCents } from '#domain/invoices/invoice.rules.js';
import { raiseByBasisPoints } from '#domain/shared/money.js';
import {
  DEMO_FIRST_NAMES,
  DEMO_LAST_NAMES,
  DEMO_STREETS,
  DEMO_SUPPLIERS,
  DEMO_TOWNS,
  DEMO_TRADE_NAMES,
  demoCatalogue,
  type DemoProductType,
} from './demo-catalogue.js';
import { DemoRandom, demoUuid } from './demo-random.js';

/**
 * The demo distributor's year, planned in full before anything is written: a pure function of the size and the
 * last day, so two runs on the same day write the same history. The seed (demo-seed.ts) carries it out through
 * the application's commands.
 */

import {
  TAX_RATE_BASIS_POINTS,
  addDays,
  COMPANY_NOTE,
  STAMP_ROLL_SIZE,
  HISTORY_DAYS,
  SAMPLE_LICENCES,
  weekday,
  upcOf,
  caseSizeOf,
  type DemoSize,
  type DemoProduct,
  type DemoLicence,
  type DemoCustomer,
  type DemoTier,
  type InvoiceLine,
  type DemoAction,
  type DemoDay,
  type DemoPlan,
} from './demo-shapes.js';
export {
  DEFAULT_DEMO_SIZE,
  demoSize,
  TAX_RATE_BASIS_POINTS,
  addDays,
  type DemoSize,
  type DemoProduct,
  type DemoLicence,
  type DemoCustomer,
  type DemoTier,
  type InvoiceLine,
  type DemoAction,
  type DemoDay,
  type DemoPlan,
} from './demo-shapes.js';

/** The plan of a year ending on `lastDay` (a business date: yesterday, so nothing is dated in the future). */
export function demoPlan(size: DemoSize, lastDay: string): DemoPlan {
  const rnd = new DemoRandom(20261125);
  const firstDay = addDays(lastDay, -(HISTORY_DAYS - 1));

  // --- products --------------------------------------------------------------------------------------------
  const products: DemoProduct[] = demoCatalogue(size.products).map(({ type, row }, i) => {
    const [name, productSize, price, supplier] = row;
    const priceCents = Math.round(price * 100);
    return {
      id: demoUuid(`product:${i}`),
      type,
      name,
      size: productSize,
      priceCents,
      costCents: Math.round(priceCents * (0.66 + rnd.next() * 0.1)),
      supplier,
      upc: upcOf(i + 1),
      internalSku: `HC-${String(1001 + i)}`,
      reorderLevel: rnd.int(6, 24),
      reorderQty: rnd.pick([24, 36, 48, 60]),
      reorderTimeInDays: rnd.int(2, 7),
      caseSize: caseSizeOf(productSize),
    };
  });
  const byType = (types: DemoProductType[]) =>
    products
      .map((p, i) => [p, i] as const)
      .filter(([p]) => types.includes(p.type))
      .map(([, i]) => i);

  // --- price tiers -------------------------------------------------------------------------------------------
  const tiers: DemoTier[] = [
    { id: demoUuid('tier:restaurants'), name: 'Restaurants', percentage: 4 },
    { id: demoUuid('tier:small-accounts'), name: 'Small Accounts', percentage: 9 },
  ];

  // --- customers (each with its TABC licence) ----------------------------------------------------------------
  const customers: DemoCustomer[] = [];
  const generated = DEMO_TRADE_NAMES.map(
    ([tradeName, type]) => ({ tradeName, type }) as Partial<DemoLicence>,
  );
  const entries = [...SAMPLE_LICENCES, ...generated].slice(0, size.customers);
  entries.forEach((entry, i) => {
    const tradeName = entry.tradeName!;
    const licenceType = entry.type!;
    const [city, zipPrefix, county, area] = DEMO_TOWNS[i % DEMO_TOWNS.length]!;
    const street = `${rnd.int(100, 4800)} ${rnd.pick(DEMO_STREETS)}`;
    const zip = `${zipPrefix}${String(rnd.int(1, 99)).padStart(2, '0')}`;
    const phone = `(${area}) 555-${String(rnd.int(100, 9999)).padStart(4, '0')}`;
    const first = rnd.pick(DEMO_FIRST_NAMES);
    const last = rnd.pick(DEMO_LAST_NAMES);
    const slug = tradeName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const liquor = ['MB', 'N', 'NE'].includes(licenceType);
    const owner = `${tradeName.replace(/^THE /, '')} ${rnd.pick(['LLC', 'INC', 'LP', 'HOLDINGS LLC'])}`;
    const licence: DemoLicence = {
      licenceId: 2100000 + i * 37,
      masterFileId: `MF-${6100 + i}`,
      type: licenceType,
      status: 'Active',
      tradeName,
      owner,
      address: street,
      city,
      zip,
      county,
      phone,
      clp: `${licenceType === 'N' ? 'NE' : licenceType}${String(500000 + i * 1153).slice(-6)}`,
      sample: false,
      ...entry,
    };
    const title = licence.tradeName
      .replace(/^(.*), THE$/, 'THE $1')
      .replace(/\b([A-Z])([A-Z&'"]*)/g, (_, a: string, b: string) => a + b.toLowerCase());
    const name = title
      .replace(/\bBbq\b/, 'BBQ')
      .replace(/\bNo (\d+)/, 'No. $1')
      .replace(/"/g, '');
    customers.push({
      id: demoUuid(`customer:${i}`),
      name,
      address: licence.address
        .split(' ')
        .map((w) => (/^\d/.test(w) || /^[NSEW]$/.test(w) ? w : w[0] + w.slice(1).toLowerCase()))
        .join(' '),
      city:
        licence.city[0] +
        licence.city
          .slice(1)
          .toLowerCase()
          .replace(/ (\w)/g, (_, c: string) => ` ${c.toUpperCase()}`),
      zip: licence.zip,
      licence,
      contactName: `${first} ${last}`,
      contactEmail: `orders@${slug}.example.com`,
      contactPhone: licence.phone || phone,
      taxpayerNumber: `32${String(100_000_007 + i * 7_919).padStart(9, '0')}`,
      cashOnDelivery: i % 9 === 4,
      tierId: i % 5 === 1 ? tiers[0]!.id : i % 5 === 3 ? tiers[1]!.id : null,
      liquor,
      shopper: i % 3 === 0,
      paysAfter: rnd.pick([
        [7, 20],
        [14, 30],
        [20, 45],
        [25, 60],
      ] as [number, number][]),
      partial: rnd.pick([0, 0.05, 0.15]),
      favourites: [
        ...(liquor ? rnd.sample(byType(['LIQUOR']), rnd.int(8, 18)) : []),
        ...rnd.sample(byType(['WINE']), rnd.int(3, liquor ? 7 : 10)),
        ...rnd.sample(byType(['BEER']), rnd.int(3, 8)),
        ...rnd.sample(byType(['N/A']), rnd.int(2, 5)),
      ],
      weight: 0.4 + rnd.next() * 1.6,
    });
  });

  // --- the days --------------------------------------------------------------------------------------------
  const days: DemoDay[] = [];
  for (let day = firstDay; day <= addDays(lastDay, 3); day = addDays(day, 1))
    days.push({ date: day, morning: [], invoices: [], afternoon: [] });
  const dayOf = new Map(days.map((d) => [d.date, d]));
  const at = (day: string) => dayOf.get(day);

  // List-price changes through the year and a few customers' own prices.
  const listChanges = new Map<string, { day: string; priceCents: number }[]>();
  const customerChanges = new Map<string, { day: string; priceCents: number }[]>();
  const listPriceOn = (p: number, day: string) => {
    let price = products[p]!.priceCents;
    for (const change of listChanges.get(products[p]!.id) ?? [])
      if (change.day <= day) price = change.priceCents;
    return price;
  };
  const priceFor = (c: DemoCustomer, p: number, day: string) => {
    const own = (customerChanges.get(`${c.id}:${products[p]!.id}`) ?? []).filter((x) => x.day <= day).at(-1);
    if (own) return own.priceCents;
    const list = listPriceOn(p, day);
    const tier = tiers.find((t) => t.id === c.tierId);
    return tier ? raiseByBasisPoints(list, tier.percentage * 100) : list;
  };
  const priceChangeCount = Math.round(products.length * 0.3);
  for (const p of rnd.sample(
    products.map((_, i) => i),
    priceChangeCount,
  )) {
    const day = addDays(firstDay, rnd.int(20, HISTORY_DAYS - 10));
    const priceCents = Math.round(listPriceOn(p, day) * (1 + rnd.int(3, 9) / 100));
    listChanges.set(products[p]!.id, [{ day, priceCents }]);
    at(day)!.morning.push({ kind: 'listPrice', productId: products[p]!.id, priceCents });
  }
  for (let k = 0; k < Math.round(customers.length / 2); k++) {
    const c = customers[(k * 7) % customers.length]!;
    const p = rnd.pick(c.favourites);
    const key = `${c.id}:${products[p]!.id}`;
    if (customerChanges.has(key)) continue;
    const day = addDays(firstDay, rnd.int(15, HISTORY_DAYS - 20));
    const priceCents = Math.round(priceFor(c, p, day) * (1 - rnd.int(4, 10) / 100));
    customerChanges.set(key, [{ day, priceCents }]);
    at(day)!.morning.push({
      kind: 'customerPrice',
      productId: products[p]!.id,
      customerId: c.id,
      priceCents,
    });
  }

  // Invoices: on weekdays, each customer at most once a day, about `size.invoices` in all.
  const weekdays = days.filter((d) => weekday(d.date) !== 0 && weekday(d.date) !== 6).length;
  const totalWeight = customers.reduce((sum, c) => sum + c.weight, 0);
  const sold = new Map<string, number>(); // `${day}:${productId}` → units invoiced
  const invoices: {
    day: string;
    action: Extract<DemoAction, { kind: 'invoice' }>;
    customer: DemoCustomer;
  }[] = [];
  let sequence = 0;
  for (const day of days) {
    if (weekday(day.date) === 0 || weekday(day.date) === 6) continue;
    customers.forEach((c, ci) => {
      // A little over the size: some shoppers' orders are cancelled or rejected and never invoiced.
      const base = Math.min(0.9, (size.invoices * 1.06 * c.weight) / totalWeight / weekdays);
      // Shoppers order ahead for the coming days: those orders are still Placed when the demo opens.
      const p = c.shopper && day.date > lastDay ? Math.max(base, 0.35) : base;
      if (!rnd.chance(p)) return;
      const drawn = rnd.chance(c.liquor ? 0.3 : 0.45);
      // A retailer on the delinquent list is sold no liquor or wine on credit from its effective date: beer only.
      const listed = c.licence.delinquentFrom !== undefined && day.date >= c.licence.delinquentFrom;
      const beer = drawn || (listed && !c.cashOnDelivery);
      const pool = c.favourites.filter((i) => {
        const type = products[i]!.type;
        return beer ? type === 'BEER' || type === 'N/A' : type !== 'BEER';
      });
      const picked = rnd.sample(pool, rnd.int(2, Math.min(7, pool.length)));
      const lines = picked.map((i): InvoiceLine => {
        const product = products[i]!;
        const qty =
          product.type === 'LIQUOR'
            ? rnd.pick([1, 2, 3, 6, 6, 12])
            : product.type === 'WINE'
              ? rnd.pick([2, 3, 6, 12])
              : product.type === 'BEER'
                ? rnd.int(2, product.size.includes('24pk') ? 10 : 20)
                : rnd.int(1, 6);
        return { productId: product.id, qty, priceCents: priceFor(c, i, day.date) };
      });
      const key = `inv-${String(++sequence).padStart(5, '0')}`;
      // The Texas credit law: liquor and wine on credit are due on the statutory date; beer (cash on or before
      // delivery) and cash customers on delivery. The note opens with the same terms.
      const onDelivery = c.cashOnDelivery || beer;
      const termsNote = defaultInvoiceNote(
        paymentTermsNote(onDelivery ? 'on_delivery' : 'credit_law', day.date),
        COMPANY_NOTE,
      );
      // Shoppers order ahead: what they will be invoiced after the last day is still a placed order.
      const fromOrder = c.shopper && (day.date > lastDay || rnd.chance(0.45)) && day.date > firstDay;
      const action: Extract<DemoAction, { kind: 'invoice' }> = {
        kind: 'invoice',
        key,
        customerId: c.id,
        lines,
        dueOn: onDelivery ? null : statutoryDueDate(day.date),
        orderKey: fromOrder ? `ord-${key}` : null,
        note: rnd.chance(0.08)
          ? `${termsNote} ${rnd.pick(['Deliver to back door.', 'Call on arrival.', 'Leave with bar manager.'])}`
          : termsNote,
      };
      if (fromOrder) {
        const placedOn = at(addDays(day.date, -1) < lastDay ? addDays(day.date, -1) : lastDay)!;
        const cancelled = rnd.chance(0.04);
        const rejected = !cancelled && rnd.chance(0.03);
        placedOn.morning.push({
          kind: 'placeOrder',
          key: action.orderKey!,
          customer: ci,
          items: lines.map((l) => ({ productId: l.productId, qty: l.qty })),
          note: rnd.chance(0.2) ? 'Need it before the weekend, please.' : '',
        });
        if (cancelled || rejected) {
          if (day.date <= lastDay)
            day.morning.push(
              cancelled
                ? { kind: 'cancelOwnOrder', key: action.orderKey!, customer: ci }
                : { kind: 'rejectOrder', key: action.orderKey!, note: 'Out of stock on most items.' },
            );
          return;
        }
        // Some order invoices leave units out: the order stays Partially Invoiced.
        const last = lines.at(-1)!;
        if (lines.length > 1 && last.qty > 1 && rnd.chance(0.06)) last.qty = Math.floor(last.qty / 2);
      }
      if (day.date > lastDay) return; // an order placed for next week stays Placed
      day.invoices.push(action);
      invoices.push({ day: day.date, action, customer: c });
      for (const line of lines)
        sold.set(
          `${day.date}:${line.productId}`,
          (sold.get(`${day.date}:${line.productId}`) ?? 0) + line.qty,
        );
    });
  }
  // The days after the last one only served to place orders (on the last day) that stay Placed.
  days.splice(days.findIndex((d) => d.date > lastDay));

  // Statuses and payments of each invoice.
  let cancelledCount = 0;
  let paymentCount = 0;
  let emailCount = 0;
  let recent = 0;
  for (const { day, action, customer } of invoices) {
    const totalCents = action.lines.reduce((sum, line) => {
      const total = lineTotalCents(line.priceCents, line.qty);
      return sum + total + lineTaxCents(total, true, TAX_RATE_BASIS_POINTS);
    }, 0);
    const age = daysBetween(day, lastDay);
    // Whatever happens to an invoice happens a day or more after it: the seed reads it from the read models, which
    // it waits for at the end of each day.
    if (age < 1) continue;
    if (!action.orderKey && rnd.chance(0.025)) {
      at(addDays(day, rnd.int(1, Math.min(2, age))))!.afternoon.push({
        kind: 'status',
        invoiceKey: action.key,
        status: 'cancelled',
      });
      cancelledCount++;
      continue;
    }
    if (age <= 6 && rnd.chance(0.15)) {
      at(addDays(day, 1))!.afternoon.push({ kind: 'status', invoiceKey: action.key, status: 'draft' });
      continue;
    }
    if (rnd.chance(0.12))
      at(addDays(day, 1))!.afternoon.push({ kind: 'status', invoiceKey: action.key, status: 'delivered' });
    // About ten invoices of the last month were e-mailed (each e-mail prints its PDF: they are few).
    if (age <= 30 && ++recent % 15 === 0) {
      at(addDays(day, rnd.int(1, Math.min(age, 3))))!.afternoon.push({
        kind: 'email',
        invoiceKey: action.key,
        to: customer.contactEmail,
      });
      emailCount++;
    }
    const never = rnd.chance(0.03);
    const after = customer.cashOnDelivery ? 1 : rnd.int(customer.paysAfter[0], customer.paysAfter[1]);
    const paidOn = addDays(day, after);
    const dueOn = action.dueOn ?? day;
    if (never || paidOn > lastDay) {
      if (addDays(dueOn, 1) <= lastDay)
        at(addDays(dueOn, 1))!.afternoon.push({
          kind: 'status',
          invoiceKey: action.key,
          status: 'payment_due',
        });
      else if (addDays(dueOn, -5) <= lastDay && addDays(dueOn, -5) > day)
        at(addDays(dueOn, -5))!.afternoon.push({
          kind: 'status',
          invoiceKey: action.key,
          status: 'payment_due_soon',
        });
      continue;
    }
    const method = rnd.pick(['Check #', 'ACH', 'Cash', 'Check #']);
    const note = (n: number) => (method === 'Check #' ? `Check #${n}` : method);
    if (!customer.cashOnDelivery && rnd.chance(customer.partial) && after > 10) {
      const first = Math.round(totalCents * (0.4 + rnd.next() * 0.3));
      const firstOn = addDays(day, Math.floor(after / 2));
      at(firstOn)!.afternoon.push({
        kind: 'payment',
        invoiceKey: action.key,
        key: `${action.key}-1`,
        amountCents: first,
        note: note(rnd.int(1000, 9999)),
      });
      paymentCount++;
      if (rnd.chance(0.7)) {
        at(paidOn)!.afternoon.push({
          kind: 'payment',
          invoiceKey: action.key,
          key: `${action.key}-2`,
          amountCents: totalCents - first,
          note: note(rnd.int(1000, 9999)),
        });
        paymentCount++;
      }
      continue;
    }
    at(paidOn)!.afternoon.push({
      kind: 'payment',
      invoiceKey: action.key,
      key: `${action.key}-1`,
      amountCents: totalCents,
      note: note(rnd.int(1000, 9999)),
    });
    paymentCount++;
  }

  // Stamp rolls: a new roll before the stamps run low; a damaged strip of each new roll destroyed.
  let received = 0;
  let used = 0;
  let rolls = 0;
  for (const day of days) {
    const today = day.invoices.reduce(
      (sum, inv) =>
        sum +
        inv.lines.reduce(
          (s, l) => s + (products.find((p) => p.id === l.productId)!.type === 'LIQUOR' ? l.qty : 0),
          0,
        ),
      0,
    );
    if (received - used < 800 + today) {
      const from = 4_200_001 + rolls * STAMP_ROLL_SIZE;
      const to = from + STAMP_ROLL_SIZE - 1;
      rolls++;
      day.morning.unshift(
        { kind: 'receiveRoll', prefix: 'TX', from, to },
        {
          kind: 'destroyStamps',
          rollId: rolls,
          from: to - 39 - rolls * 10,
          to: to - 30 - rolls * 10,
          note: rolls % 2 ? 'Torn in shipping' : 'Water damage in the warehouse',
        },
      );
      received += STAMP_ROLL_SIZE - 10;
    }
    used += today;
  }

  // Inventory: an opening stock, then a restock per supplier every other Monday of what went out since the last.
  let purchaseOrder = 1000;
  const opening = at(firstDay)!;
  for (const supplier of DEMO_SUPPLIERS) {
    const items = products
      .filter((p) => p.supplier === supplier)
      .map((p) => ({ productId: p.id, qty: 24 + 6 * rnd.int(0, 8), costCents: p.costCents }));
    if (items.length > 0)
      opening.morning.push({
        kind: 'restock',
        key: `restock-open-${slugOf(supplier)}`,
        distributor: supplier,
        refNumber: `PO-${purchaseOrder++}`,
        items,
      });
  }
  for (const day of days) {
    // Every other Monday.
    if (weekday(day.date) !== 1 || day.date === firstDay || daysBetween(firstDay, day.date) % 14 >= 7)
      continue;
    for (const supplier of DEMO_SUPPLIERS) {
      const items = products
        .filter((p) => p.supplier === supplier)
        .map((p) => {
          let units = 0;
          for (let back = 1; back <= 14; back++)
            units += sold.get(`${addDays(day.date, -back)}:${p.id}`) ?? 0;
          // One product in eight is short at its supplier all year: its stock runs low, out, or below zero.
          const short = products.indexOf(p) % 8 === 3;
          const qty =
            Math.ceil((units * (short ? 0.55 + rnd.next() * 0.25 : 0.8 + rnd.next() * 0.45)) / 6) * 6;
          return { productId: p.id, qty, costCents: p.costCents };
        })
        .filter((item) => item.qty > 0);
      if (items.length > 0)
        day.morning.push({
          kind: 'restock',
          key: `restock-${day.date}-${slugOf(supplier)}`,
          distributor: supplier,
          refNumber: `PO-${purchaseOrder++}`,
          items,
        });
    }
  }

  const count = (kind: DemoAction['kind']) =>
    days.reduce(
      (n, d) => n + [...d.morning, ...d.invoices, ...d.afternoon].filter((a) => a.kind === kind).length,
      0,
    );
  return {
    size,
    company: {
      name: 'Hill Country Beverage Co.',
      address: '2710 E 5th St',
      city: 'Austin',
      state: 'TX',
      zip: '78702',
      tabcId: 'LP654321',
      subdomain: 'hillcountry',
      defaultInvoiceNote: COMPANY_NOTE,
      paymentTerms: 'credit_law',
      startingInvoiceNumber: 1001,
      stampThreshold: 1000,
      taxRate: TAX_RATE_BASIS_POINTS / 100,
      timeZone: 'America/Chicago',
    },
    tiers,
    products,
    customers,
    days,
    counts: {
      customers: customers.length,
      products: products.length,
      invoices: invoices.length,
      cancelled: cancelledCount,
      payments: paymentCount,
      emails: emailCount,
      orders: count('placeOrder'),
      restocks: count('restock'),
      rolls,
      priceChanges: count('listPrice') + count('customerPrice'),
    },
  };
}

const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The licence list the demo loads when no TABC list was imported: the shipped sample rows and the customers'. */
export function demoLicenceCsv(sampleCsv: string, customers: readonly DemoCustomer[]): string {
  const quote = (value: string) => (/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const rows = customers
    .filter(({ licence }) => !licence.sample)
    .map(({ licence: l }) =>
      [
        String(l.licenceId),
        l.masterFileId,
        l.type,
        l.status,
        '',
        '03/01/2019',
        '03/01/2025',
        '03/01/2025',
        l.status === 'Expired' ? '02/28/2025' : '02/28/2027',
        l.tradeName,
        l.owner,
        l.address,
        '',
        l.city,
        'TX',
        l.zip,
        l.county,
        l.phone,
        l.clp,
        '1',
      ]
        .map(quote)
        .join(','),
    );
  return `${sampleCsv.trimEnd()}\n${rows.join('\n')}\n`;
}
