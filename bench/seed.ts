import { hashPassword } from '../src/server/modules/auth/password';
import type { BenchDatabase } from './database';

/** The data set of the issue; BENCH_SCALE scales contacts, tickets and messages. */
export interface Sizes {
  users: number;
  queues: number;
  contacts: number;
  tickets: number;
  messages: number;
  /** The one long conversation (GET /messages on a ticket with this many messages). */
  longTicketMessages: number;
}

export function sizesFor(scale: number): Sizes {
  return {
    // Users and queues are few and the scenarios need them all (an agent with 3 of the 10 queues).
    users: 50,
    queues: 10,
    contacts: Math.round(20_000 * scale),
    tickets: Math.round(100_000 * scale),
    messages: Math.round(2_000_000 * scale),
    longTicketMessages: 5_000,
  };
}

export const BENCH_COMPANY = 'Bench Company';
export const BENCH_PASSWORD = 'bench-secret';
export const ADMIN_EMAIL = 'bench-1@atendo.bench';
/** The browser scenario's admin: a sign-in ends the account's other sessions, so not ADMIN_EMAIL's. */
export const BROWSER_ADMIN_EMAIL = 'bench-2@atendo.bench';
/** Users 2–5 are admins too; users from 6 on are agents with 3 queues each. */
export const AGENT_EMAIL = 'bench-6@atendo.bench';
const ADMINS = 5;

// biome-ignore format: the lists read better in rows
const FIRST_NAMES = [
  'Ana', 'Bruno', 'Carla', 'Daniel', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João',
  'Karina', 'Lucas', 'Mariana', 'Nicolas', 'Olívia', 'Pedro', 'Quésia', 'Rafael', 'Sofia', 'Thiago',
  'Úrsula', 'Vinícius', 'Wesley', 'Yasmin', 'Zeca', 'Beatriz', 'Caio', 'Débora', 'Enzo', 'Fernanda',
  'Gustavo', 'Helena', 'Igor', 'Juliana', 'Kauã', 'Larissa', 'Matheus', 'Natália', 'Otávio', 'Camila',
];
// biome-ignore format: the lists read better in rows
const LAST_NAMES = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
  'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Moura', 'Correia', 'Pinto', 'Araújo', 'Cavalcanti',
];
// biome-ignore format: the lists read better in rows
const WORDS = [
  'olá', 'bom', 'dia', 'preciso', 'ajuda', 'com', 'meu', 'pedido', 'entrega', 'pagamento',
  'boleto', 'cartão', 'produto', 'troca', 'devolução', 'prazo', 'obrigado', 'por', 'favor', 'quando',
  'chega', 'nota', 'fiscal', 'cancelar', 'atendimento', 'status', 'endereço', 'frete', 'desconto', 'cupom',
  'senha', 'acesso', 'conta', 'cadastro', 'horário', 'loja', 'garantia', 'defeito', 'suporte', 'urgente',
  'hoje', 'amanhã', 'semana', 'valor', 'reembolso', 'confirmar', 'número', 'protocolo', 'código', 'rastreio',
];
/** Order references ("ref00042") of this many kinds: rare words, as a search in messages looks for. */
const REFERENCES = 2_000;

/**
 * What the scenarios search for, every term distinct so no answer kept in memory serves one: full names
 * (1 contact in 1,600), surnames (1 in 40) and number fragments; in messages, order references (3 of 10
 * messages hold one of 2,000) and the data set's common words (each in about 7% of the messages), half
 * of these written in capitals without their accents, as people type them.
 */
export function nameSearchTerms(count: number, contacts: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST_NAMES[(i * 7) % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 13 + Math.floor(i / LAST_NAMES.length)) % LAST_NAMES.length]!;
    if (i % 3 === 0) return `${first} ${last}`;
    if (i % 3 === 1) return last;
    // The seeded numbers are 5511900000000 + n: seven digits of one of them, drawn across all contacts.
    return String(5511900000000 + 1 + ((i * 7919) % contacts)).slice(-7);
  });
}

export function referenceSearchTerms(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `ref${String((i * 37 + 11) % REFERENCES).padStart(5, '0')}`);
}

const unaccented = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

export function commonWordSearchTerms(): string[] {
  return WORDS.map((word, i) => (i % 2 ? unaccented(word).toUpperCase() : word));
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const array = (items: string[]) => `ARRAY[${items.map(literal).join(',')}]`;
const pick = (list: string, size: number) => `${list}[1 + floor(random() * ${size})::int]`;

/** A message body: 3–4 common words, and in 3 of 10 an order reference. */
const BODY = `${pick('w', WORDS.length)} || ' ' || ${pick('w', WORDS.length)} || ' ' || ${pick('w', WORDS.length)}
  || case when random() < 0.5 then ' ' || ${pick('w', WORDS.length)} else '' end
  || case when random() < 0.3 then ' ref' || lpad(floor(random() * ${REFERENCES})::text, 5, '0') else '' end`;
const WITH_WORDS = `cross join (select ${array(WORDS)} as w) words`;

type Log = (line: string) => void;

async function step<T>(log: Log, name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);

/** The contiguous id range of `count` rows just inserted by one statement, checked. */
async function idRange(db: BenchDatabase, table: string, companyId: number, count: number) {
  const [row] = await db.exec(
    `select min(id)::int as min, max(id)::int as max from ${table} where company_id = ${companyId}`,
  );
  const min = Number(row!.min);
  if (Number(row!.max) - min + 1 !== count) throw new Error(`${table} ids are not contiguous`);
  return min;
}

/**
 * Set-based seeding (INSERT … SELECT FROM generate_series): one company with users, queues, a test
 * connection, contacts, tickets (5% open, 5% pending, the rest closed, over 90 days) and messages.
 * Foreign-key triggers are off and the message indexes are built once after loading, as a bulk load does.
 */
export async function seedBench(db: BenchDatabase, sizes: Sizes, log: Log) {
  const exec = db.exec;
  const started = performance.now();
  await exec(`set session_replication_role = replica`);
  await exec(`set maintenance_work_mem = '128MB'`);

  const companyId = await step(log, 'company, users, queues, connection', async () => {
    const [company] = await exec(
      `insert into companies (name, plan_id, due_date) select ${literal(BENCH_COMPANY)}, id, '2999-01-01' from plans order by id limit 1 returning id`,
    );
    const id = Number(company!.id);
    const hash = await hashPassword(BENCH_PASSWORD, 1024);
    await exec(`insert into users (company_id, name, email, password_hash, profile)
      select ${id}, case when g <= ${ADMINS} then 'Admin ' || g else 'Agent ' || g end, 'bench-' || g || '@atendo.bench',
        ${literal(hash)}, case when g <= ${ADMINS} then 'admin' else 'user' end
      from generate_series(1, ${sizes.users}) g`);
    const queueIds = ids(
      await exec(`insert into queues (company_id, name, color)
        select ${id}, 'Queue ' || g, '#' || lpad(to_hex(g * 4099), 6, '0') from generate_series(1, ${sizes.queues}) g
        returning id`),
    );
    // Each agent gets 3 of the queues, spread so every queue has agents.
    await exec(`insert into user_queues (user_id, queue_id)
      select u.id, (${`ARRAY[${queueIds.join(',')}]`})[1 + ((u.rn + k) % ${queueIds.length})]
      from (select id, row_number() over (order by id) as rn from users where company_id = ${id} and profile = 'user') u
      cross join (values (0), (3), (6)) as offsets(k)`);
    await exec(`insert into whatsapps (company_id, name, channel, status, is_default)
      values (${id}, 'Bench test channel', 'test', 'CONNECTED', true)`);
    return id;
  });
  const [connection] = await exec(`select id from whatsapps where company_id = ${companyId}`);
  const connectionId = Number(connection!.id);
  const userIds = ids(await exec(`select id from users where company_id = ${companyId}`));
  const queueIds = ids(await exec(`select id from queues where company_id = ${companyId}`));

  await step(log, `${sizes.contacts} contacts`, () =>
    exec(`insert into contacts (company_id, name, number, channel, whatsapp_id, created_at, updated_at)
      select ${companyId}, f[1 + floor(r1 * ${FIRST_NAMES.length})::int] || ' ' || l[1 + floor(r2 * ${LAST_NAMES.length})::int],
        (5511900000000 + g)::text, 'test', ${connectionId}, now() - interval '180 days', now() - interval '180 days'
      from (select g, random() as r1, random() as r2 from generate_series(1, ${sizes.contacts}) g) x
      cross join (select ${array(FIRST_NAMES)} as f, ${array(LAST_NAMES)} as l) names`),
  );
  const contactMin = await idRange(db, 'contacts', companyId, sizes.contacts);

  // Ticket g belongs to contact g mod contacts. Only the newest round of tickets (one per contact) holds
  // the tickets going on, so no contact has two: a quarter open, a quarter pending, which is 5% each.
  const lastRound = sizes.tickets - sizes.contacts;
  await step(log, `${sizes.tickets} tickets`, () =>
    exec(`insert into tickets (company_id, status, contact_id, whatsapp_id, queue_id, user_id, channel, last_message,
        unread_messages, created_at, updated_at)
      select ${companyId}, s.status, ${contactMin} + (x.g % ${sizes.contacts}), ${connectionId},
        case when x.rq < 0.05 then null else (ARRAY[${queueIds.join(',')}])[1 + floor(x.rq2 * ${queueIds.length})::int] end,
        case when s.status = 'pending' then null else (ARRAY[${userIds.join(',')}])[1 + floor(x.ru * ${userIds.length})::int] end,
        'test', ${BODY}, case when s.status = 'pending' then floor(x.ru * 4)::int else 0 end,
        s.updated_at - x.rc * interval '2 days', s.updated_at
      from (select g, random() as rq, random() as rq2, random() as ru, random() as rc, random() as ra
            from generate_series(0, ${sizes.tickets - 1}) g) x
      cross join lateral (select
        case when x.g < ${lastRound} then 'closed' when (x.g - ${lastRound}) % 4 = 0 then 'open'
             when (x.g - ${lastRound}) % 4 = 1 then 'pending' else 'closed' end as status,
        now() - x.ra * case when x.g >= ${lastRound} and (x.g - ${lastRound}) % 4 < 2
                            then interval '3 days' else interval '90 days' end as updated_at) s
      ${WITH_WORDS}`),
  );
  // What the dashboard and the report read (docs/metrics.md): each ticket's attendance (queued when it was
  // opened, started 1–30 minutes later unless it waits, closed at its last update), its `create` log, and a
  // 0–10 rating on a third of the closed ones.
  await step(log, 'attendances, create logs and ratings', async () => {
    await exec(`insert into ticket_tracking (company_id, ticket_id, whatsapp_id, user_id, queue_id, queued_at,
        started_at, closed_at, rated, created_at, updated_at)
      select company_id, id, whatsapp_id, user_id, queue_id, created_at,
        case when status = 'pending' then null else created_at + (1 + id % 30) * interval '1 minute' end,
        case when status = 'closed' then updated_at end, status = 'closed' and id % 3 = 0, created_at, updated_at
      from tickets where company_id = ${companyId}`);
    await exec(`insert into ticket_logs (company_id, ticket_id, type, created_at)
      select company_id, id, 'create', created_at from tickets where company_id = ${companyId}`);
    await exec(`insert into user_ratings (company_id, ticket_id, user_id, rate, created_at)
      select company_id, id, user_id, id % 11, updated_at from tickets
      where company_id = ${companyId} and status = 'closed' and id % 3 = 0`);
    // The seed runs with triggers off (replica role): the dashboard's rollup is built once, as a migration would.
    await exec(`select attendance_days_rebuild(${companyId})`);
  });
  const ticketMin = await idRange(db, 'tickets', companyId, sizes.tickets);
  const [long] = await exec(
    `select id from tickets where company_id = ${companyId} and status = 'open' order by id limit 1`,
  );
  const longTicketId = Number(long!.id);

  // Loading 2M rows into a table with a GIN index costs far more than building the index once.
  const indexes = await exec(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'messages' and indexname not like '%_pkey'`,
  );
  for (const index of indexes) await exec(`drop index "${String(index.indexname)}"`);
  const chunk = 200_000;
  for (let from = 0; from < sizes.messages; from += chunk) {
    const to = Math.min(sizes.messages, from + chunk) - 1;
    await step(log, `messages ${from + 1}–${to + 1} of ${sizes.messages}`, () =>
      exec(`insert into messages (company_id, wid, ticket_id, contact_id, user_id, queue_id, body, from_me, read, ack,
          created_at, updated_at)
        select ${companyId}, 'seed-' || x.g, t.id, t.contact_id, case when x.fm < 0.4 then t.user_id end, t.queue_id,
          ${BODY}, x.fm < 0.4, true, case when x.fm < 0.4 then 3 else 0 end,
          t.created_at + x.rt * (t.updated_at - t.created_at), t.created_at + x.rt * (t.updated_at - t.created_at)
        from (select g, random() as rtk, random() as fm, random() as rt from generate_series(${from}, ${to}) g) x
        join tickets t on t.id = ${ticketMin} + floor(x.rtk * ${sizes.tickets})::int
        ${WITH_WORDS}`),
    );
  }
  await step(log, `${sizes.longTicketMessages} messages in one ticket`, () =>
    exec(`insert into messages (company_id, wid, ticket_id, contact_id, user_id, queue_id, body, from_me, read, ack,
        created_at, updated_at)
      select ${companyId}, 'seed-long-' || g, t.id, t.contact_id, case when g % 3 = 0 then t.user_id end, t.queue_id,
        ${BODY}, g % 3 = 0, true, case when g % 3 = 0 then 3 else 0 end,
        now() - (${sizes.longTicketMessages} - g) * interval '1 minute', now() - (${sizes.longTicketMessages} - g) * interval '1 minute'
      from generate_series(1, ${sizes.longTicketMessages}) g
      join tickets t on t.id = ${longTicketId}
      ${WITH_WORDS}`),
  );
  for (const index of indexes) {
    await step(log, `index ${String(index.indexname)}`, () => exec(String(index.indexdef)));
  }
  await step(log, 'first responses and message hours', () =>
    exec(`select first_responses_backfill(${companyId}), message_hours_rebuild(${companyId})`),
  );
  await exec(`reset session_replication_role`);
  await exec(`reset maintenance_work_mem`);
  // A database in steady state has been vacuumed (autovacuum on PostgreSQL): visibility maps and statistics.
  await step(log, 'vacuum analyze', () => exec('vacuum analyze'));
  log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** What the scenarios need to know about the seeded data (read back, so a reused database works too). */
export interface BenchData {
  companyId: number;
  connectionId: number;
  longTicketUuid: string;
  randomTicketUuids: string[];
}

/**
 * A reused database as seeded again: the contacts earlier runs' inbound scenarios made (the seed's numbers
 * all start 551190) go, with their tickets and messages. Kept, they would be the newest tickets, ever more
 * of them, and a search or a list would measure them instead of the seeded data.
 */
export async function forgetEarlierRuns(db: BenchDatabase) {
  await db.exec(`delete from contacts where number not like '551190%'
    and company_id = (select id from companies where name = ${literal(BENCH_COMPANY)})`);
}

export async function readBenchData(db: BenchDatabase): Promise<BenchData> {
  const [company] = await db.exec(`select id from companies where name = ${literal(BENCH_COMPANY)}`);
  const companyId = Number(company!.id);
  const [connection] = await db.exec(`select id from whatsapps where company_id = ${companyId}`);
  const [long] = await db.exec(`select t.uuid from messages m join tickets t on t.id = m.ticket_id
    where m.company_id = ${companyId} and m.wid = 'seed-long-1'`);
  const random = await db.exec(
    `select uuid from tickets where company_id = ${companyId} order by random() limit 200`,
  );
  return {
    companyId,
    connectionId: Number(connection!.id),
    longTicketUuid: String(long!.uuid),
    randomTicketUuids: random.map((r) => String(r.uuid)),
  };
}
