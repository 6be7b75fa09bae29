import { Hono, type Context } from 'hono';
import {
  USER_IMAGE_KINDS,
  UserImagesRequestSchema,
  UserListQuerySchema,
  UserPutSchema,
  type UserImageKind,
} from '../../contract/users.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireListOwner } from '../http/auth.ts';
import { notFound, unauthorized } from '../http/errors.ts';
import { ownedList } from '../http/owned-lists.ts';
import { listPage, parseListParams } from '../http/pagination.ts';
import { jsonBody, queryParams, uuidParam } from '../http/validate.ts';
import { transaction } from '../store/transaction.ts';
import {
  checkImageKey,
  FILENAME_FIELDS,
  IMAGE_COLUMNS,
  issueImagePutUrl,
  issueImageUpload,
  KEY_FIELDS,
} from './images.ts';
import { findUser, listUserJson, USER_COLUMNS, userJson, type UserRow } from './user-json.ts';

export const USERS = ownedList('users', 'users u', USER_COLUMNS, {
  displayName: 'display_name',
  createdOn: 'created_on',
});

/** The path's user, of the caller's owner; 404 for an unknown or another owner's id. */
function pathUser(ctx: ServiceContext, c: Context<ServiceEnv>): UserRow {
  const id = uuidParam(c, 'userId');
  const row = findUser(ctx, c.get('principal').owner, id);
  if (!row) throw notFound(`user ${id} not found`);
  return row;
}

/**
 * The path's user, if the caller may change it: the user themselves or a client with
 * users.manage (spec, Authentication 9); 401 otherwise. The user is looked up first: every
 * client of the owner may read its users, so a 404 reveals nothing a GET would not.
 */
function editableUser(ctx: ServiceContext, c: Context<ServiceEnv>): UserRow {
  const row = pathUser(ctx, c);
  const principal = c.get('principal');
  if (principal.userId?.toLowerCase() !== row.id && !principal.perms.has('users.manage')) {
    throw unauthorized(
      'a client may edit only its own user; editing another user needs the users.manage permission',
    );
  }
  return row;
}

export function userRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();

  // Every client of the owner may read its users: the console shows reviewer and actor names.
  routes.get('/users', (c) => {
    const owner = requireListOwner(c, c.req.query('owner'));
    const params = parseListParams(c.req.query(), owner, USERS);
    // The mask picks fields only, not rows, so cursors need not be bound to it.
    const { fields = [] } = queryParams(c, UserListQuerySchema);
    const { rows, pagination } = listPage<UserRow>(ctx, USERS, params);
    return c.json({ users: rows.map((row) => listUserJson(ctx, row, fields)), pagination }, 200);
  });

  routes.get('/users/:userId', (c) => c.json(userJson(ctx, pathUser(ctx, c)), 200));

  routes.put('/users/:userId', async (c) => {
    const user = editableUser(ctx, c);
    const body = await jsonBody(c, UserPutSchema);
    // Every key is checked before anything is written; a throw rolls back the lot.
    const { row, uploadImageUrls } = transaction(ctx.db, () => {
      const urls: Partial<Record<UserImageKind, string>> = {};
      for (const kind of USER_IMAGE_KINDS) {
        const key = body[KEY_FIELDS[kind]];
        if (key !== undefined) {
          // A key wins over the deprecated filename of the same image (spec rule 3).
          checkImageKey(ctx, user.owner, user.id, kind, key);
          ctx.db
            .prepare(`UPDATE users SET ${IMAGE_COLUMNS[kind]} = ? WHERE id = ? AND owner = ?`)
            .run(key, user.id, user.owner);
        } else if (body[FILENAME_FIELDS[kind]] !== undefined) {
          // Deprecated: only a PUT URL is issued; the profile takes the image when a later
          // PUT sends its key (the key is the URL's path after /uploads/).
          urls[kind] = issueImagePutUrl(ctx, user.owner, user.id, kind);
        }
      }
      return { row: findUser(ctx, user.owner, user.id) ?? user, uploadImageUrls: urls };
    });
    const extra = Object.keys(uploadImageUrls).length > 0 ? { uploadImageUrls } : {};
    return c.json({ ...userJson(ctx, row), ...extra }, 200);
  });

  routes.post('/users/:userId/images', async (c) => {
    const user = editableUser(ctx, c);
    const { images } = await jsonBody(c, UserImagesRequestSchema);
    const issued = transaction(ctx.db, () =>
      images.map((kind) => issueImageUpload(ctx, user.owner, user.id, kind)),
    );
    return c.json({ images: issued }, 201);
  });

  return routes;
}
