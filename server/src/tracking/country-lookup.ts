import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Reader, type CountryResponse } from 'maxmind';

/**
 * The country of an address, from an offline database shipped in an npm package (a CC0
 * MaxMind-format file, IPv4 and IPv6): no network call, a lookup is an in-memory tree walk.
 */
const DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

/** This database answers a bare `country_code` where MaxMind's own nest it under `country`. */
type CountryRecord = CountryResponse & { country_code?: string };

@Injectable()
export class CountryLookup implements OnModuleInit {
  private reader: Reader<CountryRecord> | null = null;

  async onModuleInit(): Promise<void> {
    this.reader = new Reader<CountryRecord>(await readFile(createRequire(import.meta.url).resolve(DATABASE)));
  }

  /** ISO 3166-1 alpha-2 in capitals; null for private, local and unknown addresses. */
  countryOf(address: string): string | null {
    const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
    try {
      const code = this.reader?.get(mapped)?.country_code;
      return code && /^[A-Z]{2}$/.test(code) ? code : null;
    } catch {
      return null;
    }
  }
}
