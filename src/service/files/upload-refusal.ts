/** Why an upload was not stored, as the status and `{message}` its answer carries. */
export class UploadRefusal extends Error {
  override name = 'UploadRefusal';
  readonly status: 400 | 403 | 408 | 413 | 415;
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

export const tooLarge = (maxBytes: number) =>
  new UploadRefusal(413, `the file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
