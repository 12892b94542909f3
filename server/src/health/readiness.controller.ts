import { Controller, Get } from '@nestjs/common';
import type { ReadyAnswer } from '@shared/health/health.js';
import { ReadinessService } from './readiness.service.js';

/** The load balancer's readiness check (HEALTH_ENDPOINTS.ready); liveness stays /data/health. */
@Controller('ready')
export class ReadinessController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get()
  ready(): Promise<ReadyAnswer> {
    return this.readiness.check();
  }
}
