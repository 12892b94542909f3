import { io } from 'socket.io-client';
import type { StartAnswer } from '../../shared/start/start.js';
import { signUp } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ rateLimitFactor: 50 });
});
afterAll(() => testApp.close());

it('connects a member socket and receives live data', async () => {
  const member = await signUp(testApp.baseUrl);
  const start = await member.browser.get<StartAnswer>('/data/start');
  const socket = io(testApp.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { socketId: start.body.data!.user!.socketId },
    extraHeaders: { cookie: `sid=${member.browser.cookies.get('sid')}` },
  });
  const live = await new Promise((resolve, reject) => {
    socket.on('live:data', resolve);
    socket.on('connect_error', reject);
  });
  expect(live).toMatchObject({ cc: 0, live_time: expect.any(Number) });
  socket.close();
});
