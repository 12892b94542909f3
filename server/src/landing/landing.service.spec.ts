import type { BillingService } from '../billing/billing.service.js';
import type { LandingRepository } from './landing.repository.js';
import { LandingService } from './landing.service.js';

const catalog = { packs: [], levels: [], free: {}, buyingAvailable: false };

function landingWith(members: () => number) {
  let reads = 0;
  const repository = {
    figures: async () => {
      reads++;
      return { members: members(), viewsToday: 3, viewsInAll: 40 };
    },
  } as unknown as LandingRepository;
  const billing = { catalog: async () => catalog } as unknown as BillingService;
  return { service: new LandingService(repository, billing), reads: () => reads };
}

describe('the landing facts', () => {
  it('are read once for every visit within a minute, concurrent ones included, and again after it', async () => {
    let members = 10;
    const { service, reads } = landingWith(() => members);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const [first, second] = await Promise.all([service.facts(start), service.facts(start)]);
    expect(first).toBe(second);
    expect(first).toMatchObject({ members: 10, viewsToday: 3, viewsInAll: 40, pricing: { packs: [], levels: [] } });
    members = 11;
    expect((await service.facts(start + 59_000)).members).toBe(10);
    expect(reads()).toBe(1);
    expect((await service.facts(start + 60_000)).members).toBe(11);
    expect(reads()).toBe(2);
  });
});
