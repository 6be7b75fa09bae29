import en from 'zod/v4/locales/en.js';
import { z } from '../contract/zod.ts';

// zod's English messages ("Too small: expected string to have >=1 characters"), set once for
// the whole process or page. Imported for its effect by what shows them: the service and the
// gateway (error bodies and their settings), the console's forms (field errors) and the unit tests (vitest setup).
// The entry screens never show one, so they do without it.
z.config(en());
