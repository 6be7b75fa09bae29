import { z } from 'zod/mini';

// The one zod of the project: zod/mini, whose functions tree-shake, so the browser carries
// the parts of zod its screens use (speed target: entry JavaScript under 150 KB gzip) rather than
// the whole of zod classic. Mini ships without messages: whatever shows zod's own messages
// to a person imports src/shared/zod-messages.ts (the service, the gateway, the console's forms).
export { z };
