import { Controller, Get } from '@nestjs/common';

const OK = { ok: true } as const;

/**
 * A constant answer through the whole /data pipeline (route hooks, envelope, compression): the
 * liveness check (the process answers; whether it can reach its database is /data/ready's
 * question), and the benchmark's measure of the framework's own cost.
 */
@Controller('health')
export class HealthController {
  @Get()
  health(): typeof OK {
    return OK;
  }
}
