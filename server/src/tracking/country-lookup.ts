import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Reader, type CountryResponse } from 'maxmind';

/**
 * The country of an address, from an offline database shipped in an npm package (a CC0
 * MaxMind-format file, IPv4 and IPv6): no network call, a lookup is an in-memory tree walk.
 */
const DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

/** This database answers a bare `country_code` where MaxMind's own nest it under `country`. */
type CountryRecord = CountryResponse & { country_code?: string };

/** No country for an address: the cache keeps strings only. */
const NONE = '';

@Injectable()
export class CountryLookup implements OnModuleInit {
  private reader: Reader<CountryRecord> | null = null;
  /**
   * Answers by address: the same few addresses ask on every call they make (a boot, a page, a
   * tracked visit), and a walk of the tree costs more than the rest of a visitor's /data/start.
   * The file never changes while the process runs, so an answer never goes stale.
   */
  private readonly answers = new LRUCache<string, string>({ max: 10_000 });

  async onModuleInit(): Promise<void> {
    this.reader = new Reader<CountryRecord>(await readFile(createRequire(import.meta.url).resolve(DATABASE)));
  }

  /** ISO 3166-1 alpha-2 in capitals; null for private, local and unknown addresses. */
  countryOf(address: string): string | null {
    if (!this.reader) return null;
    let answer = this.answers.get(address);
    if (answer === undefined) this.answers.set(address, (answer = this.lookUp(this.reader, address)));
    return answer === NONE ? null : answer;
  }

  private lookUp(reader: Reader<CountryRecord>, address: string): string {
    const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
    try {
      const code = reader.get(mapped)?.country_code;
      return code && /^[A-Z]{2}$/.test(code) ? code : NONE;
    } catch {
      return NONE;
    }
  }
}
