import { runService } from './service/main.ts';

// `npm start`: the reference service with demo data. The gateway and the app join it here
// once they exist (DESIGN.md: one process, two ports).
runService().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
