import {
  CheckSchema,
  suggestedCheck,
  type Check,
  type CheckBinding,
} from '../../../../contract/checks.ts';
import type { ProcessSettings } from '../../../../contract/qc-management.ts';

// Which of the machine's checks (ADR 042) pre-judges each checklist item of a process, as the
// settings dialog shows and sends it. Until a manager saves one, the binding an item's name
// suggests holds (`suggestedCheck`), which is what the gateway uses too.

/** An item's choice in the dialog: a check, or '' for none. */
export type BindingChoice = Check | '';
export type BindingChoices = Readonly<Record<string, BindingChoice>>;

/** The binding saved for a process, read leniently; undefined when none was ever saved. */
export function savedBinding(
  settings: ProcessSettings | null | undefined,
): CheckBinding | undefined {
  if (!settings?.checks) return undefined;
  const saved: CheckBinding = {};
  for (const [name, value] of Object.entries(settings.checks)) {
    const parsed = CheckSchema.safeParse(value);
    if (parsed.success) saved[name] = parsed.data;
  }
  return saved;
}

/** Each of `items` with the check its name suggests, or none: the binding when none is saved. */
export const suggestedChoices = (items: readonly string[]): Record<string, BindingChoice> =>
  Object.fromEntries(items.map((name) => [name, suggestedCheck(name) ?? '']));

/** What `items` start as: the saved binding (an item it does not name has none), else the suggested. */
export function bindingOf(
  settings: ProcessSettings | null | undefined,
  items: readonly string[],
): Record<string, BindingChoice> {
  const saved = savedBinding(settings);
  if (!saved) return suggestedChoices(items);
  return Object.fromEntries(items.map((name) => [name, saved[name] ?? '']));
}

/** Whether the item's choice is the suggested one, standing because none was saved. */
export const isSuggested = (saved: CheckBinding | undefined, name: string, choice: BindingChoice) =>
  choice !== '' && !saved && suggestedCheck(name) === choice;

/**
 * The binding to send (`checks`), or undefined to leave what holds: when the dialog lists no
 * item (the checklist could not be read), and when none was saved and the listed items keep
 * the suggested checks (saving it would fix the suggestion for this checklist's items only,
 * where the gateway suggests one for every version's). Otherwise the whole binding: what was
 * saved (items of the checklist's other versions, not listed, keep theirs), the listed items'
 * choices over it, and the items bound to none left out.
 */
export function bindingBody(
  choices: BindingChoices,
  saved: CheckBinding | undefined,
): CheckBinding | undefined {
  const names = Object.keys(choices);
  if (names.length === 0) return undefined;
  if (!saved && names.every((name) => choices[name] === (suggestedCheck(name) ?? ''))) {
    return undefined;
  }
  const merged: Record<string, BindingChoice> = { ...saved, ...choices };
  const bound: CheckBinding = {};
  for (const [name, choice] of Object.entries(merged)) if (choice !== '') bound[name] = choice;
  return bound;
}
