import { Controller, Delete, Get, Inject, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { readSingleFile } from '../infra/files/read-upload.js';
import { actorOf } from '../infra/http/actor.js';
import { UuidOr404 } from '../infra/http/uuid-param.pipe.js';
import { AddLogoCommand } from './commands/add-logo.command.js';
import { ChooseDefaultLogoCommand } from './commands/choose-default-logo.command.js';
import { RemoveLogoCommand } from './commands/remove-logo.command.js';
import { GetLogoFileQuery } from './queries/get-logo-file.query.js';
import { ListLogosQuery } from './queries/list-logos.query.js';
import { ApiAnswer, ApiFileAnswer } from '../infra/http/api-answer.js';
import { COMPANY_LOGOS_ANSWER } from './logos.answers.js';
import { Clock } from '../infra/clock.js';

export const LOGO_MISSING = 'Please choose a logo file to upload.';
const NOT_FOUND = 'Logo not found';

/** A file name to show, never a path: its last segment, printable, at most 200 characters. */
export function displayFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean.slice(0, 200) || 'logo';
}

/**
 * The logo manager (POST/GET /company/logo, DELETE /company/logo/{id}). Images are served only
 * here, to signed-in users of the company; the advised size (200×100, at least 2:1) is a hint the screen shows
 * from `width` and `height`.
 */
@ApiTags('company')
@ApiBearerAuth()
@Controller('company/logo')
export class LogosController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiAnswer(200, "The company's logos, the first uploaded first", COMPANY_LOGOS_ANSWER)
  list(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new ListLogosQuery(user.companyId));
  }

  /** multipart/form-data with one file field `logo` (PNG, JPEG, GIF or WebP; 5 MB at most). Answers the logo list. */
  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['logo'],
      properties: { logo: { type: 'string', format: 'binary' } },
    },
  })
  @ApiAnswer(201, "The logo is added: the company's logos", COMPANY_LOGOS_ANSWER)
  async upload(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest) {
    const { filename, content } = await readSingleFile(request, 'logo', LOGO_MISSING);
    await this.commands.execute(
      new AddLogoCommand(
        { logoId: randomUUID(), originalName: displayFileName(filename), content },
        actorOf(user, this.clock),
      ),
    );
    return this.queries.execute(new ListLogosQuery(user.companyId));
  }

  /** The image itself (the `path` of each logo). */
  @Get(':id/file')
  @ApiFileAnswer('image/*', 'The logo image')
  async file(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(NOT_FOUND)) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const logo = await this.queries.execute(new GetLogoFileQuery(user.companyId, id));
    void reply
      .type(logo.mimeType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `inline; filename="${encodeURIComponent(logo.originalName)}"`);
    return logo.content;
  }

  /** Makes the logo the one invoices print by default. Answers the logo list. */
  @Put(':id/default')
  @ApiAnswer(200, "The default is chosen: the company's logos", COMPANY_LOGOS_ANSWER)
  async chooseDefault(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(NOT_FOUND)) id: string) {
    await this.commands.execute(new ChooseDefaultLogoCommand(id, actorOf(user, this.clock)));
    return this.queries.execute(new ListLogosQuery(user.companyId));
  }

  /** Answers the logo list. */
  @Delete(':id')
  @ApiAnswer(200, "The logo is removed: the company's logos left", COMPANY_LOGOS_ANSWER)
  async remove(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(NOT_FOUND)) id: string) {
    await this.commands.execute(new RemoveLogoCommand(id, actorOf(user, this.clock)));
    return this.queries.execute(new ListLogosQuery(user.companyId));
  }
}
