import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { InvitationController } from './invitation.controller.js';
import { StaffController } from './staff.controller.js';
import { StaffService } from './staff.service.js';

@Module({
  imports: [AuthModule],
  controllers: [StaffController, InvitationController],
  providers: [StaffService],
})
export class StaffModule {}
