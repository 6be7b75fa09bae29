import {
  MailListSchema,
  MailPreferenceSchema,
  MailSchema,
  type Mail,
  type MailChoice,
  type MailList,
  type MailPreference,
} from '../contract/mail.ts';
import { defaultClient, seg, type CallOptions, type Client } from './request.ts';

// Findings by e-mail (ADR 040): each person's choice of how often the gateway mails them, and
// for QC managers the e-mails it sent through ATTEST_SMTP_URL, with a resend. The gateway's
// own, not the service's.

const PREFERENCE = '/team/mail-preference';
const MAILS = '/team/mails';

export function mailApi({ request }: Client) {
  return {
    /** The signed-in person's choice and address; 403 for a client without a user. */
    getMailPreference: (opts: CallOptions = {}): Promise<MailPreference> =>
      request('GET', PREFERENCE, { schema: MailPreferenceSchema, ...opts }),

    /** Answers the preference as saved; 400 for a choice the gateway does not know. */
    putMailPreference: (choice: MailChoice): Promise<MailPreference> =>
      request('PUT', PREFERENCE, { body: { choice }, schema: MailPreferenceSchema }),

    /** QC managers: the newest `limit` (1 to 100, the gateway's default 100), newest first. */
    listMails: (limit?: number, opts: CallOptions = {}): Promise<MailList> =>
      request('GET', MAILS, { query: { limit }, schema: MailListSchema, ...opts }),

    /**
     * A sent or failed e-mail sent again (202): 404 unknown; 409 while it still waits to go,
     * or when the gateway has no ATTEST_SMTP_URL.
     */
    resendMail: (id: string): Promise<Mail> =>
      request('POST', `${MAILS}/${seg(id)}/resend`, { schema: MailSchema }),
  };
}

export type MailApi = ReturnType<typeof mailApi>;

export const { getMailPreference, putMailPreference, listMails, resendMail } =
  mailApi(defaultClient);
