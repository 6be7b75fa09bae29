import type { SignatureTransaction } from '../../../contract/signatures.ts';

// Wording and formatting for a transaction's row, the same on every row.

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** "Pending"; a status the spec did not name and we do not know is shown as sent, capitalised. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

const OTP_METHODS: Record<string, string> = {
  sms: 'Text message',
  email: 'Email',
  totp: 'Authenticator app',
};

/** The one-time-password step: "Text message", "Required" (method not given) or "Not required". */
export function otpLabel({ otpRequired, otpMethod }: SignatureTransaction): string {
  if (!otpRequired) return 'Not required';
  if (!otpMethod) return 'Required';
  return OTP_METHODS[otpMethod.toLowerCase()] ?? otpMethod;
}

/** How it ended, if it has: the completion or failure time. */
export function outcome(
  transaction: SignatureTransaction,
): { label: 'Completed' | 'Failed'; on: string } | undefined {
  if (transaction.completedOn) return { label: 'Completed', on: transaction.completedOn };
  if (transaction.failedOn) return { label: 'Failed', on: transaction.failedOn };
  return undefined;
}

/** A uuid's first group, enough to tell a handful apart at a glance. */
export const shortId = (id: string): string => id.split('-')[0] ?? id;
