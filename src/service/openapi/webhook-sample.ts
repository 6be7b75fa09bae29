// One DOCUMENT_READY delivery of the right shape, for the tests of the webhook checks: its
// signature is well-formed, not valid (the checks judge the shape; the receiver's tests sign).

export const DOCUMENT_READY_PAYLOAD = {
  matterUUID: '5b0f7c8e-3a2d-4e61-9b7a-0c1d2e3f4a5b',
  crid: 'CR-1001',
  downloadUrl: 'https://files.example.com/d/1.pdf',
  fileRequestUUID: '6c1a8d9f-4b3e-4f72-8c8b-1d2e3f4a5b6c',
  fileUUID: '7d2b9e0a-5c4f-4a83-9d9c-2e3f4a5b6c7d',
};

export const documentReadyHeaders = (): Record<string, string> => ({
  'content-type': 'application/json',
  'hook-id': 'msg_2x7Qk',
  'hook-timestamp': String(Math.floor(Date.now() / 1000)),
  'hook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  'hook-event-type': 'DOCUMENT_READY',
});
