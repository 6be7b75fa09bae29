import {
  UserImagesRequestSchema,
  UserImagesResponseSchema,
  UserListQuerySchema,
  UserListSchema,
  UserPutSchema,
  UserSchema,
} from '../../../contract/users.ts';
import { USERS } from '../../users/users.routes.ts';
import {
  answer,
  areaOperations,
  gap,
  get,
  listOf,
  post,
  put,
  type Access,
} from '../api-operation.ts';

const ANY: Access = { kind: 'bearer', anyOf: [], area: 'users' };
const USER_ID = { userId: { description: 'The user’s id.' } };
const EDITOR =
  'Allowed for the user themselves (the token’s user) or a client with the `users.manage` ' +
  'permission; anyone else gets 401.';

export const userOperations = areaOperations('Users', ANY, [
  {
    ...get('/users/v1/users', 'listUsers', 'List users'),
    description:
      'Lean records by default; `fields` adds notary fields and image URLs (interface-gaps #5).',
    query: UserListQuerySchema,
    queryNotes: {
      fields: `Comma-separated names to add: ${['isNotary', 'signatureImageUrl', 'notarySealImageUrl'].map((f) => `\`${f}\``).join(', ')}, …; an unknown name gets 400.`,
    },
    list: listOf('users', USERS),
    responses: [answer(200, 'A page of users.', UserListSchema)],
    extension: gap('Users', 'the spec names the users list key but no list endpoint'),
  },
  {
    ...get('/users/v1/users/{userId}', 'getUser', 'Get a user'),
    description: 'The detail view: notary fields and presigned image URLs (60 minutes).',
    pathParams: USER_ID,
    responses: [answer(200, 'The user.', UserSchema)],
  },
  {
    ...put('/users/v1/users/{userId}', 'updateUser', 'Update a user’s images'),
    description:
      `${EDITOR} \`signatureKey\` and \`notarySealKey\` are keys from the images endpoint, ` +
      'uploaded before the PUT; a key wins over the deprecated filename of the same image. A ' +
      'deprecated filename without its key asks for a PUT URL in `uploadImageUrls`.',
    pathParams: USER_ID,
    body: { json: UserPutSchema },
    responses: [answer(200, 'The updated profile, with any upload URLs.', UserSchema)],
    errors: { 400: 'A bad body, or a key not issued for this user and image or not uploaded.' },
  },
  {
    ...post(
      '/users/v1/users/{userId}/images',
      'createUserImageUploads',
      'Get upload slots for a user’s images',
    ),
    description:
      `${EDITOR} POST each image (PNG or JPEG, at most 5 MB) to its \`uploadUrl\` as a ` +
      'multipart form, then PUT the profile with the keys (interface-gaps #20).',
    pathParams: USER_ID,
    body: { json: UserImagesRequestSchema },
    responses: [answer(201, 'One upload per image.', UserImagesResponseSchema)],
  },
]);
