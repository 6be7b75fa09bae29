import {
  GatewayConfigSchema,
  ReceivedEventListSchema,
  SessionSchema,
  type GatewayConfig,
  type ReceivedEventList,
  type Session,
  type SessionLogin,
} from '../contract/session.ts';
import { defaultClient, type CallOptions, type Client } from './request.ts';
import { setSessionEnded } from './session-end.ts';

// The gateway's own routes (docs/design.md), not proxied to the service.

export function sessionApi({ request }: Client) {
  return {
    /** Exchanges a client id and secret for a session cookie; 401 for wrong credentials. */
    signIn: (credentials: SessionLogin): Promise<Session> =>
      request('POST', '/session', { body: credentials, schema: SessionSchema }),

    /** The signed-in session; ApiError 401 when there is none. */
    getSession: (opts: CallOptions = {}): Promise<Session> =>
      request('GET', '/session', { schema: SessionSchema, ...opts }),

    signOut: (): Promise<undefined> => request('DELETE', '/session', { schema: null }),

    /** What the sign-in page needs before anyone is signed in. */
    getConfig: (opts: CallOptions = {}): Promise<GatewayConfig> =>
      request('GET', '/config', { schema: GatewayConfigSchema, ...opts }),

    /** The owner's latest verified webhook events; live ones arrive over `GET /events`. */
    recentEvents: (opts: CallOptions = {}): Promise<ReceivedEventList> =>
      request('GET', '/events/recent', { schema: ReceivedEventListSchema, ...opts }),

    /** The owner's latest refused deliveries (a small ring; never streamed live). */
    refusedEvents: (opts: CallOptions = {}): Promise<ReceivedEventList> =>
      request('GET', '/events/recent', {
        query: { check: 'refused' },
        schema: ReceivedEventListSchema,
        ...opts,
      }),
  };
}

export type SessionApi = ReturnType<typeof sessionApi>;

const session = sessionApi(defaultClient);
export const { getSession, getConfig, recentEvents, refusedEvents } = session;

export const signIn: SessionApi['signIn'] = (credentials) =>
  session.signIn(credentials).then((signedIn) => {
    setSessionEnded(false);
    return signedIn;
  });

/** Ends the session: from now on this page asks the gateway nothing that needs one. */
export const signOut: SessionApi['signOut'] = () => {
  setSessionEnded(true);
  return session.signOut();
};

/** The server-sent event stream, for `new EventSource(EVENTS_URL)`. */
export const EVENTS_URL = '/events';
