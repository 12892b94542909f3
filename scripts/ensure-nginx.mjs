// Makes sure nginx is there for the multi-node test (test/cluster/): Debian's package at
// /usr/sbin/nginx, installed when missing where allowed, as Chromium is for the e2e tier.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export function ensureNginx() {
  if (existsSync(NGINX_PATH)) return NGINX_PATH;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get') && NGINX_PATH === '/usr/sbin/nginx') {
    console.log("nginx is missing: installing Debian's nginx package…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx', { stdio: 'inherit' });
    // The package starts a system nginx on port 80; the tests start their own and need none.
    execSync('(service nginx stop || nginx -s stop) >/dev/null 2>&1 || true', { stdio: 'inherit' });
    if (existsSync(NGINX_PATH)) return NGINX_PATH;
  }
  throw new Error(
    `The multi-node test needs nginx at ${NGINX_PATH}. Install it with:\n` +
      '  sudo apt-get install -y nginx\n' +
      'or point NGINX_PATH at an nginx binary.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureNginx());
