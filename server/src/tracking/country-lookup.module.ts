import { Global, Module } from '@nestjs/common';
import { CountryLookup } from './country-lookup.js';

/** One in-memory country database per process, for every feature that needs an address's country. */
@Global()
@Module({ providers: [CountryLookup], exports: [CountryLookup] })
export class CountryLookupModule {}
