/** Why an upload was not stored, as the status and `{message}` its answer carries. */
export class UploadRefusal extends Error {
  override name = 'UploadRefusal';
  readonly status: 400 | 403 | 408 | 413 | 415 | 503;
  constructor(status: UploadRefusal['status'], message: string) {
    super(message);
    this.status = status;
  }
}

/** The client went away mid-upload: an ordinary event, not an error worth a log line. */
export class ClientGone extends Error {
  override name = 'ClientGone';
  constructor() {
    super('the client closed the connection before the upload finished');
  }
}

/** Every upload slot is taken: try again shortly (answered with Retry-After). */
export const uploadsBusy = () =>
  new UploadRefusal(503, 'too many uploads at once; try again in a few seconds');

export const tooLarge = (maxBytes: number) =>
  new UploadRefusal(413, `the file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
