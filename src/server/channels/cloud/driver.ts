import type { MessageTemplate } from '../../../shared/api/graph';
import { digitsOf } from '../../../shared/phone-number';
import { placeholdersOf } from '../../../shared/templates';
import type { ChannelDriver, OutboundMedia, SendOptions, Sent, TemplateValues } from '../driver';
import { type GraphDriverOptions, GraphSession, UnsupportedOnChannel } from '../meta/session';
import { type CloudValue, readCloudValue } from './inbound';

/** A template as the Graph API lists it (GET /{waba-id}/message_templates). */
interface GraphTemplate {
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  parameter_format?: string;
  components?: { type?: string; format?: string; text?: string }[];
}

/**
 * The approved templates the picker can fill: those whose header, if any, is text (a picture or document
 * header needs a file the picker does not ask for).
 */
function usableTemplates(listed: GraphTemplate[]): MessageTemplate[] {
  return listed.flatMap((t) => {
    const part = (type: string) => t.components?.find((c) => c.type === type);
    const header = part('HEADER');
    const body = part('BODY')?.text;
    if (t.status !== 'APPROVED' || !t.name || !t.language || body === undefined) return [];
    if (header && header.format !== 'TEXT') return [];
    return [
      {
        name: t.name,
        language: t.language,
        category: t.category ?? '',
        parameterFormat: t.parameter_format === 'NAMED' ? ('named' as const) : ('positional' as const),
        header: header?.text ?? null,
        body,
        footer: part('FOOTER')?.text ?? null,
      },
    ];
  });
}

/** The template's header and body parameters as the Send API wants them. */
function templateComponents(template: MessageTemplate, values: TemplateValues) {
  const named = template.parameterFormat === 'named';
  const parameters = (text: string | null, given: string[]) =>
    placeholdersOf(text).map((name, i) => ({
      type: 'text',
      text: given[i] ?? '',
      ...(named ? { parameter_name: name } : {}),
    }));
  return [
    { type: 'header', parameters: parameters(template.header, values.header) },
    { type: 'body', parameters: parameters(template.body, values.body) },
  ].filter((component) => component.parameters.length > 0);
}

/** The Cloud API's message type for a file. */
function mediaKind(mimetype: string) {
  const kind = mimetype.split('/')[0];
  return kind === 'image' || kind === 'video' || kind === 'audio' ? kind : 'document';
}

/**
 * A WhatsApp number through the Cloud API (channel whatsappapi): a phone number id and its WhatsApp
 * business account, with a token made in Meta's business settings. Messages go out through
 * /{phone-number-id}/messages; webhooks come in through the server's webhook route.
 */
export class CloudApiDriver implements ChannelDriver {
  private readonly session: GraphSession;
  private displayNumber: string | undefined;

  constructor(private readonly options: GraphDriverOptions) {
    this.session = new GraphSession(options);
  }

  /** The number's digits, once the Graph API told them. */
  get number() {
    return this.displayNumber;
  }

  /** Checks the token on the number and subscribes this app to the business account's webhooks. */
  connect() {
    return this.session.connect(async ({ account, client }) => {
      if (!account.phoneNumberId || !account.wabaId) throw new Error('the connection has no phone number id');
      const phone = await client.get<{ display_phone_number?: string }>(account.phoneNumberId, {
        fields: 'display_phone_number,verified_name',
      });
      await client.post(`${account.wabaId}/subscribed_apps`, {});
      this.displayNumber = digitsOf(phone.display_phone_number ?? '') || undefined;
    });
  }

  disconnect() {
    return this.session.disconnect();
  }

  /** One webhook change: its messages, then its statuses. */
  async receive(value: CloudValue) {
    const { events, log, connection } = this.options;
    const { client } = await this.session.ready();
    const ctx = {
      async download(mediaId: string) {
        const media = await client.get<{ url?: string }>(mediaId);
        if (!media.url) throw new Error(`media ${mediaId} has no URL`);
        return client.download(media.url, true);
      },
      onMediaError: (err: unknown, id: string) =>
        log.warn({ err, id, whatsappId: connection.id }, 'a Cloud API file could not be downloaded'),
    };
    for (const action of await readCloudValue(value, ctx)) {
      if (action.kind === 'message') await events.inbound(action.message);
      else if (action.kind === 'ack') await events.ack(action.id, action.ack);
      else
        log.warn(
          { id: action.id, reason: action.reason, whatsappId: connection.id },
          'a Cloud API message failed',
        );
    }
  }

  private async send(to: string, content: object, quotedId?: string): Promise<Sent> {
    const { account, client } = await this.session.ready();
    const answer = await client.post<{ messages?: { id?: string }[] }>(`${account.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: digitsOf(to),
      ...(quotedId ? { context: { message_id: quotedId } } : {}),
      ...content,
    });
    const id = answer.messages?.[0]?.id;
    if (!id) throw new Error('the Cloud API gave no message id');
    return { id };
  }

  sendText(to: string, body: string, options: SendOptions = {}) {
    return this.send(to, { type: 'text', text: { body, preview_url: true } }, options.quotedId);
  }

  /** The file goes up first (/{phone-number-id}/media); audio carries no caption. */
  async sendMedia(to: string, media: OutboundMedia, options: SendOptions = {}) {
    const { account, client } = await this.session.ready();
    const uploaded = await client.upload<{ id?: string }>(`${account.phoneNumberId}/media`, {
      fields: { messaging_product: 'whatsapp', type: media.mimetype },
      file: { field: 'file', filename: media.filename, mimetype: media.mimetype, data: media.data },
    });
    if (!uploaded.id) throw new Error('the Cloud API gave no media id');
    const kind = mediaKind(media.mimetype);
    const file = {
      id: uploaded.id,
      ...(kind !== 'audio' && media.caption ? { caption: media.caption } : {}),
      ...(kind === 'document' ? { filename: media.filename } : {}),
    };
    return this.send(to, { type: kind, [kind]: file }, options.quotedId);
  }

  sendLocation(
    to: string,
    location: { latitude: number; longitude: number; name?: string },
    options: SendOptions = {},
  ) {
    return this.send(to, { type: 'location', location }, options.quotedId);
  }

  sendContact(to: string, contact: { name: string; number: string }, options: SendOptions = {}) {
    const digits = digitsOf(contact.number);
    const card = {
      name: { formatted_name: contact.name, first_name: contact.name },
      phones: [{ phone: `+${digits}`, wa_id: digits, type: 'CELL' }],
    };
    return this.send(to, { type: 'contacts', contacts: [card] }, options.quotedId);
  }

  sendReaction(to: string, messageId: string, emoji: string) {
    return this.send(to, { type: 'reaction', reaction: { message_id: messageId, emoji } });
  }

  sendTemplate(to: string, template: MessageTemplate, values: TemplateValues) {
    return this.send(to, {
      type: 'template',
      template: {
        name: template.name,
        language: { code: template.language },
        components: templateComponents(template, values),
      },
    });
  }

  async templates(): Promise<MessageTemplate[]> {
    const { account, client } = await this.session.ready();
    const listed = await client.list<GraphTemplate>(`${account.wabaId}/message_templates`, {
      fields: 'name,language,status,category,parameter_format,components',
      status: 'APPROVED',
      limit: 100,
    });
    return usableTemplates(listed);
  }

  async edit(): Promise<void> {
    throw new UnsupportedOnChannel('whatsappapi', 'edit a sent message');
  }

  async delete(): Promise<void> {
    throw new UnsupportedOnChannel('whatsappapi', 'delete a sent message');
  }

  /** One call per message: the ids come in no particular order, so the newest is not known. */
  async markRead(_to: string, messageIds: string[]) {
    if (messageIds.length === 0) return;
    const { account, client } = await this.session.ready();
    await Promise.all(
      messageIds.map((id) =>
        client.post(`${account.phoneNumberId}/messages`, {
          messaging_product: 'whatsapp',
          status: 'read',
          message_id: id,
        }),
      ),
    );
  }

  /**
   * The Cloud API's block list (POST to block, DELETE to unblock `/{phone-number-id}/block_users`). Meta
   * only lets a business block someone who wrote to it in the last 24 hours; a refusal is logged by the
   * caller and the block here stands.
   */
  async setBlocked(number: string, blocked: boolean) {
    const { account, client } = await this.session.ready();
    const body = { messaging_product: 'whatsapp', block_users: [{ user: digitsOf(number) }] };
    const path = `${account.phoneNumberId}/block_users`;
    await (blocked ? client.post(path, body) : client.delete(path, body));
  }

  /** The Cloud API checks numbers only by sending to them. */
  async checkNumber(number: string) {
    return digitsOf(number) || null;
  }

  /** The Cloud API shows no profile pictures. */
  async profilePicture() {
    return null;
  }
}
