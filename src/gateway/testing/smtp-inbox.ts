import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// The mail tests' inbox (ADR 040): a real SMTP server on an ephemeral loopback port that
// parses what arrives with mailparser, and refuses a recipient while the test says so.

export interface Inbox {
  url: string;
  mails: ParsedMail[];
  /** The mails to `address` so far. */
  to(address: string): ParsedMail[];
  /** While set, every recipient is refused with a 451 (try again later). */
  refusing: boolean;
  close(): Promise<void>;
}

export async function startInbox(): Promise<Inbox> {
  const mails: ParsedMail[] = [];
  const inbox = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (inbox.refusing) {
        const error = Object.assign(new Error('Mailbox busy, try again later'), {
          responseCode: 451,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(inbox, {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address: string) =>
      mails.filter((mail) =>
        [mail.to].flat().some((to) => to?.value.some((one) => one.address === address)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
