import { z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// The one zod of the project: zod/mini, whose functions tree-shake, so the browser carries
// the parts of zod its screens use (issue 5: entry JavaScript under 150 KB gzip) rather than
// the whole of zod classic. Mini ships without messages; the English ones are set here, once,
// for everything that imports the contract (service, gateway, console and tests alike).
z.config(en());

export { z };
