import { Injectable } from '@nestjs/common';
import type { GeoCountryAnswer } from '@shared/consent/consent.js';
import { CountryLookup } from '../tracking/country-lookup.js';

/** The caller's country from the app's own offline database: the consent banner never asks a third party. */
@Injectable()
export class GeoService {
  constructor(private readonly countries: CountryLookup) {}

  countryOf(address: string): GeoCountryAnswer {
    return { country: this.countries.countryOf(address) };
  }
}
