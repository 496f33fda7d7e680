import { Module } from '@nestjs/common';
import { AdjustInventoryHandler, RestockInventoryHandler } from './commands/inventory.handlers.js';
import { InventoryController } from './inventory.controller.js';
import { InventoryStatsCsvHandler, InventoryStatsHandler } from './queries/inventory-stats.js';
import {
  InventoryCsvHandler,
  InventoryDistributorsHandler,
  InventoryGridHandler,
  InventoryStockHandler,
} from './queries/inventory.queries.js';
import { InventoryCompanyZoneReader } from './queries/company-zone.reader.js';

/** Inventory: stock, restock, cell edits, history and exports (as the client's specification asks). */
@Module({
  controllers: [InventoryController],
  providers: [
    RestockInventoryHandler,
    AdjustInventoryHandler,
    InventoryGridHandler,
    InventoryCsvHandler,
    InventoryDistributorsHandler,
    InventoryStockHandler,
    InventoryStatsHandler,
    InventoryStatsCsvHandler,
    InventoryCompanyZoneReader,
  ],
})
export class InventoryModule {}
