import { Module } from '@nestjs/common';
import { RiskService } from './risk.service.js';
import { RotationVacuum } from './rotation-vacuum.service.js';
import { SurfClaimHandler } from './surf-claim.handler.js';
import { SurfController } from './surf.controller.js';
import { SurfService } from './surf.service.js';

@Module({ controllers: [SurfController], providers: [SurfService, SurfClaimHandler, RiskService, RotationVacuum] })
export class SurfModule {}
