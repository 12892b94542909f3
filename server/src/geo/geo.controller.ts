import { Controller, Get, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { GeoCountryAnswer } from '@shared/consent/consent.js';
import { GeoService } from './geo.service.js';

/** GET /data/geo/country (GEO_COUNTRY_PATH): public, no session read; the address is the one the app trusts (TRUST_PROXY). */
@Controller('geo')
export class GeoController {
  constructor(private readonly geoService: GeoService) {}

  @Get('country')
  country(@Req() request: FastifyRequest): GeoCountryAnswer {
    return this.geoService.countryOf(request.ip);
  }
}
