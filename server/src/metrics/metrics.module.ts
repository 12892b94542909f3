import { Global, Module } from '@nestjs/common';
import { AppMetrics } from './app-metrics.js';
import { MetricsPort } from './metrics-port.js';

/** The process's metrics: every feature may count into AppMetrics. */
@Global()
@Module({ providers: [AppMetrics, MetricsPort], exports: [AppMetrics] })
export class MetricsModule {}
