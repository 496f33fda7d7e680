import { Module } from '@nestjs/common';
import { AddPriceTierHandler } from './commands/add-price-tier.handler.js';
import { ChoosePriceTierBaseHandler } from './commands/choose-price-tier-base.handler.js';
import { CreateProductHandler } from './commands/create-product.handler.js';
import { DeleteProductHandler } from './commands/delete-product.handler.js';
import { RemovePriceTierHandler } from './commands/remove-price-tier.handler.js';
import { UpdatePriceTierHandler } from './commands/update-price-tier.handler.js';
import { UpdateProductHandler } from './commands/update-product.handler.js';
import { PriceTiersController } from './price-tiers.controller.js';
import { ProductsController } from './products.controller.js';
import { GetProductHandler } from './queries/get-product.handler.js';
import { ListProductsHandler } from './queries/list-products.handler.js';
import { ProductGridHandler } from './queries/product-grid.handler.js';
import { ProductPriceHandler } from './queries/product-price.handler.js';
import { ProductRecommendationHandler } from './queries/product-recommendation.handler.js';
import { ProductSuggestionsHandler } from './queries/product-suggestions.handler.js';
import { ProductReader } from './queries/product.reader.js';
import {
  CountTierCustomersHandler,
  GetPriceTierHandler,
  ListPriceTiersHandler,
  PriceTierSettingsHandler,
} from './queries/price-tiers.handler.js';

/** The product catalogue and price tiers (as the client's specification asks). */
@Module({
  // Static routes (grid, suggestions, price-tier/…) are matched before the parametric `product/:id`.
  controllers: [PriceTiersController, ProductsController],
  providers: [
    ProductReader,
    CreateProductHandler,
    UpdateProductHandler,
    DeleteProductHandler,
    GetProductHandler,
    ListProductsHandler,
    ProductGridHandler,
    ProductSuggestionsHandler,
    ProductRecommendationHandler,
    ProductPriceHandler,
    AddPriceTierHandler,
    UpdatePriceTierHandler,
    RemovePriceTierHandler,
    ChoosePriceTierBaseHandler,
    ListPriceTiersHandler,
    GetPriceTierHandler,
    CountTierCustomersHandler,
    PriceTierSettingsHandler,
  ],
})
export class ProductsModule {}
