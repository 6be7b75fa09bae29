import {
  UserImagesResponseSchema,
  UserListSchema,
  UserSchema,
  type User,
  type UserField,
  type UserImageKind,
  type UserImagesResponse,
  type UserList,
  type UserPut,
} from '../contract/users.ts';
import type { ListParams } from './paginate.ts';
import { readById } from './read-by-id.ts';
import { defaultClient, seg, type CallOptions, type Client } from './request.ts';

export type UserListParams = ListParams & {
  /** Fields to add to the lean list records (sent as one comma-separated `fields`). */
  fields?: readonly UserField[] | undefined;
};

const BASE = '/api/users/v1/users';

export function usersApi({ request }: Client) {
  return {
    listUsers: ({ fields, ...params }: UserListParams, opts: CallOptions = {}): Promise<UserList> =>
      request('GET', BASE, {
        query: { ...params, fields: fields?.length ? fields.join(',') : undefined },
        schema: UserListSchema,
        ...opts,
      }),

    getUser: readById(request, BASE, UserSchema),

    /** Sets uploaded images by key; only the user themselves or users.manage may. */
    updateUser: (id: string, body: UserPut): Promise<User> =>
      request('PUT', `${BASE}/${seg(id)}`, { body, schema: UserSchema }),

    /** Upload slots (POST form) for the signature and/or notary seal image. */
    requestImageUploads: (
      id: string,
      images: readonly UserImageKind[],
    ): Promise<UserImagesResponse> =>
      request('POST', `${BASE}/${seg(id)}/images`, {
        body: { images },
        schema: UserImagesResponseSchema,
      }),
  };
}

export type UsersApi = ReturnType<typeof usersApi>;

export const { listUsers, getUser, updateUser, requestImageUploads } = usersApi(defaultClient);
