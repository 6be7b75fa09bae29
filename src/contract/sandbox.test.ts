import { describe, expect, it } from 'vitest';
import {
  ClockAdvanceSchema,
  DeliveryDetailSchema,
  DeliveryListQuerySchema,
  DeliveryListSchema,
  MAX_CLOCK_ADVANCE_SECONDS,
  MessageIdSchema,
  SandboxInfoSchema,
} from './sandbox.ts';
import { expectStatusFilter, ID, messages, NOW, pagination } from './testing/fixtures.ts';

const attempt = {
  attempt: 1,
  attemptedOn: NOW,
  url: 'http://127.0.0.1:8080/webhooks',
  statusCode: 500,
  error: null,
  durationMs: 12,
};
const delivery = {
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  eventType: 'DOCUMENT_READY',
  status: 'pending',
  attemptCount: 1,
  createdOn: NOW,
  nextAttemptOn: NOW,
  deliveredOn: null,
  payload: { fileUUID: ID },
  lastAttempt: attempt,
};

describe('SandboxInfoSchema', () => {
  it('accepts the sandbox answer and nothing that is not one', () => {
    const info = {
      sandbox: true,
      service: 'attest-reference',
      now: NOW,
      demoLogins: [{ clientId: 'a', clientSecret: 's', owner: 'acme', summary: 'x' }],
    };
    expect(SandboxInfoSchema.parse(info)).toEqual(info);
    expect(SandboxInfoSchema.safeParse({ ...info, sandbox: false }).success).toBe(false);
    expect(SandboxInfoSchema.safeParse({ message: 'no route' }).success).toBe(false);
  });
});

describe('ClockAdvanceSchema', () => {
  it.each([1, 60, MAX_CLOCK_ADVANCE_SECONDS])('accepts %i seconds', (seconds) =>
    expect(ClockAdvanceSchema.parse({ seconds })).toEqual({ seconds }),
  );

  it.each([
    [{ seconds: 0 }, 'seconds must be positive'],
    [{ seconds: 2.5 }, 'seconds must be a whole number'],
    [{ seconds: MAX_CLOCK_ADVANCE_SECONDS + 1 }, 'seconds must be at most 864000'],
  ])('refuses %j', (value, message) => {
    expect(messages(ClockAdvanceSchema, value)).toEqual([message]);
  });

  it('refuses unknown keys, so a typo is not silently ignored', () => {
    expect(ClockAdvanceSchema.safeParse({ seconds: 5, minutes: 1 }).success).toBe(false);
  });
});

describe('MessageIdSchema', () => {
  it.each(['msg_p5jXN8AQM9LWM0D4loKWxJek', 'msg_a-b_c'])('accepts %s', (id) =>
    expect(MessageIdSchema.safeParse(id).success).toBe(true),
  );
  it.each(['p5jXN8AQM9LWM0D4loKWxJek', 'msg_', 'msg_a/b', ID])('refuses %s', (id) =>
    expect(MessageIdSchema.safeParse(id).success).toBe(false),
  );
});

describe('deliveries', () => {
  it('parses a page and a detail', () => {
    const page = { deliveries: [delivery], pagination };
    expect(DeliveryListSchema.parse(page)).toEqual(page);
    const full = { ...delivery, attempts: [attempt, { ...attempt, statusCode: null, error: 'x' }] };
    expect(DeliveryDetailSchema.parse(full)).toEqual(full);
  });

  it.each([
    { ...delivery, status: 'sent' },
    { ...delivery, eventType: 'SOMETHING_ELSE' },
    { ...delivery, attemptCount: -1 },
    { ...delivery, lastAttempt: { ...attempt, statusCode: '500' } },
  ])('refuses %j', (value) =>
    expect(DeliveryListSchema.shape.deliveries.def.element.safeParse(value).success).toBe(false),
  );

  it('takes the status filter with the list parameters', () => {
    expectStatusFilter(DeliveryListQuerySchema, 'failed', 'lost');
  });
});
