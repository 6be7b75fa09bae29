// Deterministic text of the demo powers of attorney (plain ASCII: the standard fonts encode
// WinAnsi only). The grant, the powers and the durability clause come first, in this order, so
// a check about one of them points at a paragraph of its own.

export const poaGrant = (principal: string, agent: string, county: string, state: string) =>
  `I, ${principal}, of the County of ${county}, State of ${state} (the "Principal"), hereby appoint ${agent} (the "Agent") as my true and lawful attorney-in-fact, to act in my name, place and stead, and for my use and benefit, as to the account and matter referenced above.`;

export const POA_POWERS = [
  'My Agent shall have full power and authority to act on my behalf in the following matters:',
  '(a) to negotiate, settle, compromise and pay any balance owed on the account referenced above;',
  '(b) to receive, endorse and deposit checks, drafts and other instruments payable to me;',
  '(c) to request, obtain and review statements, records and correspondence of the account;',
  '(d) to sign, acknowledge and deliver any agreement, release or notice the foregoing requires.',
];

export const POA_DURABLE =
  'This power of attorney shall not be affected by the subsequent disability or incapacity of the Principal, or by the lapse of time, and shall remain in effect until revoked by the Principal in a writing delivered to the Agent.';

export const POA_PARAGRAPHS = [
  'The Principal revokes every earlier power of attorney that grants authority over the account referenced above, except any power of attorney for health care, which this instrument does not affect.',
  'Any third party who receives a copy of this instrument may act under it. Revocation of this power of attorney is not effective as to a third party until that third party has actual knowledge of the revocation.',
  "The Agent shall act in good faith, within the scope of the authority granted herein, and in accordance with the Principal's reasonable expectations to the extent actually known by the Agent, and otherwise in the Principal's best interest.",
  'The Agent shall keep a record of all receipts, disbursements and transactions made on behalf of the Principal, and shall render an account to the Principal upon request.',
  "The Agent shall serve without compensation but shall be reimbursed for reasonable expenses incurred in the performance of the Agent's duties under this instrument.",
  'The Principal ratifies and confirms all that the Agent shall lawfully do or cause to be done by virtue of this power of attorney, and agrees to indemnify the Agent against any claim arising from such acts done in good faith.',
  'If any provision of this power of attorney is held invalid or unenforceable, the remaining provisions shall continue in full force and effect, and the instrument shall be construed as if the invalid provision had been omitted.',
  'This power of attorney shall be governed by the laws of the State named in the venue of the acknowledgment below, and a photocopy or electronically transmitted copy of this executed instrument shall have the same effect as the original.',
];
