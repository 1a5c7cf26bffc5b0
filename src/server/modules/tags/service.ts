import type { z } from 'zod';
import type { Tag, tagBody, tagsRoutes } from '../../../shared/api/tags';
import type { TagEvent } from '../../../shared/realtime';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import { toCompany } from '../../platform/events';
import * as q from './queries';

export const TAGS_PAGE_SIZE = 20;

type TagInput = z.output<typeof tagBody>;
type TagChange = z.output<(typeof tagsRoutes)['update']['body']>;
type PageQuery = z.output<(typeof tagsRoutes)['page']['query']>;

/** The company's tags by name; with `kanban`, only those with that flag (1: the kanban's columns). */
export function listTags(ctx: Context, kanban?: number): Promise<Tag[]> {
  return q.selectTags(ctx.db, kanban);
}

/** GET /tags: a page of the company's tags by name, each with its ticket and contact counts. */
export async function pageTags(ctx: Context, query: PageQuery) {
  const offset = (query.pageNumber - 1) * TAGS_PAGE_SIZE;
  const { rows, total } = await q.selectTagPage(
    ctx.db,
    q.tagsMatching(query.searchParam.trim(), query.kanban),
    {
      limit: TAGS_PAGE_SIZE,
      offset,
    },
  );
  return { tags: rows, count: total, hasMore: offset + rows.length < total };
}

/** A tag of the caller's company; another company's tag does not exist here. */
export async function findTag(ctx: Pick<Context, 'db'>, id: number): Promise<Tag> {
  const tag = await q.findTagRow(ctx.db, id);
  if (!tag) throw notFound('ERR_NO_TAG_FOUND');
  return tag;
}

/** The unique index decides, so two saves of one name at once cannot both succeed. */
function refusal(err: unknown): never {
  if (isUniqueViolation(err, 'tags_company_name_unique'))
    throw new AppError('ERR_TAG_NAME_ALREADY_EXISTS', 409);
  throw err;
}

/** 3-automation §7: `company{id}-tag` to everyone of the company (every user may use tags). */
const announce = (ctx: Context, payload: TagEvent) =>
  ctx.events.publish(toCompany('tag', ctx.actor.companyId, payload));

export async function createTag(ctx: Context, input: TagInput) {
  const tag = await q.insertTag(ctx.db, input).catch(refusal);
  announce(ctx, { action: 'create', tag });
  return tag;
}

export async function updateTag(ctx: Context, id: number, input: TagChange) {
  const tag = await q.updateTagRow(ctx.db, id, input).catch(refusal);
  if (!tag) throw notFound('ERR_NO_TAG_FOUND');
  announce(ctx, { action: 'update', tag });
  return tag;
}

/** The links to tickets and contacts go with the tag. */
export async function deleteTag(ctx: Context, id: number) {
  if (!(await q.deleteTagRow(ctx.db, id))) throw notFound('ERR_NO_TAG_FOUND');
  announce(ctx, { action: 'delete', tagId: id });
  return { ok: true as const };
}
