import { Controller, Get } from '@nestjs/common';

const OK = { ok: true } as const;

/**
 * A constant answer through the whole /data pipeline (route hooks, envelope, compression): the
 * load balancer's health check, and the benchmark's measure of the framework's own cost.
 */
@Controller('health')
export class HealthController {
  @Get()
  health(): typeof OK {
    return OK;
  }
}
