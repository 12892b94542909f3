// Makes sure tesseract is there for the challenge picture's attack test
// (server/src/surf/challenge-attack.spec.ts): Debian's tesseract-ocr with its English data at
// /usr/bin/tesseract, installed when missing where allowed, as nginx and Chromium are for their tiers.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const TESSERACT_PATH = process.env.TESSERACT_PATH ?? '/usr/bin/tesseract';

export function ensureTesseract() {
  if (existsSync(TESSERACT_PATH)) return TESSERACT_PATH;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get') && TESSERACT_PATH === '/usr/bin/tesseract') {
    console.log("tesseract is missing: installing Debian's tesseract-ocr package…");
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends tesseract-ocr tesseract-ocr-eng',
      { stdio: 'inherit' },
    );
    if (existsSync(TESSERACT_PATH)) return TESSERACT_PATH;
  }
  throw new Error(
    `The challenge picture's attack test needs tesseract at ${TESSERACT_PATH}. Install it with:\n` +
      '  sudo apt-get install -y tesseract-ocr tesseract-ocr-eng\n' +
      'or point TESSERACT_PATH at a tesseract binary.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureTesseract());
