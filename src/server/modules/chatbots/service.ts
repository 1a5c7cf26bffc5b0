import {
  type ChatbotInput,
  type ChatbotOption,
  countOptions,
  MAX_CHATBOT_OPTIONS,
} from '../../../shared/api/chatbots';
import { VALIDATION } from '../../../shared/errors';
import { AppError, notFound } from '../../platform/app-error';
import type { Context } from '../../platform/deps';
import type { TenantDb } from '../../platform/tenant';
import {
  type ChatbotRow,
  countOwned,
  deleteOptionRow,
  descendantsOf,
  findOptionRow,
  findQueueId,
  optionRowsOf,
  queueIdsOf,
  treeOf,
  writeOption,
  writeOptions,
} from './queries';

function collectTargets(inputs: readonly ChatbotInput[], into = { queues: [0], users: [0], files: [0] }) {
  for (const input of inputs) {
    if (input.optQueueId) into.queues.push(input.optQueueId);
    if (input.optUserId) into.users.push(input.optUserId);
    if (input.optFileId) into.files.push(input.optFileId);
    collectTargets(input.options ?? [], into);
  }
  return into;
}

/**
 * The queues, attendants and file lists the options point at are the company's own: another company's
 * are as absent as ones that never existed.
 */
export async function assertOptionTargets(db: TenantDb, inputs: readonly ChatbotInput[]) {
  const targets = collectTargets(inputs);
  const checks = [
    ['queue', targets.queues, 'ERR_NO_QUEUE_FOUND'],
    ['user', targets.users, 'ERR_NO_USER_FOUND'],
    ['fileList', targets.files, 'ERR_NOT_FOUND'],
  ] as const;
  for (const [kind, ids, code] of checks) {
    const { wanted, owned } = await countOwned(db, kind, ids);
    if (owned !== wanted) throw notFound(code);
  }
}

/** A queue's option tree (every level), as the queue's dialog and the bots read it. */
export async function queueOptionTree(db: TenantDb, queueId: number) {
  return treeOf(await optionRowsOf(db, [queueId]), null);
}

/**
 * Replaces a queue's whole option tree in the caller's transaction (the queue's save): options named by
 * id are kept (tickets standing at them stay there), new ones made, the rest removed.
 */
export async function replaceQueueOptions(tx: TenantDb, queueId: number, inputs: readonly ChatbotInput[]) {
  await assertOptionTargets(tx, inputs);
  const rows = await optionRowsOf(tx, [queueId]);
  const replaceable = new Set(rows.map((row) => row.id));
  await writeOptions(tx, { queueId, parentId: null }, inputs, replaceable);
}

/** GET /chatbot: the company's trees, one queue's when asked. */
export async function listOptions(ctx: Pick<Context, 'db'>, queueId: number | undefined) {
  const queueIds = queueId === undefined ? await queueIdsOf(ctx.db) : [queueId];
  const rows = await optionRowsOf(ctx.db, queueIds);
  return treeOf(rows, null).map((root) => ({
    ...root,
    queueId: rows.find((row) => row.id === root.id)!.queueId,
  }));
}

async function optionTree(ctx: Pick<Context, 'db'>, id: number): Promise<ChatbotOption> {
  const row = await findOptionRow(ctx.db, id);
  if (!row) throw notFound('ERR_NOT_FOUND');
  const rows = await optionRowsOf(ctx.db, [row.queueId]);
  return treeOf(rows, row.parentId).find((option) => option.id === id)!;
}

export const showOption = (ctx: Pick<Context, 'db'>, id: number) => optionTree(ctx, id);

/** POST /chatbot: an option with its nested options, at the top of a queue's tree or under an option. */
export async function createOption(
  ctx: Pick<Context, 'db'>,
  input: ChatbotInput & { queueId?: number | null; parentId?: number | null },
) {
  const { queueId: askedQueue, parentId: askedParent, ...option } = input;
  const id = await ctx.db.transaction(async (tx) => {
    let place: { queueId: number; parentId: number | null };
    let rows: ChatbotRow[];
    if (askedParent) {
      const parent = await findOptionRow(tx, askedParent);
      if (!parent) throw notFound('ERR_NOT_FOUND');
      // 2-administration §5: a level opens under a text option with a message.
      if (parent.queueType !== 'text' || !parent.greetingMessage?.trim())
        throw new AppError(VALIDATION.required, 400);
      place = { queueId: parent.queueId, parentId: parent.id };
      rows = await optionRowsOf(tx, [parent.queueId]);
    } else {
      const queueId = await findQueueId(tx, askedQueue!);
      if (queueId === undefined) throw notFound('ERR_NO_QUEUE_FOUND');
      place = { queueId, parentId: null };
      rows = await optionRowsOf(tx, [queueId]);
    }
    await assertOptionTargets(tx, [option]);
    if (rows.length + countOptions([option]) > MAX_CHATBOT_OPTIONS)
      throw new AppError(VALIDATION.tooLong, 400);
    // A new option comes last among its siblings.
    const position = rows.filter((row) => row.parentId === place.parentId).length;
    const made = await writeOption(tx, { ...place, position }, { ...option, id: undefined }, new Set());
    await writeOptions(tx, { ...place, parentId: made }, option.options ?? [], new Set());
    return made;
  });
  return optionTree(ctx, id);
}

/** PUT /chatbot/:id: the option's fields; its nested options replaced when `options` is given. */
export async function updateOption(ctx: Pick<Context, 'db'>, id: number, input: ChatbotInput) {
  await ctx.db.transaction(async (tx) => {
    const row = await findOptionRow(tx, id);
    if (!row) throw notFound('ERR_NOT_FOUND');
    await assertOptionTargets(tx, [input]);
    const place = { queueId: row.queueId, parentId: row.parentId, position: row.position };
    const rows = await optionRowsOf(tx, [row.queueId]);
    const below = descendantsOf(rows, id);
    if (input.options !== undefined) {
      if (rows.length - below.size + countOptions(input.options) > MAX_CHATBOT_OPTIONS)
        throw new AppError(VALIDATION.tooLong, 400);
      await writeOptions(tx, { ...place, parentId: id }, input.options, below);
    } else if (below.size > 0) {
      // The options kept under it still need what the contract asks of a level (2-administration §5).
      if ((input.queueType ?? 'text') !== 'text') throw new AppError(VALIDATION.onlyTextHasOptions, 400);
      if (!input.greetingMessage?.trim()) throw new AppError(VALIDATION.required, 400);
    }
    await writeOption(tx, place, { ...input, id }, new Set([id]));
  });
  return optionTree(ctx, id);
}

/** DELETE /chatbot/:id: the option and everything under it. */
export async function deleteOption(ctx: Pick<Context, 'db'>, id: number) {
  if (!(await deleteOptionRow(ctx.db, id))) throw notFound('ERR_NOT_FOUND');
  return { ok: true as const };
}
