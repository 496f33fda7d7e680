import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

export class ChooseDefaultLogoCommand extends Command<void> {
  constructor(
    readonly logoId: string,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
