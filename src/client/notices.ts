import {
  NoticeListSchema,
  NoticeSchema,
  type Notice,
  type NoticeList,
} from '../contract/notices.ts';
import { defaultClient, seg, type CallOptions, type Client } from './request.ts';

// The gateway's outgoing notices (ADR 030): what it POSTed to ATTEST_NOTICE_URL for each
// finding change, and a redelivery. QC managers only; the gateway's own, not the service's.

const NOTICES = '/team/notices';

export interface NoticePage {
  /** 1 to 100; the gateway's default is 25. */
  limit?: number | undefined;
  /** The `next` of the page before. */
  cursor?: string | undefined;
}

export function noticesApi({ request }: Client) {
  return {
    /** Newest first, each with every attempt. */
    listNotices: (page: NoticePage = {}, opts: CallOptions = {}): Promise<NoticeList> =>
      request('GET', NOTICES, { query: { ...page }, schema: NoticeListSchema, ...opts }),

    /** A fresh round of attempts, same webhook-id: 404 unknown, 409 while one is under way. */
    redeliverNotice: (id: string): Promise<Notice> =>
      request('POST', `${NOTICES}/${seg(id)}/redeliver`, { schema: NoticeSchema }),
  };
}

export type NoticesApi = ReturnType<typeof noticesApi>;

export const { listNotices, redeliverNotice } = noticesApi(defaultClient);
