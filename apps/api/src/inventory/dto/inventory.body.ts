import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { INVENTORY_FIELDS, type InventoryField } from '#domain/inventory/inventory.events.js';

/** PUT /inventory/{id}: one cell. `old` is the value the cell showed (qty moves by value − old). */
export class AdjustInventoryBody {
  @ApiProperty({ enum: INVENTORY_FIELDS })
  @IsIn(INVENTORY_FIELDS, { message: `field must be one of ${INVENTORY_FIELDS.join(', ')}` })
  field!: InventoryField;

  @ApiProperty({
    example: 30,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    description: 'The new value (a number for every field but distributor)',
  })
  @IsDefined({ message: 'value is required' })
  value!: unknown;

  @ApiPropertyOptional({
    example: 24,
    oneOf: [{ type: 'number' }, { type: 'string' }],
    description: 'The value the cell showed before the edit; default: the current value of the row',
  })
  @IsOptional()
  old?: unknown;
}

/** Lines of one restock: values as typed (the decider checks them, every line at once). */
export class RestockItemBody {
  @ApiProperty({ example: '8674697a-0a9b-475e-8a6d-ed49f8ef598d' })
  @IsUUID('all', { message: 'product_id must be a product' })
  product_id!: string;

  @ApiProperty({ oneOf: [{ type: 'number' }, { type: 'string' }], example: 24 })
  @IsDefined({ message: 'qty is required' })
  qty!: unknown;

  @ApiPropertyOptional({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 12.5,
    description: 'Item Cost (dollars)',
  })
  @IsOptional()
  item_cost?: unknown;
}

/** PUT /inventory: a restock. An Idempotency-Key header makes a retried Save add its units once. */
export class RestockBody {
  @ApiProperty({ type: [RestockItemBody] })
  @IsArray({ message: 'items must be a list' })
  @ArrayMaxSize(5000, { message: 'A restock holds at most 5000 items' })
  @ValidateNested({ each: true })
  @Type(() => RestockItemBody)
  items!: RestockItemBody[];

  @ApiPropertyOptional({
    example: 'PO-1042',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    description: 'PO/Invoice/Reference Number',
  })
  @IsOptional()
  ref_number?: unknown;

  @ApiPropertyOptional({ example: "Southern Glazer's", oneOf: [{ type: 'number' }, { type: 'string' }] })
  @IsOptional()
  distributor?: unknown;
}
