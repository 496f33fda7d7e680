import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** An uploaded file for the logo manager; the handler checks it is an image before anything is kept. */
export class AddLogoCommand extends Command<void> {
  constructor(
    readonly data: { logoId: string; originalName: string; content: Buffer },
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
