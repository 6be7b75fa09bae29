import type { Address, EntityType } from '../../../contract/accounts.ts';

export const ROLE_LABELS: Record<EntityType, string> = {
  BORROWER: 'Borrower',
  AUTHORIZED_USER: 'Authorized user',
  NON_BORROWING_DEFENDANT: 'Non-borrowing defendant',
  DEBT_SETTLEMENT_COMPANY: 'Debt settlement company',
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
// A calendar date has no time zone: format it as UTC so 1984-07-21 never shows as the 20th.
const calendar = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatDay = (iso: string): string => dateTime.format(new Date(iso));
export const formatCalendarDate = (date: string): string =>
  calendar.format(new Date(`${date}T00:00:00Z`));

/** An address as its printed lines; empty when it has none. */
export function addressLines(address: Partial<Address> | undefined): string[] {
  if (!address) return [];
  const place = [
    address.city,
    [address.stateProvCode, address.postalCode].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return [address.addressLine1, address.addressLine2, place, address.country].filter(
    (line): line is string => Boolean(line),
  );
}

/** What shows for an SSN or EIN: its last four digits, and nothing else, ever. */
export const maskedSsn = (lastFour: string | undefined): string =>
  lastFour ? `••• •• ${lastFour}` : 'Not given';
