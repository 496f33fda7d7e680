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
import { InventoryReader } from './queries/inventory.reader.js';

/** Inventory: stock, restock, cell edits, history and exports (as the client's specification asks). */
@Module({
  controllers: [InventoryController],
  providers: [
    InventoryReader,
    RestockInventoryHandler,
    AdjustInventoryHandler,
    InventoryGridHandler,
    InventoryCsvHandler,
    InventoryDistributorsHandler,
    InventoryStockHandler,
    InventoryStatsHandler,
    InventoryStatsCsvHandler,
  ],
})
export class InventoryModule {}
