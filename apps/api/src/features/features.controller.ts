import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FeatureName } from '#domain/companies/company.features.js';
import { toBoolean } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { GetCompanyQuery } from '../companies/queries/get-company.query.js';
import { actorOf } from '../infra/http/actor.js';
import { RequestFeatureAccessCommand } from './commands/request-feature-access.command.js';
import { SwitchFeatureCommand } from './commands/switch-feature.command.js';
import { RequestFeatureAccessBody, SwitchFeatureBody } from './dto/switch-feature.body.js';
import { ListFeaturesQuery } from './queries/list-features.query.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import {
  COMPANY_FEATURES_ANSWER,
  FEATURE_ACCESS_REQUESTED_ANSWER,
  FEATURE_SWITCHED_ANSWER,
} from './features.answers.js';
import { Clock } from '../infra/clock.js';

export const ACCESS_REQUESTED = "Your request has been sent. We'll be in touch soon.";

/** Feature extensions (as the client's specification asks). */
@ApiTags('features')
@ApiBearerAuth()
@Controller('company')
export class FeaturesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Every feature's card: title, description, pricing, Active/Inactive and which button it shows. */
  @Get('features')
  @ApiAnswer(
    200,
    "Every feature's card: title, description, pricing, Active/Inactive and which button it shows.",
    COMPANY_FEATURES_ANSWER,
  )
  list(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new ListFeaturesQuery(user.companyId));
  }

  /** Switches a feature on (free features only, never switched off before) or off (any). Answers the company. */
  @Post('feature')
  @ApiAnswer(200, 'The company with the feature switched', FEATURE_SWITCHED_ANSWER)
  @HttpCode(200)
  async switch(@CurrentUser() user: AuthUser, @Body() body: SwitchFeatureBody) {
    await this.commands.execute(
      new SwitchFeatureCommand(
        { feature: body.name as FeatureName, active: toBoolean(body.active)!, by: 'user' },
        actorOf(user, this.clock),
      ),
    );
    return this.queries.execute(new GetCompanyQuery(user.companyId, user.companyId));
  }

  /** Records the request and e-mails the provider's team. Answers a message and the feature's card. */
  @Post('feature/request-access')
  @ApiAnswer(
    200,
    "The request is sent to the provider's team; the feature's card as it now shows",
    FEATURE_ACCESS_REQUESTED_ANSWER,
  )
  @HttpCode(200)
  async requestAccess(@CurrentUser() user: AuthUser, @Body() body: RequestFeatureAccessBody) {
    await this.commands.execute(
      new RequestFeatureAccessCommand(body.name as FeatureName, actorOf(user, this.clock)),
    );
    const cards = await this.queries.execute(new ListFeaturesQuery(user.companyId));
    return { message: ACCESS_REQUESTED, feature: cards.find((card) => card.name === body.name) };
  }
}
