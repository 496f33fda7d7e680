import { Module } from '@nestjs/common';
import { AddLogoHandler } from './commands/add-logo.handler.js';
import { ChangeCompliancePolicyHandler } from './commands/change-compliance-policy.handler.js';
import { ChooseDefaultLogoHandler } from './commands/choose-default-logo.handler.js';
import { RemoveLogoHandler } from './commands/remove-logo.handler.js';
import { UpdateCompanyDetailsHandler } from './commands/update-company-details.handler.js';
import { CompaniesController } from './companies.controller.js';
import { LogosController } from './logos.controller.js';
import { NotificationController } from './notification.controller.js';
import { GetCompanyHandler } from './queries/get-company.handler.js';
import { GetLogoFileHandler } from './queries/get-logo-file.handler.js';
import { ListLogosHandler } from './queries/list-logos.handler.js';
import { CompliancePolicyAnswerReader } from './queries/compliance-policy-answer.reader.js';
import { NotificationPreferencesReader } from './queries/notification-preferences.reader.js';

/** Company settings, logos and notification preferences (as the client's specification asks). */
@Module({
  // Static routes (logo, notification) are matched before the parametric `company/:id`, whatever the order here.
  controllers: [LogosController, NotificationController, CompaniesController],
  providers: [
    UpdateCompanyDetailsHandler,
    ChangeCompliancePolicyHandler,
    AddLogoHandler,
    RemoveLogoHandler,
    ChooseDefaultLogoHandler,
    GetCompanyHandler,
    ListLogosHandler,
    GetLogoFileHandler,
    CompliancePolicyAnswerReader,
    NotificationPreferencesReader,
  ],
})
export class CompaniesModule {}
