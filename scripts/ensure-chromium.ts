/**
 * Makes sure a Chromium for the browser journeys is on this machine. Playwright never downloads its
 * own browser here: we use Debian's `chromium` package (or CHROME_PATH). As root on Debian the
 * package is installed; anywhere else this stops with instructions, never skipping the journeys.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';

export function chromePath(): string {
  return process.env.CHROME_PATH || DEFAULT_CHROME_PATH;
}

export function ensureChromium(): string {
  const executable = chromePath();
  if (existsSync(executable)) return executable;

  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (process.env.CHROME_PATH || !isRoot || !isDebian) {
    throw new Error(
      [
        `Chromium was not found at ${executable}; the browser journeys need it.`,
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium',
        'or point CHROME_PATH at an existing Chromium or Chrome executable.',
      ].join('\n'),
    );
  }
  console.log('Chromium is missing: installing Debian’s chromium package…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(executable))
    throw new Error(`apt-get installed chromium but ${executable} is still missing.`);
  return executable;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
