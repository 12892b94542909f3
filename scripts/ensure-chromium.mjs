// Makes sure a Chromium for the e2e tier is there: Debian's headless shell at
// /usr/bin/chromium-headless-shell (Playwright cannot download its own browsers here). The shell is
// Chromium without the desktop browser around it: the same engine, and about a quarter less CPU for
// the same tests, which matters on two cores. Installs it when missing, or upgrades it when older
// than MIN_CHROMIUM_MAJOR, where allowed. Older builds keep a failed dynamic import failed for the
// page's life, so a screen chunk's retry never reaches the network again (the retry tests in
// test/e2e/errors.e2e.ts need a browser that fetches it anew).
import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? HEADLESS_SHELL_PATH;
const MIN_CHROMIUM_MAJOR = 156;

function majorVersion(path) {
  try {
    const printed = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return Number(/(\d+)\.\d+\.\d+/.exec(printed)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

export function ensureChromium() {
  const present = existsSync(CHROMIUM_PATH);
  if (present && !(majorVersion(CHROMIUM_PATH) < MIN_CHROMIUM_MAJOR)) return CHROMIUM_PATH;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt && CHROMIUM_PATH === HEADLESS_SHELL_PATH) {
    console.log(
      `Chromium's headless shell is ${present ? `older than ${MIN_CHROMIUM_MAJOR}: upgrading` : 'missing: installing'} Debian's chromium-headless-shell package…`,
    );
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell', {
      stdio: 'inherit',
    });
    if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  }
  if (present) {
    console.warn(`Chromium at ${CHROMIUM_PATH} is older than ${MIN_CHROMIUM_MAJOR}: the chunk retry e2e tests may fail.`);
    return CHROMIUM_PATH;
  }
  throw new Error(
    `The end-to-end tests need Chromium's headless shell at ${CHROMIUM_PATH}. Install it with:\n` +
      '  sudo apt-get install -y chromium-headless-shell\n' +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
