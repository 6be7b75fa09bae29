import { SMTPServer } from 'smtp-server';

// The e2e run's mail server (ADR 040): the sandbox console's ATTEST_SMTP_URL points here, so
// the findings every spec raises are e-mailed for real, through the gateway's SMTP client, to
// a server that takes every message and keeps none of it. What an e-mail says is the
// gateway's tests' business (src/gateway/testing/smtp-inbox.ts); the specs read the state
// the console lists. Playwright starts it (playwright.config.ts) and knows it ready once
// E2E_SMTP_PORT takes connections.

const port = Number(process.env.E2E_SMTP_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_SMTP_PORT is not set');

const server = new SMTPServer({
  authOptional: true,
  // Plain SMTP on loopback: nodemailer sends without TLS when none is offered.
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    // Read to the end and dropped: the message is accepted once all of it has arrived.
    stream.on('end', () => callback());
    stream.resume();
  },
});
server.on('error', (error) => console.error(`smtp sink: ${error.message}`));
server.listen(port, '127.0.0.1');
