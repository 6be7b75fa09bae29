import {
  UserImagesRequestSchema,
  UserImagesResponseSchema,
  UserListQuerySchema,
  UserListSchema,
  UserPutSchema,
  UserSchema,
} from '../../../contract/users.ts';
import { USERS } from '../../users/users.routes.ts';
import { areaOperations, gap, listOf, type Access } from '../api-operation.ts';

const ANY: Access = { kind: 'bearer', anyOf: [], area: 'users' };
const USER_ID = { userId: { description: 'The user’s id.' } };
const EDITOR =
  'Allowed for the user themselves (the token’s user) or a client with the `users.manage` ' +
  'permission; anyone else gets 401.';

export const userOperations = areaOperations('Users', ANY, [
  {
    method: 'get',
    path: '/users/v1/users',
    operationId: 'listUsers',
    summary: 'List users',
    description:
      'Lean records by default; `fields` adds notary fields and image URLs (interface-gaps #5).',
    query: UserListQuerySchema,
    queryNotes: {
      fields: `Comma-separated names to add: ${['isNotary', 'signatureImageUrl', 'notarySealImageUrl'].map((f) => `\`${f}\``).join(', ')}, …; an unknown name gets 400.`,
    },
    list: listOf('users', USERS),
    responses: [{ status: 200, description: 'A page of users.', schema: UserListSchema }],
    extension: gap('Users', 'the spec names the users list key but no list endpoint'),
  },
  {
    method: 'get',
    path: '/users/v1/users/{userId}',
    operationId: 'getUser',
    summary: 'Get a user',
    description: 'The detail view: notary fields and presigned image URLs (60 minutes).',
    pathParams: USER_ID,
    responses: [{ status: 200, description: 'The user.', schema: UserSchema }],
  },
  {
    method: 'put',
    path: '/users/v1/users/{userId}',
    operationId: 'updateUser',
    summary: 'Update a user’s images',
    description:
      `${EDITOR} \`signatureKey\` and \`notarySealKey\` are keys from the images endpoint, ` +
      'uploaded before the PUT; a key wins over the deprecated filename of the same image. A ' +
      'deprecated filename without its key asks for a PUT URL in `uploadImageUrls`.',
    pathParams: USER_ID,
    body: { json: UserPutSchema },
    responses: [
      {
        status: 200,
        description: 'The updated profile, with any upload URLs.',
        schema: UserSchema,
      },
    ],
    errors: { 400: 'A bad body, or a key not issued for this user and image or not uploaded.' },
  },
  {
    method: 'post',
    path: '/users/v1/users/{userId}/images',
    operationId: 'createUserImageUploads',
    summary: 'Get upload slots for a user’s images',
    description:
      `${EDITOR} POST each image (PNG or JPEG, at most 5 MB) to its \`uploadUrl\` as a ` +
      'multipart form, then PUT the profile with the keys (interface-gaps #20).',
    pathParams: USER_ID,
    body: { json: UserImagesRequestSchema },
    responses: [
      { status: 201, description: 'One upload per image.', schema: UserImagesResponseSchema },
    ],
  },
]);
