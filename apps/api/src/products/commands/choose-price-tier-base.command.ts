import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class ChoosePriceTierBaseCommand extends Command<void> {
  constructor(
    readonly base: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
