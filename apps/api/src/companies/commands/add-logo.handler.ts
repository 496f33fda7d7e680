import { BadRequestException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '#engine';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { sniffImage } from '../../infra/files/image-sniffer.js';
import { AddLogoCommand } from './add-logo.command.js';
import { companyDecision } from './company.decisions.js';

export const LOGO_NOT_AN_IMAGE = 'The logo must be a PNG, JPEG, GIF or WebP image.';

/** Keeps the file first, then records it; a refused or failed decision removes the file again. */
@CommandHandler(AddLogoCommand)
export class AddLogoHandler implements ICommandHandler<AddLogoCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
  ) {}

  async execute({ data, metadata }: AddLogoCommand): Promise<void> {
    const image = sniffImage(data.content);
    if (!image) {
      throw new BadRequestException({
        statusCode: 400,
        message: LOGO_NOT_AN_IMAGE,
        details: [{ field: 'logo', message: LOGO_NOT_AN_IMAGE }],
      });
    }
    const storageKey = `companies/${metadata.companyId}/logos/${data.logoId}.${image.extension}`;
    const logo = {
      companyId: metadata.companyId,
      logoId: data.logoId,
      originalName: data.originalName,
      storageKey,
      mimeType: image.mimeType,
      sizeBytes: data.content.length,
      width: image.width,
      height: image.height,
    };
    await this.files.put(storageKey, data.content);
    try {
      await this.events.run(
        companyDecision(metadata.companyId, { type: 'AddLogo', data: logo, metadata }),
        metadata,
      );
    } catch (error) {
      await this.files.delete(storageKey).catch(() => {});
      throw error;
    }
  }
}
