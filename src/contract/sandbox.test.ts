import { describe, expect, it } from 'vitest';
import {
  ClockAdvanceSchema,
  DeliveryDetailSchema,
  DeliveryListQuerySchema,
  DeliveryListSchema,
  MAX_CLOCK_ADVANCE_SECONDS,
  MAX_SANDBOX_ACTORS,
  MessageIdSchema,
  SandboxInfoSchema,
  SandboxQcRequestFieldsSchema,
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

describe('SandboxQcRequestFieldsSchema', () => {
  const actor = { userId: ID, roleId: 'affiant' };
  const form = {
    processId: ID,
    matterReference: ' MR-1 ',
    signedOn: NOW,
    actors: JSON.stringify([actor]),
  };

  it('reads the form: actors from their JSON, the reference trimmed', () => {
    expect(SandboxQcRequestFieldsSchema.parse(form)).toEqual({
      ...form,
      matterReference: 'MR-1',
      actors: [actor],
    });
    expect(SandboxQcRequestFieldsSchema.parse({ ...form, firmId: ID }).firmId).toBe(ID);
  });

  it.each([
    ['actors that are not JSON', { actors: '[{' }, /actors must be JSON/],
    ['actors that are not a list', { actors: '{}' }, /JSON array/],
    ['no actors', { actors: '[]' }, /at least one user/],
    [
      'too many actors',
      { actors: JSON.stringify(Array.from({ length: MAX_SANDBOX_ACTORS + 1 }, () => actor)) },
      /at most 20/,
    ],
    [
      'an actor without a role',
      { actors: JSON.stringify([{ userId: ID, roleId: ' ' }]) },
      /roleId/,
    ],
    [
      'an actor that is no id',
      { actors: JSON.stringify([{ userId: 'u1', roleId: 'x' }]) },
      /UUID/i,
    ],
    ['an actor with more', { actors: JSON.stringify([{ ...actor, more: 1 }]) }, /more/],
    ['a date without its zone', { signedOn: '2026-01-02T10:00:00' }, /ISO 8601 UTC/],
    ['a date that is no date', { signedOn: 'yesterday' }, /ISO 8601 UTC/],
    ['a blank reference', { matterReference: '  ' }, /must not be empty/],
    ['a process that is no id', { processId: 'affidavit' }, /UUID/i],
    ['a field it does not know', { extra: 'x' }, /extra/],
  ])('refuses %s', (_, change, message) => {
    const found = messages(SandboxQcRequestFieldsSchema, { ...form, ...change });
    expect(found.join('\n')).toMatch(message);
  });
});
