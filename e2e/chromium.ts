import { requireChromium, thisMachine } from '../scripts/chromium.ts';

// The Chromium the e2e specs and the bench drive: the look-up that `npm run test:e2e` ran
// first (scripts/ensure-chromium.ts, which installs one when there is none), so both find the
// same browser, with the switches it needs on this machine.

export const CHROMIUM_PATH = requireChromium(thisMachine());

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
