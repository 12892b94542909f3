import { Controller, Get } from '@nestjs/common';
import type { StartAnswer } from '@shared/start/start.js';
import { StartService } from './start.service.js';

@Controller('start')
export class StartController {
  constructor(private readonly startService: StartService) {}

  @Get()
  start(): StartAnswer {
    return this.startService.start();
  }
}
