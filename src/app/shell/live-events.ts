import { useEffect } from 'react';
import { ReceivedEventSchema, type ReceivedEvent } from '../../contract/session.ts';
import { pushToast } from '../ui/toast-store.ts';

const TYPES = ['DOCUMENT_READY', 'ADDRESS_CHANGE'] as const;

function toastFor(event: ReceivedEvent) {
  const payload = event.payload;
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '');
  if (event.type === 'DOCUMENT_READY') {
    const url = text('downloadUrl');
    pushToast({
      tone: 'success',
      title: 'Document ready',
      description: text('crid')
        ? `Account ${text('crid')}: a signed document is ready.`
        : 'A signed document is ready.',
      ...(url ? { action: { label: 'Download', href: url } } : {}),
    });
  } else if (event.type === 'ADDRESS_CHANGE') {
    pushToast({
      title: 'Address changed',
      description: text('crid') ? `Account ${text('crid')}` : undefined,
    });
  }
}

/**
 * Listens to the gateway's event stream while signed in and shows each delivery as a toast.
 * EventSource reconnects by itself and sends Last-Event-ID, so nothing is missed.
 */
export function useLiveEvents(enabled: boolean, onEvent?: (event: ReceivedEvent) => void) {
  useEffect(() => {
    if (!enabled) return undefined;
    const source = new EventSource('/events');
    const handle = (message: MessageEvent<string>) => {
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = ReceivedEventSchema.safeParse(json);
      if (!parsed.success) return;
      toastFor(parsed.data);
      onEvent?.(parsed.data);
    };
    for (const type of TYPES) source.addEventListener(type, handle);
    return () => source.close();
  }, [enabled, onEvent]);
}
