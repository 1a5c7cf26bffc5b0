import type { z } from 'zod';
import type { facebookBody } from '../../../shared/api/graph';
import { randomConnectionToken } from '../../../shared/connection-rules';
import { GraphClient, GraphError } from '../../channels/meta/graph';
import { isUniqueViolation } from '../../db/errors';
import { actorCan } from '../../platform/actor';
import { AppError, forbidden } from '../../platform/app-error';
import type { GraphConfig } from '../../platform/config';
import type { Context } from '../../platform/deps';
import {
  connectionRows,
  insertConnections,
  lockCompanyConnections,
  reserveSession,
  updateConnectionRow,
} from '../whatsapps/queries';
import { announceRows, startSession } from '../whatsapps/service';
import { accountsHeld } from './queries';

type FacebookInput = z.output<typeof facebookBody>;

/** A page as GET /{user-id}/accounts answers it, with the Instagram business account linked to it. */
interface FacebookPage {
  id: string;
  name?: string;
  access_token?: string;
  instagram_business_account?: { id: string; username?: string; name?: string };
}

/** A page or an Instagram account to connect, with the page's token (sends and webhooks go through the page). */
interface Account {
  channel: 'facebook' | 'instagram';
  accountId: string;
  name: string;
  pageId: string;
  instagramAccountId: string | null;
  token: string;
}

/** The user's pages through the Graph API, with a long-lived token when the app is configured. */
async function readPages(config: GraphConfig, input: FacebookInput): Promise<FacebookPage[]> {
  let token = input.facebookUserToken;
  // A login's token lasts about an hour, and so would the page tokens read with it; those read with a
  // long-lived user token do not expire.
  if (config.appId && config.appSecret) {
    const exchanged = await new GraphClient(config, token).get<{ access_token?: string }>(
      'oauth/access_token',
      {
        grant_type: 'fb_exchange_token',
        client_id: config.appId,
        client_secret: config.appSecret,
        fb_exchange_token: token,
      },
    );
    token = exchanged.access_token ?? token;
  }
  return new GraphClient(config, token).list<FacebookPage>(
    `${encodeURIComponent(input.facebookUserId)}/accounts`,
    {
      fields: 'id,name,access_token,instagram_business_account{id,username,name}',
      limit: 100,
    },
  );
}

/** 2-administration §5: a connection's name is 2–50 characters. */
const connectionName = (name: string | undefined, fallback: string) =>
  (name?.trim() || fallback).slice(0, 50);

function accountsOf(pages: FacebookPage[], instagram: boolean): Account[] {
  return pages.flatMap((page): Account[] => {
    if (!page.access_token) return [];
    const ig = page.instagram_business_account;
    if (instagram) {
      return ig
        ? [
            {
              channel: 'instagram',
              accountId: ig.id,
              name: connectionName(ig.username ?? ig.name, ig.id),
              pageId: page.id,
              instagramAccountId: ig.id,
              token: page.access_token,
            },
          ]
        : [];
    }
    return [
      {
        channel: 'facebook',
        accountId: page.id,
        name: connectionName(page.name, page.id),
        pageId: page.id,
        instagramAccountId: null,
        token: page.access_token,
      },
    ];
  });
}

function graphFailure(err: unknown): never {
  if (err instanceof GraphError && err.isAuthError) throw new AppError('ERR_INVALID_CREDENTIALS', 400);
  throw new AppError('ERR_GRAPH_REQUEST_FAILED', 502);
}

/**
 * POST /facebook (2-administration §7): the user's pages become facebook connections, or with
 * addInstagram the Instagram business accounts linked to them become instagram connections. A page or
 * account the company had already gets the new token; one another company holds is left out. All or
 * nothing within the plan's limit and flags (useFacebook, useInstagram); the company's first connection
 * is its default. The sessions start once stored.
 */
export async function connectFacebook(ctx: Context, input: FacebookInput) {
  const { actor, deps } = ctx;
  if (!actorCan(actor, 'connections-page:addConnection')) throw forbidden();
  const { addInstagram: instagram } = input;
  const pages = await readPages(deps.config.graph, input).catch((err: unknown) => {
    deps.log.warn({ err }, 'reading the Facebook pages failed');
    return graphFailure(err);
  });
  const wanted = accountsOf(pages, instagram);
  if (wanted.length === 0)
    throw new AppError(instagram ? 'ERR_INSTAGRAM_NO_ACCOUNTS' : 'ERR_FACEBOOK_NO_PAGES', 400);
  const channel = instagram ? 'instagram' : 'facebook';

  const saved = ctx.db.transaction(async (tx) => {
    const { plan, count, hasDefault } = await lockCompanyConnections(tx);
    if (!plan) throw new AppError('ERR_CONNECTION_LIMIT_REACHED', 403);
    if (!(instagram ? plan.useInstagram : plan.useFacebook)) throw forbidden();
    const { own, held } = await accountsHeld(
      tx,
      channel,
      wanted.map((a) => a.accountId),
    );
    const fresh = wanted.filter((account) => !held.has(account.accountId));
    if (own.length === 0 && fresh.length === 0) throw new AppError('ERR_CHANNEL_ACCOUNT_IN_USE', 409);
    if (count + fresh.length > plan.limit) throw new AppError('ERR_CONNECTION_LIMIT_REACHED', 403);
    const renewed = [];
    for (const { row, accountId } of own) {
      const account = wanted.find((a) => a.accountId === accountId)!;
      const updated = await updateConnectionRow(tx, row.id, {
        graphToken: account.token,
        facebookPageId: account.pageId,
      });
      renewed.push(updated!);
    }
    const created = fresh.length
      ? await insertConnections(
          tx,
          fresh.map((account, i) => ({
            name: account.name,
            channel,
            facebookPageId: account.pageId,
            instagramAccountId: account.instagramAccountId,
            graphToken: account.token,
            // 2-administration §9: every connection has a token of its own, as the dialog's have.
            token: randomConnectionToken(),
            isDefault: !hasDefault && i === 0,
          })),
        )
      : [];
    for (const row of created) await reserveSession(tx, deps.sessions, row);
    return [...renewed, ...created];
  });
  const rows = await saved.catch((err: unknown) => {
    // Another company took the page at the same moment.
    if (
      isUniqueViolation(err, 'whatsapps_facebook_page_unique') ||
      isUniqueViolation(err, 'whatsapps_instagram_account_unique')
    ) {
      throw new AppError('ERR_CHANNEL_ACCOUNT_IN_USE', 409);
    }
    throw err;
  });
  const ids = rows.map((row) => row.id);
  await announceRows(ctx, ids);
  for (const row of rows) await startSession(deps, row);
  return connectionRows(ctx.db, ids);
}
