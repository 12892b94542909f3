// `npm test`: every tier in order. Builds the app, type-checks, lints, provides a PostgreSQL
// (DATABASE_URL, or the embedded one when unset) with a database migrated once for the test
// databases to copy (scripts/migrated-template.mjs), runs unit and integration tests with Jest
// (tesseract installed when missing, for the challenge picture's attack test),
// runs the multi-node tests (nginx in front of three app processes; nginx installed when missing),
// makes sure Chromium is there, then runs the Playwright end-to-end tests on the built app.
import { spawn, spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureNginx } from './ensure-nginx.mjs';
import { ensureTesseract } from './ensure-tesseract.mjs';
import { createMigratedTemplate } from './migrated-template.mjs';

const started = Date.now();

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    return false;
  }
  return true;
}

/** Steps that read the sources only, at once (each mostly on one core); fails when one does. */
async function stepsAtOnce(steps) {
  console.log(`\n▶ ${steps.map(([title]) => title).join(' and ')}`);
  const results = await Promise.all(
    steps.map(
      ([title, command, args]) =>
        new Promise((resolve) => {
          spawn(command, args, { stdio: 'inherit' }).on('close', (status) => {
            if (status !== 0) console.error(`\n✖ ${title} failed`);
            resolve(status === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

async function main() {
  if (!step('build', 'npm', ['run', '--silent', 'build'])) return 1;
  const checked = await stepsAtOnce([
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint and format (ESLint, Prettier)', 'npm', ['run', '--silent', 'lint']],
  ]);
  if (!checked) return 1;

  let stopDatabase = async () => undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const { startEmbeddedPostgres } = await import('../dist/server/src/database/embedded-postgres.js');
    console.log('\nDATABASE_URL is unset: starting the embedded PostgreSQL for the tests');
    const running = await startEmbeddedPostgres('.data/test-postgres', 54330);
    databaseUrl = running.url;
    stopDatabase = running.stop;
  }
  const template = await createMigratedTemplate(databaseUrl);
  const env = { DATABASE_URL: databaseUrl, TEST_TEMPLATE_DATABASE: template.name, NODE_OPTIONS: '--experimental-vm-modules' };
  try {
    ensureNginx();
    ensureTesseract();
    if (
      !step(
        'unit, integration and multi-node tests (Jest)',
        'npx',
        ['jest', '--selectProjects', 'unit', 'integration', 'cluster'],
        env,
      )
    )
      return 1;
    const chromium = ensureChromium();
    if (
      !step('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
        DATABASE_URL: databaseUrl,
        TEST_TEMPLATE_DATABASE: template.name,
        CHROMIUM_PATH: chromium,
      })
    )
      return 1;
  } finally {
    await template.drop();
    await stopDatabase();
  }
  console.log(`\n✔ all tests passed in ${Math.round((Date.now() - started) / 1000)} s`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
