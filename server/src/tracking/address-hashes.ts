import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TrackingRepository } from './tracking.repository.js';

const SALT_BYTES = 32;

/**
 * Addresses are stored only as hex(sha256(salt of the UTC day ‖ address)). The day's salt is
 * random, made by whichever process needs it first and shared through `tracking_salts`; once
 * the day is over it is deleted (TrackingPartitions), so a stored hash cannot be matched to an
 * address any more, while within a day the same address still groups.
 */
@Injectable()
export class AddressHashes {
  private readonly salts = new Map<string, Buffer>();

  constructor(private readonly tracking: TrackingRepository) {}

  /** Loads (or makes) the salts of `days`; hashOf needs them. Salts of other days leave memory. */
  async prepare(days: Iterable<string>): Promise<void> {
    const wanted = new Set(days);
    for (const day of wanted) {
      if (!this.salts.has(day)) this.salts.set(day, await this.tracking.saltOf(day, randomBytes(SALT_BYTES)));
    }
    if (this.salts.size > wanted.size + 2) {
      for (const day of this.salts.keys()) if (!wanted.has(day)) this.salts.delete(day);
    }
  }

  hashOf(day: string, address: string): string {
    const salt = this.salts.get(day);
    if (!salt) throw new Error(`the salt of ${day} is not loaded`);
    return createHash('sha256').update(salt).update(address).digest('hex');
  }
}
