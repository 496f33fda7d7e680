import { BadRequestException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AddLogo } from '#domain/companies/company.commands.js';
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
    const logo = logoOf(data, metadata.companyId);
    await this.files.put(logo.storageKey, data.content);
    try {
      await this.events.run(
        companyDecision(metadata.companyId, { type: 'AddLogo', data: logo, metadata }),
        metadata,
      );
    } catch (error) {
      await this.files.delete(logo.storageKey).catch(() => {});
      throw error;
    }
  }
}

/** The logo as the company records it, from the file's own bytes; anything but an image is refused (400). */
function logoOf(data: AddLogoCommand['data'], companyId: string): AddLogo['data'] {
  const image = sniffImage(data.content);
  if (!image) {
    throw new BadRequestException({
      statusCode: 400,
      message: LOGO_NOT_AN_IMAGE,
      details: [{ field: 'logo', message: LOGO_NOT_AN_IMAGE }],
    });
  }
  return {
    companyId,
    logoId: data.logoId,
    originalName: data.originalName,
    storageKey: `companies/${companyId}/logos/${data.logoId}.${image.extension}`,
    mimeType: image.mimeType,
    sizeBytes: data.content.length,
    width: image.width,
    height: image.height,
  };
}
