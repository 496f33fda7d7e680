import { Module } from '@nestjs/common';
import { IntegrationPartners } from './partners.provider.js';
import { SyncRunner } from './sync-runner.js';
import { BottlePosController, CloverController } from './sync.controller.js';

/** Bottle POS and Clover: ports, local contract servers, syncs and their history (spec 001 §2–§8, issue 19). */
@Module({
  controllers: [BottlePosController, CloverController],
  providers: [IntegrationPartners, SyncRunner],
  exports: [IntegrationPartners, SyncRunner],
})
export class IntegrationsModule {}
