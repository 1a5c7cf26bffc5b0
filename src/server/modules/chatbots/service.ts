import { and, eq, inArray } from 'drizzle-orm';
import {
  type ChatbotInput,
  type ChatbotOption,
  countOptions,
  MAX_CHATBOT_OPTIONS,
} from '../../../shared/api/chatbots';
import { VALIDATION } from '../../../shared/errors';
import { fileLists, queues, users } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { AppError, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import {
  type ChatbotRow,
  deleteOptionRow,
  descendantsOf,
  findOptionRow,
  optionRowsOf,
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

/** How many of `ids` (zero aside) are rows of the company in `table`. */
async function countOwned(
  db: DbOrTx,
  table: typeof queues | typeof users | typeof fileLists,
  companyId: number,
  ids: number[],
) {
  const wanted = [...new Set(ids.filter((id) => id > 0))];
  if (wanted.length === 0) return { wanted: 0, owned: 0 };
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, companyId), inArray(table.id, wanted)));
  return { wanted: wanted.length, owned: rows.length };
}

/**
 * The queues, attendants and file lists the options point at are the company's own: another company's
 * are as absent as ones that never existed.
 */
export async function assertOptionTargets(db: DbOrTx, companyId: number, inputs: readonly ChatbotInput[]) {
  const targets = collectTargets(inputs);
  const checks = [
    [queues, targets.queues, 'ERR_NO_QUEUE_FOUND'],
    [users, targets.users, 'ERR_NO_USER_FOUND'],
    [fileLists, targets.files, 'ERR_NOT_FOUND'],
  ] as const;
  for (const [table, ids, code] of checks) {
    const { wanted, owned } = await countOwned(db, table, companyId, ids);
    if (owned !== wanted) throw notFound(code);
  }
}

/** A queue's option tree (every level), as the queue's dialog and the bots read it. */
export async function queueOptionTree(db: DbOrTx, companyId: number, queueId: number) {
  return treeOf(await optionRowsOf(db, companyId, [queueId]), null);
}

/**
 * Replaces a queue's whole option tree in the caller's transaction (the queue's save): options named by
 * id are kept (tickets standing at them stay there), new ones made, the rest removed.
 */
export async function replaceQueueOptions(
  tx: DbOrTx,
  companyId: number,
  queueId: number,
  inputs: readonly ChatbotInput[],
) {
  await assertOptionTargets(tx, companyId, inputs);
  const rows = await optionRowsOf(tx, companyId, [queueId]);
  const replaceable = new Set(rows.map((row) => row.id));
  await writeOptions(tx, { companyId, queueId, parentId: null }, inputs, replaceable);
}

/** GET /chatbot: the company's trees, one queue's when asked. */
export async function listOptions(db: DbOrTx, actor: Actor, queueId: number | undefined) {
  const queueIds =
    queueId === undefined
      ? (await db.select({ id: queues.id }).from(queues).where(eq(queues.companyId, actor.companyId))).map(
          (q) => q.id,
        )
      : [queueId];
  const rows = await optionRowsOf(db, actor.companyId, queueIds);
  return treeOf(rows, null).map((root) => ({
    ...root,
    queueId: rows.find((row) => row.id === root.id)!.queueId,
  }));
}

async function optionTree(db: DbOrTx, actor: Actor, id: number): Promise<ChatbotOption> {
  const row = await findOptionRow(db, actor.companyId, id);
  if (!row) throw notFound('ERR_NOT_FOUND');
  const rows = await optionRowsOf(db, actor.companyId, [row.queueId]);
  return treeOf(rows, row.parentId).find((option) => option.id === id)!;
}

export const showOption = (db: DbOrTx, actor: Actor, id: number) => optionTree(db, actor, id);

/** POST /chatbot: an option with its nested options, at the top of a queue's tree or under an option. */
export async function createOption(
  db: DbOrTx,
  actor: Actor,
  input: ChatbotInput & { queueId?: number | null; parentId?: number | null },
) {
  const { companyId } = actor;
  const { queueId: askedQueue, parentId: askedParent, ...option } = input;
  const id = await db.transaction(async (tx) => {
    let place: { companyId: number; queueId: number; parentId: number | null };
    let rows: ChatbotRow[];
    if (askedParent) {
      const parent = await findOptionRow(tx, companyId, askedParent);
      if (!parent) throw notFound('ERR_NOT_FOUND');
      // 2-administration §5: a level opens under a text option with a message.
      if (parent.queueType !== 'text' || !parent.greetingMessage?.trim())
        throw new AppError(VALIDATION.required, 400);
      place = { companyId, queueId: parent.queueId, parentId: parent.id };
      rows = await optionRowsOf(tx, companyId, [parent.queueId]);
    } else {
      const [queue] = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), eq(queues.id, askedQueue!)));
      if (!queue) throw notFound('ERR_NO_QUEUE_FOUND');
      place = { companyId, queueId: queue.id, parentId: null };
      rows = await optionRowsOf(tx, companyId, [queue.id]);
    }
    await assertOptionTargets(tx, companyId, [option]);
    if (rows.length + countOptions([option]) > MAX_CHATBOT_OPTIONS)
      throw new AppError(VALIDATION.tooLong, 400);
    // A new option comes last among its siblings.
    const position = rows.filter((row) => row.parentId === place.parentId).length;
    const made = await writeOption(tx, { ...place, position }, { ...option, id: undefined }, new Set());
    await writeOptions(tx, { ...place, parentId: made }, option.options ?? [], new Set());
    return made;
  });
  return optionTree(db, actor, id);
}

/** PUT /chatbot/:id: the option's fields; its nested options replaced when `options` is given. */
export async function updateOption(db: DbOrTx, actor: Actor, id: number, input: ChatbotInput) {
  const { companyId } = actor;
  await db.transaction(async (tx) => {
    const row = await findOptionRow(tx, companyId, id);
    if (!row) throw notFound('ERR_NOT_FOUND');
    await assertOptionTargets(tx, companyId, [input]);
    const place = { companyId, queueId: row.queueId, parentId: row.parentId, position: row.position };
    const rows = await optionRowsOf(tx, companyId, [row.queueId]);
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
  return optionTree(db, actor, id);
}

/** DELETE /chatbot/:id: the option and everything under it. */
export async function deleteOption(db: DbOrTx, actor: Actor, id: number) {
  if (!(await deleteOptionRow(db, actor.companyId, id))) throw notFound('ERR_NOT_FOUND');
  return { ok: true as const };
}
