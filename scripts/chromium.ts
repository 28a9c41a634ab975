/**
 * Debian's Chromium (`apt-get install chromium`) as Playwright and the scripts launch it: never a
 * browser download, and none of its background traffic (this machine reaches no network but its
 * package registries).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
