// The customer grid with 20,000 customers (BENCH_CUSTOMERS) and the invoice builder's product
// suggestions with 50,000 products (BENCH_PRODUCTS), p95 latency of typical queries through the query handlers
// (the SQL the API runs, without HTTP). Targets: grid ≤ 50 ms, suggestions ≤ 20 ms.
//
//   benchCatalogue({ adminUrl })  — on a running Postgres (creates and drops its own database), or
//   benchCatalogue()              — starts an embedded Postgres in a temporary directory.
// Run alone: node dist/test/bench/bench-catalogue.js   (BENCH_EXPLAIN=1 also logs each grid query's plan)
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CustomerGridHandler,
  customerGridFor,
} from '../../apps/api/src/customers/queries/customer-grid.handler.js';
import { CustomerGridQuery } from '../../apps/api/src/customers/queries/customer-grid.query.js';
import { createPool } from '#infra/db/database.js';
import { startEmbeddedPostgres } from '#infra/db/embedded-postgres.js';
import { migrate } from '#infra/db/migrate.js';
import { buildGridQueries, parseGridRequest } from '#infra/grid/index.js';
import { ProductSuggestionsHandler } from '../../apps/api/src/products/queries/product-suggestions.handler.js';
import { ProductReader } from '../../apps/api/src/products/queries/product.reader.js';
import {
  ProductSuggestionsQuery,
  type SuggestionFilter,
} from '../../apps/api/src/products/queries/product-suggestions.query.js';
import type { ProductSuggestion } from '#domain/contracts/product.contract.js';
import {
  createDatabase,
  intFromEnv,
  log,
  num,
  p95Figure,
  pagingScenarios,
  runWhenMain,
  seconds,
  timeSamples,
  type BenchFigure,
  type GridScenario,
} from './bench-support.js';

const GRID_SAMPLES = 200;
const SUGGESTION_SAMPLES = 300;
const WARM_UP = 10;

// Word lists the synthetic catalogue and customers are built from (a distributor's catalogue repeats brands and
// kinds; establishments repeat words such as BAR, CLUB, LIQUOR).
const BRANDS =
  `TITO'S,SMIRNOFF,ABSOLUT,GREY GOOSE,KETEL ONE,CROWN ROYAL,JACK DANIEL'S,JIM BEAM,MAKER'S MARK,BULLEIT,
WILD TURKEY,BUFFALO TRACE,EAGLE RARE,WOODFORD RESERVE,KNOB CREEK,JAMESON,BUSHMILLS,JOHNNIE WALKER,DEWAR'S,
CHIVAS REGAL,GLENLIVET,GLENFIDDICH,MACALLAN,LAPHROAIG,BACARDI,CAPTAIN MORGAN,MALIBU,KRAKEN,MOUNT GAY,PATRON,
DON JULIO,CASAMIGOS,JOSE CUERVO,HORNITOS,ESPOLON,1800,SAUZA,HERRADURA,TANQUERAY,BOMBAY SAPPHIRE,BEEFEATER,
HENDRICK'S,SEAGRAM'S,HENNESSY,REMY MARTIN,COURVOISIER,E&J,BAILEYS,KAHLUA,DISARONNO,JAGERMEISTER,FIREBALL,
RUMPLE MINZE,GRAND MARNIER,COINTREAU,CAYMUS,SILVER OAK,JOSH CELLARS,KENDALL-JACKSON,LA CREMA,MEIOMI,
BAREFOOT,SUTTER HOME,CHATEAU ST MICHELLE,19 CRIMES,APOTHIC,BOGLE,ROBERT MONDAVI,BERINGER,CLOS DU BOIS,
MENAGE A TROIS,YELLOW TAIL,KIM CRAWFORD,SANTA MARGHERITA,LA MARCA,RUFFINO,MOET,VEUVE CLICQUOT,CHANDON,
STELLA ROSA,SHINER,BUD LIGHT,BUDWEISER,MICHELOB ULTRA,COORS LIGHT,MILLER LITE,MODELO,CORONA,DOS EQUIS,
HEINEKEN,STELLA ARTOIS,BLUE MOON,LONE STAR,KARBACH,SAINT ARNOLD,REAL ALE,JESTER KING,LIVE OAK,ZIEGENBOCK,
WHITE CLAW,TRULY,HIGH NOON,TOPO CHICO,TWISTED TEA,ANGRY ORCHARD,SIMPLY SPIKED,FOUR ROSES,OLD FORESTER,
ELIJAH CRAIG,EVAN WILLIAMS,HEAVEN HILL,LARCENY,BLANTON'S,WELLER,PAPPY VAN WINKLE,BASIL HAYDEN,BOOKER'S,
GARRISON BROTHERS,BALCONES,RANGER CREEK,DEEP EDDY,WESTERN SON,DRIPPING SPRINGS,GRAHAM'S,TAYLOR FLADGATE`
    .split(',')
    .map((brand) => brand.trim());
const KINDS = `VODKA,CITRUS VODKA,VANILLA VODKA,BOURBON,SMALL BATCH BOURBON,SINGLE BARREL BOURBON,RYE WHISKEY,
TENNESSEE WHISKEY,IRISH WHISKEY,BLENDED SCOTCH,SINGLE MALT SCOTCH 12 YR,SINGLE MALT SCOTCH 18 YR,SPICED RUM,
WHITE RUM,GOLD RUM,COCONUT RUM,BLANCO TEQUILA,REPOSADO TEQUILA,ANEJO TEQUILA,LONDON DRY GIN,COGNAC VS,COGNAC VSOP,
IRISH CREAM,COFFEE LIQUEUR,AMARETTO,CINNAMON WHISKY,PEPPERMINT SCHNAPPS,ORANGE LIQUEUR,CABERNET SAUVIGNON,
PINOT NOIR,MERLOT,CHARDONNAY,SAUVIGNON BLANC,PINOT GRIGIO,RIESLING,MOSCATO,RED BLEND,ROSE,PROSECCO,CHAMPAGNE BRUT,
PORT,LAGER,LIGHT LAGER,IPA,HAZY IPA,AMBER ALE,STOUT,WHEAT BEER,PILSNER,HARD SELTZER,HARD CIDER,HARD TEA`
  .split(',')
  .map((kind) => kind.trim());
const EDITIONS = [
  '',
  ' RESERVE',
  ' LIMITED EDITION',
  ' SELECT',
  ' PRIVATE BARREL',
  ' HOLIDAY PACK',
  ' NO 2',
  ' CLASSIC',
];
const SIZES = [
  '50ml',
  '200ml',
  '375ml',
  '750ml',
  '1L',
  '1.75L',
  '12oz 6pk',
  '12oz 12pk',
  '16oz 4pk',
  '19.2oz',
];
const TYPES = ['LIQUOR', 'LIQUOR', 'LIQUOR', 'WINE', 'BEER', 'N/A'];
const DISTRIBUTORS = ['REPUBLIC NATIONAL', 'SOUTHERN GLAZERS', 'BREAKTHRU', 'JOHNSON BROTHERS', null];

const NAME_WORDS =
  `RUSTY,LONE STAR,BLUEBONNET,ARMADILLO,ALAMO,RIVER WALK,MESQUITE,LONGHORN,PECAN,CACTUS,COWBOY,HILL COUNTRY,
GULF COAST,PINEY WOODS,RED RIVER,SILVER SPUR,GOLDEN,OLD TOWN,MAIN STREET,SIXTH STREET,DEEP ELLUM,CONGRESS,
BARTON SPRINGS,SOUTH CONGRESS,LAKE TRAVIS,BIG BEND,PANHANDLE,PRAIRIE,BRAZOS,GUADALUPE,SAN JACINTO,TRINITY,
PEDERNALES,FRIO,LLANO,HIGHLAND,EAST SIDE,WEST END,NORTH STAR,SOUTHERN CROSS`
    .split(',')
    .map((word) => word.trim());
const PLACES = [
  'NAIL',
  'SALOON',
  'TAVERN',
  'LIQUOR',
  'WINE & SPIRITS',
  'ICE HOUSE',
  'CANTINA',
  'PUB',
  'GRILL',
  'CLUB',
  'BEER GARDEN',
  'PACKAGE STORE',
  'MARKET',
  'SPORTS BAR',
  'LOUNGE',
  'BISTRO',
  'HOTEL BAR',
  'DANCE HALL',
];
const CITIES = [
  'AUSTIN',
  'HOUSTON',
  'DALLAS',
  'SAN ANTONIO',
  'FORT WORTH',
  'EL PASO',
  'ARLINGTON',
  'CORPUS CHRISTI',
  'PLANO',
  'LUBBOCK',
  'LAREDO',
  'IRVING',
  'GARLAND',
  'FRISCO',
  'MCKINNEY',
  'AMARILLO',
  'GRAND PRAIRIE',
  'BROWNSVILLE',
  'KILLEEN',
  'PASADENA',
  'MESQUITE',
  'MCALLEN',
  'WACO',
  'DENTON',
  'MIDLAND',
  'ABILENE',
  'ODESSA',
  'ROUND ROCK',
  'TYLER',
  'COLLEGE STATION',
  'SAN MARCOS',
  'BEAUMONT',
  'GALVESTON',
  'NEW BRAUNFELS',
  'GEORGETOWN',
];
const LICENCES = ['MB', 'BG', 'BQ', 'N', 'P', 'BF'];

/** What a user has typed after `n` characters of a name (at least 3 that count: 'LA ' is not yet a search). */
const typedStart = (name: string, n: number) => {
  let typed = name.slice(0, n);
  while (typed.trim().length < 3 && typed.length < name.length) typed = name.slice(0, typed.length + 1);
  return typed.toLowerCase();
};

/** A small deterministic random number generator (the bench picks the same queries every run). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Seeded {
  companyId: string;
  otherCompanyId: string;
  tierCustomerId: string;
  products: { id: string; product: string; upc: string }[];
}

async function seed(url: string, customers: number, products: number): Promise<Seeded> {
  const pool = createPool(url, 4, 'stampline-bench-catalogue');
  const companyId = randomUUID();
  const otherCompanyId = randomUUID();
  const baseTierId = randomUUID();
  const tierIds = [randomUUID(), randomUUID(), randomUUID()];
  try {
    for (const [id, name] of [
      [companyId, 'Lone Star Spirits'],
      [otherCompanyId, 'Other Distributor'],
    ] as const) {
      await pool.query(
        `INSERT INTO rm_company (id, company_id, name, owner_user_id, time_zone, registered_at, updated_at, features, revision)
         VALUES ($1, $1, $2, $3, 'America/Chicago', now(), now(), $4, 1)`,
        [
          id,
          name,
          randomUUID(),
          JSON.stringify({
            tiered_pricing: { active: true, ignore_pricing: false, switched_off: false, requested_at: null },
          }),
        ],
      );
    }
    await pool.query(
      `INSERT INTO rm_price_tier (id, company_id, name, percentage_basis_points, color, is_base_tier, position, created_at, updated_at, revision)
       SELECT t.id, $1, t.name, t.bp, t.color, t.base, t.pos, now(), now(), t.pos
       FROM unnest($2::uuid[], $3::text[], $4::int[], $5::text[], $6::boolean[], $7::bigint[]) AS t(id, name, bp, color, base, pos)`,
      [
        companyId,
        [baseTierId, ...tierIds],
        ['Base', 'Tier 1', 'Tier 2', 'Tier 3'],
        [0, 1000, 1500, 2500],
        ['grey', 'red', 'pink', 'purple'],
        [true, false, false, false],
        [1, 2, 3, 4],
      ],
    );

    // Customers: the company's and a quarter as many of another company's (the tenancy filter has to work).
    log(`catalogue: writing ${num(customers)} customers`);
    const t0 = performance.now();
    for (const [company, count] of [
      [companyId, customers],
      [otherCompanyId, Math.ceil(customers / 4)],
    ] as const) {
      await pool.query(
        `INSERT INTO rm_customer (id, company_id, name, address, city, state, zip, tabc_id, display_tabc_id, tabc_key,
            aims_id, aims_license_type, contact_name, contact_email, contact_phone, cash_on_delivery, fintech_option,
            product_price_tier_id, service_start, color_index, created_at, updated_at, removed_at, revision)
         SELECT gen_random_uuid(), $1,
                CASE WHEN g % 3 = 0 THEN 'THE ' ELSE '' END || ($2::text[])[1 + g % cardinality($2)] || ' '
                  || ($3::text[])[1 + (g / 7) % cardinality($3)] || CASE WHEN g % 5 = 0 THEN ' #' || (g % 97) ELSE '' END,
                (100 + g % 9800) || ' ' || ($2::text[])[1 + (g / 3) % cardinality($2)] || ' ST',
                ($4::text[])[1 + (g / 11) % cardinality($4)], 'TX', lpad((75001 + g % 4000)::text, 5, '0'),
                ($5::text[])[1 + g % cardinality($5)] || lpad((g * 7919 % 1000000)::text, 6, '0'),
                ($5::text[])[1 + g % cardinality($5)] || lpad((g * 7919 % 1000000)::text, 6, '0'),
                ($5::text[])[1 + g % cardinality($5)] || lpad((g * 7919 % 1000000)::text, 6, '0'),
                NULL, NULL, CASE WHEN g % 4 = 0 THEN NULL ELSE 'Contact ' || g END,
                CASE WHEN g % 2 = 0 THEN 'owner' || g || '@example.test' END, '512-555-' || lpad((g % 10000)::text, 4, '0'),
                g % 9 = 0, g % 13 = 0,
                CASE WHEN g % 4 = 0 THEN NULL ELSE ($6::uuid[])[1 + g % cardinality($6)] END,
                date '2020-01-01' + (g % 2000), g % 13,
                timestamptz '2024-01-01' + g * interval '17 minutes', timestamptz '2024-01-01' + g * interval '17 minutes',
                CASE WHEN g % 50 = 0 THEN now() END, 0
         FROM generate_series(1, $7::int) AS g`,
        [company, NAME_WORDS, PLACES, CITIES, LICENCES, [baseTierId, ...tierIds], count],
      );
    }
    const [{ id: tierCustomerId }] = (
      await pool.query(
        `SELECT id FROM rm_customer WHERE company_id = $1 AND product_price_tier_id = $2 AND removed_at IS NULL LIMIT 1`,
        [companyId, tierIds[0]],
      )
    ).rows;
    log(`catalogue: customers written in ${num(seconds(t0), 1)} s; writing ${num(products)} products`);

    // Products: brand × kind × edition, with sizes, UPCs, internal SKUs, and a few price changes (some of them for
    // the tier customer, some scheduled) so pricing reads real jsonb.
    const t1 = performance.now();
    for (const [company, count] of [
      [companyId, products],
      [otherCompanyId, Math.ceil(products / 5)],
    ] as const) {
      await pool.query(
        `INSERT INTO rm_product (id, company_id, product, product_size, product_type, upc, internal_sku, distributor,
            ydk_product_id, last_purchase_price_cents, reorder_level, reorder_qty, reorder_time_in_days,
            initial_price_cents, price_cents, price_as_of, next_price_on, effective_on, price_changes, archived,
            archived_at, deleted_at, same_key, search, created_at, updated_at, revision)
         SELECT id, $1, name, size, type, upc, sku, ($6::text[])[1 + g % cardinality($6)], NULL, cost,
                NULL, NULL, NULL, price, price, date '2026-01-01',
                CASE WHEN g % 20 = 0 THEN date '2030-01-01' END, NULL,
                CASE
                  WHEN g % 20 = 0 THEN jsonb_build_array(jsonb_build_object('customer_id', NULL,
                    'old_price_cents', price, 'new_price_cents', price + 100, 'effective_on', '2030-01-01',
                    'changed_on', '2026-01-01', 'created_at', '2026-01-01T12:00:00Z'))
                  WHEN g % 7 = 0 THEN jsonb_build_array(jsonb_build_object('customer_id', $8::text,
                    'old_price_cents', price, 'new_price_cents', price - 50, 'effective_on', '2026-01-01',
                    'changed_on', '2026-01-01', 'created_at', '2026-01-01T12:00:00Z'))
                  ELSE '[]'::jsonb END,
                g % 40 = 0, CASE WHEN g % 40 = 0 THEN now() END, CASE WHEN g % 97 = 0 THEN now() END,
                name || '|' || upper(replace(size, ' ', '')) || '|' || type,
                upper(name || ' ' || upc || coalesce(' ' || sku, '')),
                now(), now(), 0
         FROM (
           SELECT g, gen_random_uuid() AS id,
                  ($2::text[])[1 + g % cardinality($2)] || ' ' || ($3::text[])[1 + (g / cardinality($2)) % cardinality($3)]
                    || ($4::text[])[1 + (g / (cardinality($2) * cardinality($3))) % cardinality($4)] AS name,
                  ($5::text[])[1 + (g * 7) % cardinality($5)] AS size,
                  ($7::text[])[1 + g % cardinality($7)] AS type,
                  lpad(((g::bigint * 104729 + 12345) % 1000000000000)::text, 12, '0') AS upc,
                  CASE WHEN g % 3 = 0 THEN 'SKU-' || g END AS sku,
                  500 + (g * 37) % 20000 AS cost,
                  700 + (g * 37) % 20000 + (g % 500) AS price
           FROM generate_series(1, $9::int) AS g
         ) p`,
        [company, BRANDS, KINDS, EDITIONS, SIZES, DISTRIBUTORS.filter(Boolean), TYPES, tierCustomerId, count],
      );
    }
    await pool.query('VACUUM ANALYZE rm_customer');
    await pool.query('VACUUM ANALYZE rm_product');
    log(`catalogue: products written and analysed in ${num(seconds(t1), 1)} s`);
    const { rows } = await pool.query(
      `SELECT id, product, upc FROM rm_product WHERE company_id = $1 AND deleted_at IS NULL AND NOT archived`,
      [companyId],
    );
    return { companyId, otherCompanyId, tierCustomerId, products: rows };
  } finally {
    await pool.end();
  }
}

/** The customer grid: a first page, paging, the filters and sorts people use. */
async function benchCustomerGrid(url: string, seeded: Seeded, customers: number): Promise<BenchFigure[]> {
  const pool = createPool(url, 4, 'stampline-bench-catalogue');
  const handler = new CustomerGridHandler(pool);
  const current = customers - Math.floor(customers / 50);
  const filter = (model: Record<string, unknown>) => JSON.stringify(model);
  const scenarios: GridScenario[] = [
    ...pagingScenarios('name', current),
    {
      name: "name contains 'sal' (one word of many)",
      params: {
        startRow: '0',
        endRow: '25',
        filterModel: filter({ name: { filterType: 'text', type: 'contains', filter: 'sal' } }),
      },
      check: (r) => r.rows.length === 25 && r.count > 25 && r.count < current,
    },
    {
      name: "name contains 'lone star sal' (few rows)",
      params: {
        startRow: '0',
        endRow: '25',
        filterModel: filter({ name: { filterType: 'text', type: 'contains', filter: 'lone star sal' } }),
      },
      check: (r) => r.count > 0 && r.count < 200,
    },
    {
      name: 'TABC id starts with MB12',
      params: {
        startRow: '0',
        endRow: '25',
        filterModel: filter({ tabc_id: { filterType: 'text', type: 'startsWith', filter: 'MB12' } }),
      },
      check: (r) => r.count > 0,
    },
    {
      name: 'city is Austin, sorted by name desc',
      params: {
        startRow: '0',
        endRow: '50',
        filterModel: filter({ city: { filterType: 'text', type: 'equals', filter: 'austin' } }),
        sortModel: JSON.stringify([{ colId: 'name', sort: 'desc' }]),
      },
      check: (r) => r.rows.length === 50 && r.count > 50,
    },
    {
      name: 'sorted by city, cash on delivery only',
      params: {
        startRow: '0',
        endRow: '25',
        filterModel: filter({ cash_on_delivery: { filterType: 'set', values: ['true'] } }),
        sortModel: JSON.stringify([{ colId: 'city', sort: 'asc' }]),
      },
      check: (r) => r.rows.length === 25,
    },
  ];
  const figures: BenchFigure[] = [];
  const all: number[] = [];
  for (const scenario of scenarios) {
    if (process.env.BENCH_EXPLAIN) {
      // The plans, for whoever tunes this (BENCH_EXPLAIN=1).
      const grid = customerGridFor(scenario.params);
      const queries = buildGridQueries(grid, parseGridRequest(grid, scenario.params), seeded.companyId);
      for (const sql of [queries.rows, queries.count]) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, sql.values);
        log(`${scenario.name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
    const { latenciesMs, ok } = await timeSamples(
      GRID_SAMPLES,
      WARM_UP,
      () => handler.execute(new CustomerGridQuery(seeded.companyId, scenario.params)),
      scenario.check,
    );
    all.push(...latenciesMs);
    figures.push(
      p95Figure({
        section: 'catalogue',
        measure: `customer grid, ${num(customers)} customers: ${scenario.name}`,
        latenciesMs,
        targetMs: 50,
        ok,
      }),
    );
  }
  figures.push(
    p95Figure({
      section: 'catalogue',
      measure: `customer grid, ${num(customers)} customers: all the queries above`,
      latenciesMs: all,
      targetMs: 50,
      ok: figures.every((f) => f.check === 'ok'),
      withMax: true,
    }),
  );
  await pool.end();
  return figures;
}

/** Product suggestions as the invoice builder asks for them while a user types or scans. */
async function benchSuggestions(url: string, seeded: Seeded, products: number): Promise<BenchFigure[]> {
  const pool = createPool(url, 4, 'stampline-bench-catalogue');
  const handler = new ProductSuggestionsHandler(new ProductReader(pool));
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const now = new Date().toISOString();
  const excluded = seeded.products.slice(0, 10).map((p) => p.id);
  const kinds: {
    name: string;
    filter: () => Partial<SuggestionFilter>;
    check: (result: ProductSuggestion[], filter: Partial<SuggestionFilter>) => boolean;
  }[] = [
    {
      name: 'first 3–5 letters of a brand',
      filter: () => ({ query: typedStart(pick(BRANDS), 3 + Math.floor(next() * 3)) }),
      check: (r) => r.length > 0 && r.length <= 20,
    },
    {
      name: 'a word inside the name (vodka, ipa, cabernet …)',
      filter: () => ({
        query: pick([
          'vodka',
          'ipa',
          'cabernet',
          'reserve',
          'rum',
          'single malt',
          'tequila',
          'lager',
          'rose',
        ]),
      }),
      check: (r) => r.length === 20,
    },
    {
      name: 'brand and kind typed out',
      filter: () => ({ query: `${pick(BRANDS)} ${pick(KINDS).split(' ')[0]}`.toLowerCase() }),
      check: (r) => r.length <= 20,
    },
    {
      name: 'a scanned UPC (exact)',
      filter: () => ({ query: pick(seeded.products).upc }),
      check: (r, f) => r.length >= 1 && r[0]!.upc === f.query && r[0]!.match === 'upc',
    },
    {
      name: 'the first 7 digits of a UPC',
      filter: () => ({ query: pick(seeded.products).upc.slice(0, 7) }),
      check: (r) => r.length >= 1,
    },
    {
      name: 'for a customer on a tier, 10 lines excluded',
      filter: () => ({
        query: typedStart(pick(BRANDS), 4),
        customerId: seeded.tierCustomerId,
        excludeIds: excluded,
      }),
      check: (r) => r.every((s) => s.price_source !== 'list' && !excluded.includes(s.id)),
    },
    {
      name: 'no match',
      filter: () => ({ query: `zzq${Math.floor(next() * 1000)}` }),
      check: (r) => r.length === 0,
    },
  ];
  const figures: BenchFigure[] = [];
  const all: number[] = [];
  let allOk = true;
  for (const kind of kinds) {
    const latencies: number[] = [];
    let ok = true;
    for (let i = 0; i < SUGGESTION_SAMPLES; i++) {
      const partial = kind.filter();
      const filter: SuggestionFilter = {
        query: '',
        excludeIds: [],
        excludeSourceIds: [],
        limit: 20,
        ...partial,
      };
      const q0 = performance.now();
      const result = await handler.execute(new ProductSuggestionsQuery(seeded.companyId, filter, now));
      latencies.push(performance.now() - q0);
      if (!kind.check(result, filter)) {
        if (ok) log(`catalogue: check failed for '${kind.name}' with ${JSON.stringify(partial)}`);
        ok = false;
      }
    }
    const kept = latencies.slice(WARM_UP);
    all.push(...kept);
    allOk &&= ok;
    figures.push(
      p95Figure({
        section: 'catalogue',
        measure: `suggestions, ${num(products)} products: ${kind.name}`,
        latenciesMs: kept,
        targetMs: 20,
        ok,
      }),
    );
  }
  figures.push({
    ...p95Figure({
      section: 'catalogue',
      measure: `suggestions, ${num(products)} products: all the queries above`,
      latenciesMs: all,
      targetMs: 20,
      ok: allOk,
      withMax: true,
    }),
    note: 'each request: company settings + the customer’s tier, the name-prefix (or exact UPC) step, the contains step when the page is not full, prices for the ids found',
  });
  // Tenancy, for the record: the other company sees none of these products.
  const other = await handler.execute(
    new ProductSuggestionsQuery(
      seeded.otherCompanyId,
      { query: seeded.products[0]!.upc, excludeIds: [], excludeSourceIds: [], limit: 20 },
      now,
    ),
  );
  if (other.some((s) => s.id === seeded.products[0]!.id)) {
    figures.forEach((f) => (f.check = 'FAILED'));
    log('catalogue: another company found a product of the bench company');
  }
  await pool.end();
  return figures;
}

/** The figures. With `adminUrl`, runs on that Postgres (creating and dropping its database). */
export async function benchCatalogue(options: { adminUrl?: string } = {}): Promise<BenchFigure[]> {
  const customers = intFromEnv('BENCH_CUSTOMERS', 20_000);
  const products = intFromEnv('BENCH_PRODUCTS', 50_000);
  let dir: string | undefined;
  let stop: (() => Promise<void>) | undefined;
  let adminUrl = options.adminUrl;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'stampline-bench-catalogue-'));
    chmodSync(dir, 0o755); // as root the server runs as the OS user postgres, which must reach the directory
    const server = await startEmbeddedPostgres(join(dir, 'pg'), { persistent: false });
    adminUrl = server.url;
    stop = () => server.stop();
  }
  try {
    const url = await createDatabase(adminUrl, 'bench_catalogue');
    const write = process.stdout.write;
    process.stdout.write = (() => true) as typeof process.stdout.write; // the migrator's progress
    try {
      await migrate(url);
    } finally {
      process.stdout.write = write;
    }
    const seeded = await seed(url, customers, products);
    const loadBefore = loadavg()[0]!;
    const figures = [
      ...(await benchCustomerGrid(url, seeded, customers)),
      ...(await benchSuggestions(url, seeded, products)),
    ];
    figures.push({
      section: 'catalogue',
      measure: 'machine',
      value: `${cpus().length} CPUs; 1-min load average ${num(loadBefore, 2)} before, ${num(loadavg()[0]!, 2)} after`,
      check: '-',
      note: 'other work on the machine stretches the tails (p95) first: compare p50 when the load average exceeds the CPUs',
    });
    const admin = createPool(adminUrl, 1);
    await admin.query(`DROP DATABASE IF EXISTS "bench_catalogue" WITH (FORCE)`);
    await admin.end();
    return figures;
  } finally {
    await stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, benchCatalogue);
