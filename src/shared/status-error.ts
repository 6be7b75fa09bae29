/**
 * An error a handler throws on purpose: the status to answer with and the message the body
 * carries. The gateway's GatewayError and the service's HttpError narrow the statuses.
 */
export class StatusError<Status extends number> extends Error {
  readonly status: Status;
  constructor(status: Status, message: string) {
    super(message);
    this.status = status;
  }
}
