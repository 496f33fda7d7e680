import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { allProjections } from '#projections/index.js';
import { printStatus, rebuildWithProgressBar } from '#engine';
import { AppModule } from '../../api/src/app.module.js';
import { AuthService } from '../../api/src/auth/auth.service.js';
import { loadConfig } from '../../api/src/infra/config/config.js';
import { startRuntime } from '../../api/src/runtime.js';
import { DEMO_LOGIN, seedDemo, seededLine, timingLine } from '../../api/src/seed.js';
import { backupCommand, BACKUP_USAGE, restoreCommand, RESTORE_USAGE } from './backup.command.js';
import { auditVerify, AUDIT_VERIFY_USAGE } from './audit-verify.command.js';
import { featuresSet, FEATURES_SET_USAGE } from './features-set.command.js';
import { stampsRecord, STAMPS_RECORD_USAGE } from './stamps-record.command.js';
import { stampsReplay, STAMPS_REPLAY_USAGE } from './stamps-replay.command.js';
import { tabcImport, TABC_IMPORT_USAGE } from './tabc-import.command.js';
import { taxpayersImport, TAXPAYERS_IMPORT_USAGE } from './taxpayers-import.command.js';

const USAGE = `Usage: node dist/apps/cli/src/main.js <command>
  migrate                       apply pending migrations
  projections:status            each projection's checkpoint, lag and error
  projections:rebuild [name]    rebuild one projection (or all) into fresh tables, then swap them in
  seed                          create the demo company if it is missing
  login-link --email <e-mail>   print a single-use sign-in link (valid 23 h)
  ${FEATURES_SET_USAGE}
                                the provider's team switches a company feature on or off
  ${TABC_IMPORT_USAGE}
                                load the TABC licence list and/or credit-law delinquent list (replaces them)
  ${TAXPAYERS_IMPORT_USAGE}
                                fill customers' empty Comptroller taxpayer numbers from the mixed beverage receipts
  ${STAMPS_REPLAY_USAGE}
                                replay a company's stamp ledger to an instant: each roll's ranges and totals
  ${BACKUP_USAGE}
                                the event store, the plain tables and the uploaded files as of one instant
  ${RESTORE_USAGE}
                                load a backup into an empty database and rebuild every projection
  ${STAMPS_RECORD_USAGE}
                                the TABC stamp transaction record of a period, replayed as of an instant
  ${AUDIT_VERIFY_USAGE}
                                recompute a company's event hash chain; name its first broken link`;

/** The same modules as the API, without HTTP. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const runtime = await startRuntime(loadConfig(), {
    // The demo seed's commands read read models (products, customers, invoices): it runs the projections.
    runProjections: command === 'seed',
    log: (line) => console.log(line),
    debug: (line) => console.log(line),
  });
  try {
    switch (command) {
      case 'migrate':
        console.log('Migrations are up to date.');
        return 0;
      case 'projections:status':
        await printStatus(runtime.projections);
        return 0;
      case 'projections:rebuild': {
        const wanted = rest.filter((arg) => !arg.startsWith('-'));
        const unknown = wanted.filter((name) => !allProjections.some((p) => p.name === name));
        if (unknown.length) {
          console.error(
            `Unknown projection: ${unknown.join(', ')}. Known: ${allProjections.map((p) => p.name).join(', ')}`,
          );
          return 1;
        }
        for (const projection of allProjections.filter(
          (p) => wanted.length === 0 || wanted.includes(p.name),
        )) {
          await rebuildWithProgressBar(runtime.pool, runtime.store, projection);
        }
        return 0;
      }
      case 'seed':
      case 'login-link':
      case 'features:set':
      case 'tabc:import':
      case 'taxpayers:import': {
        const app = await NestFactory.createApplicationContext(AppModule.forRoot(runtime), {
          logger: ['error'],
        });
        try {
          if (command === 'features:set') return await featuresSet(app, rest);
          if (command === 'tabc:import') return await tabcImport(app, rest);
          if (command === 'taxpayers:import') return await taxpayersImport(app, runtime.pool, rest);
          if (command === 'seed') {
            const seeded = await seedDemo(app, runtime.pool, { invoices: runtime.config.seedDemoInvoices });
            console.log(
              seeded
                ? `${seededLine(seeded)}\n${timingLine(seeded)}\nDemo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`
                : 'Demo company exists already.',
            );
            return 0;
          }
          const email = rest[rest.indexOf('--email') + 1];
          if (!rest.includes('--email') || !email) {
            console.error('login-link needs --email <e-mail>');
            return 1;
          }
          console.log(await app.get(AuthService).issueLoginLink(email, new Date().toISOString()));
          return 0;
        } finally {
          await app.close();
        }
      }
      case 'stamps:replay':
        return await stampsReplay(runtime.store, rest);
      case 'backup':
        return await backupCommand(runtime, rest);
      case 'restore':
        return await restoreCommand(runtime, rest);
      case 'audit:verify':
        return await auditVerify(runtime.store, rest);
      case 'stamps:record':
        return await stampsRecord(runtime.store, runtime.pool, rest);
      default:
        console.error(`Unknown command: ${command}\n${USAGE}`);
        return 1;
    }
  } finally {
    await runtime.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
