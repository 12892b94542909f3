import type { Paged } from '../../shared/accounts/account.answers.js';
import { ADMIN_AUDIT_ENDPOINTS, type AdminAuditEntry } from '../../shared/admin/audit.js';
import { ADMIN_SITE_SETTINGS_ENDPOINTS, type SiteSettings, type SiteSettingsAnswer } from '../../shared/admin/site-settings.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { signUp, type TestMember } from '../support/accounts.js';
import { TestBrowser } from '../support/test-browser.js';
import { useTestApp } from '../support/use-test-app.js';

const testApp = useTestApp({ adminEmail: 'settings-admin@example.test' });
let admin: TestMember;
let member: TestMember;

beforeAll(async () => {
  admin = await signUp(testApp.baseUrl, { email: 'settings-admin@example.test' });
  member = await signUp(testApp.baseUrl);
});

async function current(): Promise<SiteSettingsAnswer> {
  return (await admin.browser.get<SiteSettingsAnswer>(ADMIN_SITE_SETTINGS_ENDPOINTS.settings)).body.data!;
}

describe('site settings', () => {
  it('are for admins only: 401 for a visitor, 403 for a member, and a member’s change changes nothing', async () => {
    const visitor = new TestBrowser(testApp.baseUrl);
    expect((await visitor.get(ADMIN_SITE_SETTINGS_ENDPOINTS.settings)).status).toBe(401);
    expect((await member.browser.get(ADMIN_SITE_SETTINGS_ENDPOINTS.settings)).status).toBe(403);
    const before = await current();
    const attempt = await member.browser.put(ADMIN_SITE_SETTINGS_ENDPOINTS.settings, { ...before, name: 'Taken over' });
    expect(attempt.status).toBe(403);
    expect(await current()).toEqual(before);
  });

  it('change the site at once: the start answer has the new name, signups and consent lists, and the change is audited', async () => {
    const { surfDefaults, ...before } = await current();
    const wanted: SiteSettings = {
      name: 'Surfex Test',
      signups: false,
      maintenance: false,
      companyRegistration: 'Surfex Test Ltd · Company no. 12345678',
      consentCountries: { cookieLaw: ['DE', 'FR', 'IT'], revocable: ['DE'], explicitAction: ['IT'] },
      surf: {
        timerSeconds: 12,
        dailyEarningCap: null,
        challengeAt: 40,
        blockAt: 120,
        wrongCodesToStop: 2,
        earningsReviewMinutes: 90,
        newcomerDailyCap: null,
      },
    };
    const saved = await admin.browser.put<SiteSettings>(ADMIN_SITE_SETTINGS_ENDPOINTS.settings, {
      ...wanted,
      consentCountries: { cookieLaw: ['de', ' FR', 'IT'], revocable: ['DE'], explicitAction: ['it'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...wanted, surfDefaults });

    const start = await new TestBrowser(testApp.baseUrl).get<StartAnswer>('/data/start');
    expect(start.body.data!.website).toMatchObject({
      name: 'Surfex Test',
      signups: false,
      companyRegistration: wanted.companyRegistration,
      consentCountries: wanted.consentCountries,
    });

    const audit = await admin.browser.get<Paged<AdminAuditEntry>>(`${ADMIN_AUDIT_ENDPOINTS.audit}?action=site_settings_updated`);
    expect(audit.body.data!.items[0]).toMatchObject({
      admin: { id: admin.id, username: admin.username },
      targetType: 'site_settings',
      before,
      after: wanted,
    });
    await admin.browser.put(ADMIN_SITE_SETTINGS_ENDPOINTS.settings, before);
  });

  it('refuse a bad country code or an empty name with 400, changing nothing', async () => {
    const before = await current();
    for (const bad of [
      { ...before, consentCountries: { ...before.consentCountries, cookieLaw: ['Germany'] } },
      { ...before, name: '   ' },
      { ...before, signups: 'yes' },
    ]) {
      const refused = await admin.browser.put(ADMIN_SITE_SETTINGS_ENDPOINTS.settings, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].code).toBeDefined();
    }
    expect(await current()).toEqual(before);
  });
});
