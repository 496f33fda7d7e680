import { Query } from '@nestjs/cqrs';

export interface LogoFile {
  content: Buffer;
  mimeType: string;
  originalName: string;
}

/** A current logo's image, for the caller's company only. */
export class GetLogoFileQuery extends Query<LogoFile> {
  constructor(
    readonly companyId: string,
    readonly logoId: string,
  ) {
    super();
  }
}
