import { Module } from '@nestjs/common';
import { RiskService } from './risk.service.js';
import { SurfController } from './surf.controller.js';
import { SurfGateway } from './surf.gateway.js';
import { SurfService } from './surf.service.js';

@Module({ controllers: [SurfController], providers: [SurfService, SurfGateway, RiskService] })
export class SurfModule {}
