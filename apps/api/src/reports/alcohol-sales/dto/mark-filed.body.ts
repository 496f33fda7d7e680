import { ApiProperty } from '@nestjs/swagger';
import type * as Contract from '#domain/contracts/alcohol-sales.contract.js';
import { confirmationProblem } from '#domain/reports/alcohol-report-filing.rules.js';
import { FollowsRule } from '../../../infra/http/follows-rule.js';

/** POST /company/{id}/alcohol-reports/{month}/filed: the confirmation number RITS gave the filed report. */
export class MarkAlcoholReportFiledBody implements Contract.MarkAlcoholReportFiledBody {
  @ApiProperty({
    example: 'RITS-2026110012',
    description: 'The confirmation number RITS gave the filed report',
  })
  @FollowsRule((value) => confirmationProblem(value)?.message)
  confirmation_number!: string;
}
