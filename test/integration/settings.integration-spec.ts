import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { EmailPreferencesAnswer, OwnProfileAnswer, SignedInAccount } from '../../shared/accounts/account.answers.js';
import { ACCOUNT_ENDPOINTS } from '../../shared/accounts/account.endpoints.js';
import type { MediaObject } from '../../shared/media/media.js';
import type { StartAnswer } from '../../shared/start/start.js';
import { latestMail, linkIn, signUp, type TestMember } from '../support/accounts.js';
import { fetchRaw } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { TestBrowser } from '../support/test-browser.js';

const testApp = useTestApp();
const { db } = testApp;
let member: TestMember;
let other: TestMember;

beforeAll(async () => {
  member = await signUp(testApp.baseUrl, { username: 'settings_user', first_name: 'Sam' });
  other = await signUp(testApp.baseUrl, { username: 'settings_other' });
});

const visitor = () => new TestBrowser(testApp.baseUrl);
const mediaCount = async () => (await db.query('SELECT count(*)::int AS n FROM media')).rows[0].n as number;

describe('the profile settings', () => {
  it('answers the own profile with the email address', async () => {
    const { status, body } = await member.browser.get<OwnProfileAnswer>(ACCOUNT_ENDPOINTS.profile);
    expect(status).toBe(200);
    expect(body.data).toEqual({ id: member.id, username: 'settings_user', first_name: 'Sam', email: member.email, image: null });
  });

  it('changes the first name, and /data/start shows it', async () => {
    const { status, body } = await member.browser.put<OwnProfileAnswer>(ACCOUNT_ENDPOINTS.profile, {
      first_name: '  Samantha  ',
    });
    expect(status).toBe(200);
    expect(body.data?.first_name).toBe('Samantha');
    expect((await member.browser.get<StartAnswer>('/data/start')).body.data?.user?.first_name).toBe('Samantha');
  });

  it('refuses an empty, an over-long or a non-text first name with 400 naming it', async () => {
    for (const first_name of ['', '   ', 'x'.repeat(51), 'y'.repeat(10_000), 42, null, 'Sam\u0000']) {
      const { status, body } = await member.browser.put(ACCOUNT_ENDPOINTS.profile, { first_name });
      expect({ first_name: String(first_name).slice(0, 20), status }).toEqual({
        first_name: String(first_name).slice(0, 20),
        status: 400,
      });
      expect(body.errors.map((error) => error.heading)).toEqual(['Invalid first_name']);
    }
    expect((await member.browser.get<OwnProfileAnswer>(ACCOUNT_ENDPOINTS.profile)).body.data?.first_name).toBe('Samantha');
  });

  it('stores SQL in a first name as plain text', async () => {
    const name = "Robert'); DROP TABLE users;--";
    expect((await other.browser.put(ACCOUNT_ENDPOINTS.profile, { first_name: name })).status).toBe(200);
    expect((await db.query('SELECT first_name FROM users WHERE id = $1', [other.id])).rows[0].first_name).toBe(name);
    expect((await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBeGreaterThanOrEqual(2);
  });
});

describe('the profile picture', () => {
  let image: MediaObject;

  it('takes a PNG, stores it as a 256 px WebP media object, and /data/start shows it', async () => {
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const { status, body } = await member.browser.upload<OwnProfileAnswer>(ACCOUNT_ENDPOINTS.picture, 'picture', {
      bytes: png,
      name: 'me.png',
      type: 'image/png',
    });
    expect(status).toBe(200);
    image = body.data!.image as MediaObject;
    expect(image).toEqual({ base: '/media/', id: expect.stringMatching(/^[0-9a-f-]{36}$/), size: '256', ext: 'webp' });
    expect((await member.browser.get<StartAnswer>('/data/start')).body.data?.user?.image).toEqual(image);
    const accounts = await member.browser.get<SignedInAccount[]>(ACCOUNT_ENDPOINTS.accounts);
    expect(accounts.body.data?.[0].image).toEqual(image);
  });

  it('serves the picture as image/webp, cached for a year as immutable, to anyone', async () => {
    const response = await fetchRaw(testApp.baseUrl, `${image.base}${image.id}_${image.size}.${image.ext}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await response.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('takes a JPEG photo larger than the 100 KB JSON limit', async () => {
    const noise = Buffer.alloc(900 * 700 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: 900, height: 700, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(200 * 1024);
    expect(jpeg.length).toBeLessThan(5 * 1024 * 1024);
    const { status, body } = await other.browser.upload<OwnProfileAnswer>(ACCOUNT_ENDPOINTS.picture, 'picture', {
      bytes: jpeg,
      name: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(status).toBe(200);
    expect((body.data?.image as MediaObject).ext).toBe('webp');
  });

  it('refuses a text file named .png with 400 "Invalid picture" and keeps the old picture', async () => {
    const before = await mediaCount();
    const { status, body } = await member.browser.upload(ACCOUNT_ENDPOINTS.picture, 'picture', {
      bytes: Buffer.from('this is not an image at all, just text\n'.repeat(20)),
      name: 'cat.png',
      type: 'image/png',
    });
    expect(status).toBe(400);
    expect(body.errors[0].heading).toBe('Invalid picture');
    expect(await mediaCount()).toBe(before);
    expect((await member.browser.get<StartAnswer>('/data/start')).body.data?.user?.image).toEqual(image);
  });

  it('refuses an SVG (which could carry a script) with 400', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64" fill="red"/></svg>',
    );
    const { status, body } = await member.browser.upload(ACCOUNT_ENDPOINTS.picture, 'picture', {
      bytes: svg,
      name: 'me.png',
      type: 'image/png',
    });
    expect(status).toBe(400);
    expect(body.errors[0].heading).toBe('Invalid picture');
  });

  it('refuses a decompression bomb (a tiny PNG claiming 50 000 × 50 000 pixels) with 400', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // Rewrite the IHDR chunk's size and checksum: width and height sit at bytes 16–23, the CRC after them.
    png.writeUInt32BE(50_000, 16);
    png.writeUInt32BE(50_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const started = Date.now();
    const { status, body } = await member.browser.upload(ACCOUNT_ENDPOINTS.picture, 'picture', {
      bytes: png,
      name: 'bomb.png',
      type: 'image/png',
    });
    expect(status).toBe(400);
    expect(body.errors[0].heading).toBe('Invalid picture');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const before = await mediaCount();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length, 1)]);
    const { status, body } = await member.browser.upload(ACCOUNT_ENDPOINTS.picture, 'picture', {
      bytes: huge,
      name: 'huge.png',
      type: 'image/png',
    });
    expect(status).toBe(413);
    expect(body.errors).toHaveLength(1);
    expect(await mediaCount()).toBe(before);
  });

  it('refuses a body that is not a form upload with 415, never 406 (which would log the user out)', async () => {
    const json = await member.browser.post(ACCOUNT_ENDPOINTS.picture, { picture: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(json.status).toBe(415);
    const raw = await member.browser.call(ACCOUNT_ENDPOINTS.picture, {
      method: 'POST',
      body: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      headers: { 'content-type': 'image/png' },
    });
    expect(raw.status).toBe(415);
    expect((await member.browser.get('/data/start')).status).toBe(200);
  });

  it('refuses an upload in another field, or none, with 400', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const wrongField = await member.browser.upload(ACCOUNT_ENDPOINTS.picture, 'avatar', {
      bytes: png,
      name: 'me.png',
      type: 'image/png',
    });
    expect(wrongField.status).toBe(400);
    const form = new FormData();
    form.append('note', 'no file here');
    const noFile = await member.browser.call(ACCOUNT_ENDPOINTS.picture, { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
  });

  it('refuses a visitor’s upload with 401 and stores nothing', async () => {
    const before = await mediaCount();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { status } = await visitor().upload(ACCOUNT_ENDPOINTS.picture, 'picture', {
      bytes: png,
      name: 'me.png',
      type: 'image/png',
    });
    expect(status).toBe(401);
    expect(await mediaCount()).toBe(before);
  });

  it('answers 404 for a picture that does not exist or a path that is not a picture', async () => {
    for (const path of [
      '/media/00000000-0000-0000-0000-000000000000_256.webp',
      '/media/not-a-uuid.webp',
      '/media/..%2F..%2Fetc%2Fpasswd',
      "/media/'%20OR%201=1",
    ]) {
      const response = await fetchRaw(testApp.baseUrl, path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});

describe('the email settings', () => {
  const allOff = {
    account: false,
    notifications: false,
    campaigns: false,
    referrals: false,
    announcements: false,
    newsletter: false,
  };
  let signedLink: string;

  beforeAll(async () => {
    const mail = await latestMail(db, member.email);
    signedLink = linkIn(mail!.text_body, '/settings/emailSettings').replace('/settings/emailSettings', '');
  });

  it('answers the preferences with the defaults to the signed-in member', async () => {
    const { status, body } = await member.browser.get<EmailPreferencesAnswer>(ACCOUNT_ENDPOINTS.emailSettings);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      account: true,
      notifications: true,
      campaigns: true,
      referrals: true,
      announcements: true,
      newsletter: false,
      email: member.email,
    });
  });

  it('saves the preferences, but account mail cannot be turned off', async () => {
    const { status, body } = await member.browser.put<EmailPreferencesAnswer>(ACCOUNT_ENDPOINTS.emailSettings, {
      ...allOff,
      newsletter: true,
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({ ...allOff, account: true, newsletter: true, email: member.email });
    const again = await member.browser.get<EmailPreferencesAnswer>(ACCOUNT_ENDPOINTS.emailSettings);
    expect(again.body.data).toEqual(body.data);
    expect(
      (await db.query('SELECT email_preferences FROM users WHERE id = $1', [member.id])).rows[0].email_preferences.account,
    ).toBe(true);
  });

  it('refuses incomplete or non-boolean preferences with 400', async () => {
    for (const payload of [{}, { ...allOff, newsletter: 'yes' }, { account: true }]) {
      expect((await member.browser.put(ACCOUNT_ENDPOINTS.emailSettings, payload)).status).toBe(400);
    }
  });

  it('works without a session through the signed link from a mail', async () => {
    expect(signedLink).toMatch(/^\?u=\d+&sig=[A-Za-z0-9_-]+$/);
    const reader = visitor();
    const read = await reader.get<EmailPreferencesAnswer>(`${ACCOUNT_ENDPOINTS.emailSettings}${signedLink}`);
    expect(read.status).toBe(200);
    expect(read.body.data?.email).toBe(member.email);
    const saved = await reader.put<EmailPreferencesAnswer>(`${ACCOUNT_ENDPOINTS.emailSettings}${signedLink}`, {
      ...allOff,
      campaigns: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...allOff, account: true, campaigns: true, email: member.email });
    expect(reader.sid).toBeUndefined();
  });

  it('refuses a tampered signature, another user’s id with this signature, or a missing part with 403', async () => {
    const { u, sig } = Object.fromEntries(new URLSearchParams(signedLink));
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const before = (await db.query('SELECT email_preferences FROM users ORDER BY id')).rows;
    for (const query of [
      `?u=${u}&sig=${flipped}`,
      `?u=${other.id}&sig=${sig}`,
      `?u=${u}`,
      `?sig=${sig}`,
      `?u=${u}&sig=`,
      `?u=${u}'--&sig=${sig}`,
      `?u=${u}&sig=${'a'.repeat(5000)}`,
    ]) {
      const read = await visitor().get(`${ACCOUNT_ENDPOINTS.emailSettings}${query}`);
      expect({ query: query.slice(0, 60), status: read.status }).toEqual({ query: query.slice(0, 60), status: 403 });
      expect(read.body.errors[0].heading).toBe('Link not valid');
      const write = await visitor().put(`${ACCOUNT_ENDPOINTS.emailSettings}${query}`, allOff);
      expect(write.status).toBe(403);
    }
    // A signed-in member cannot use a forged link to reach another account either.
    expect((await member.browser.get(`${ACCOUNT_ENDPOINTS.emailSettings}?u=${other.id}&sig=${sig}`)).status).toBe(403);
    expect((await db.query('SELECT email_preferences FROM users ORDER BY id')).rows).toEqual(before);
  });

  it('answers a visitor without a link with 401', async () => {
    expect((await visitor().get(ACCOUNT_ENDPOINTS.emailSettings)).status).toBe(401);
    expect((await visitor().put(ACCOUNT_ENDPOINTS.emailSettings, allOff)).status).toBe(401);
  });
});
