import type { ChannelDriver, OutboundMedia, Sent } from '../driver';
import { mapLink } from '../message-content';
import { type MessagingEvent, type Profile, readMessagingEvent } from './inbound';
import { type GraphDriverOptions, GraphSession, RecentIds, UnsupportedOnChannel } from './session';

/** The page's webhook fields (its conversations: messages, replies to buttons, receipts, echoes, reactions, edits). */
const SUBSCRIBED_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_deliveries',
  'message_reads',
  'message_echoes',
  'message_reactions',
  'message_edits',
].join(',');

/** Instagram reacts with a heart only. */
const HEARTS = /^(❤️?|♥️?|😍|🥰|💕|💖|💗|💓)$/u;

const PROFILES_KEPT = 1000;

/** The Send API's attachment type for a file. */
function attachmentType(mimetype: string) {
  const kind = mimetype.split('/')[0];
  return kind === 'image' || kind === 'video' || kind === 'audio' ? kind : 'file';
}

/**
 * A Facebook page or the Instagram account linked to one, over the Messenger Platform (2-administration
 * §3 channels facebook and instagram). The page token sends through the Send API; webhooks come in
 * through the server's webhook route. A chat is addressed by the contact's page-scoped (PSID) or
 * Instagram-scoped (IGSID) id, kept as the contact's number.
 */
export class MessengerDriver implements ChannelDriver {
  private readonly session: GraphSession;
  private readonly sent = new RecentIds();
  private readonly profiles = new Map<string, Promise<Profile | undefined>>();
  private readonly instagram: boolean;

  constructor(private readonly options: GraphDriverOptions) {
    this.session = new GraphSession(options);
    this.instagram = options.connection.channel === 'instagram';
  }

  /** Checks the page token (and the Instagram account) and subscribes the page to this app's webhooks. */
  connect() {
    return this.session.connect(async ({ account, client }) => {
      if (!account.pageId || (this.instagram && !account.instagramAccountId)) {
        throw new Error('the connection has no page (or Instagram account)');
      }
      const checked = this.instagram ? account.instagramAccountId! : account.pageId;
      await client.get(checked, { fields: this.instagram ? 'id,username' : 'id,name' });
      await client.post(`${account.pageId}/subscribed_apps`, { subscribed_fields: SUBSCRIBED_FIELDS });
    });
  }

  disconnect() {
    return this.session.disconnect();
  }

  /** The events of one webhook entry, in order. */
  async receive(events: MessagingEvent[]) {
    const { events: server, config, log, connection } = this.options;
    const { client } = await this.session.ready();
    const ctx = {
      download: (url: string) => client.download(url, false),
      profile: (id: string) => this.profile(id),
      sentHere: (mid: string) => this.sent.has(mid),
      appId: config.appId,
      onMediaError: (err: unknown, mid: string) =>
        log.warn({ err, mid, whatsappId: connection.id }, 'an attachment could not be downloaded'),
    };
    for (const event of events) {
      for (const action of await readMessagingEvent(event, ctx)) {
        if (action.kind === 'message') await server.inbound(action.message);
        else if (action.kind === 'ack') await server.ack(action.id, action.ack);
        else if (action.kind === 'ackUpTo') await server.ackUpTo(action.chat, action.until, action.ack);
        else if (action.kind === 'edit') await server.edit(action.id, action.body);
        else await server.delete(action.id);
      }
    }
  }

  /**
   * A contact's name and picture (User Profile API), asked once per contact while the driver runs (a
   * failed answer is asked again next time).
   */
  private profile(id: string): Promise<Profile | undefined> {
    let known = this.profiles.get(id);
    if (!known) {
      known = this.fetchProfile(id);
      this.profiles.set(id, known);
      void known.then((profile) => profile ?? this.profiles.delete(id));
      if (this.profiles.size > PROFILES_KEPT) this.profiles.delete(this.profiles.keys().next().value!);
    }
    return known;
  }

  private async fetchProfile(id: string): Promise<Profile | undefined> {
    const { client } = await this.session.ready();
    try {
      const found = await client.get<{
        name?: string;
        first_name?: string;
        last_name?: string;
        username?: string;
        profile_pic?: string;
      }>(id, { fields: this.instagram ? 'name,username,profile_pic' : 'first_name,last_name,profile_pic' });
      const name = this.instagram
        ? found.name || found.username
        : [found.first_name, found.last_name].filter(Boolean).join(' ');
      return { name: name || id, picture: found.profile_pic };
    } catch (err) {
      this.options.log.debug({ err, id }, 'a Messenger profile could not be read');
      return undefined;
    }
  }

  private async post(to: string, body: object) {
    const { account, client } = await this.session.ready();
    return client.post<{ message_id?: string }>(`${account.pageId}/messages`, {
      recipient: { id: to },
      ...body,
    });
  }

  /** Sends within the 24 h window (messaging_type RESPONSE) and remembers the id, whose echo is dropped. */
  private async send(to: string, message: object): Promise<Sent> {
    const answer = await this.post(to, { messaging_type: 'RESPONSE', message });
    if (!answer.message_id) throw new Error('the Send API gave no message id');
    this.sent.add(answer.message_id);
    return { id: answer.message_id };
  }

  sendText(to: string, body: string) {
    return this.send(to, { text: body });
  }

  /** The file goes up first (Attachment Upload API); a caption follows as a text of its own. */
  async sendMedia(to: string, media: OutboundMedia): Promise<Sent> {
    const { account, client } = await this.session.ready();
    const type = attachmentType(media.mimetype);
    const uploaded = await client.upload<{ attachment_id?: string }>(
      `${account.pageId}/message_attachments`,
      {
        fields: {
          message: JSON.stringify({ attachment: { type, payload: { is_reusable: false } } }),
          ...(this.instagram ? { platform: 'instagram' } : {}),
        },
        file: { field: 'filedata', filename: media.filename, mimetype: media.mimetype, data: media.data },
      },
    );
    if (!uploaded.attachment_id) throw new Error('the Attachment Upload API gave no id');
    const sent = await this.send(to, {
      attachment: { type, payload: { attachment_id: uploaded.attachment_id } },
    });
    if (media.caption) await this.sendText(to, media.caption);
    return sent;
  }

  /** The Send API has no locations any more: a map link the contact can open. */
  sendLocation(to: string, location: { latitude: number; longitude: number; name?: string }) {
    const link = mapLink(location.latitude, location.longitude);
    return this.sendText(to, location.name ? `${location.name}\n${link}` : link);
  }

  sendContact(to: string, contact: { name: string; number: string }) {
    return this.sendText(to, `${contact.name}\n+${contact.number}`);
  }

  /** Reactions are sender actions: they have no message id of their own. */
  async sendReaction(to: string, messageId: string, emoji: string): Promise<Sent> {
    if (this.instagram && !HEARTS.test(emoji))
      throw new UnsupportedOnChannel('instagram', `react with ${emoji}`);
    await this.post(to, {
      sender_action: 'react',
      payload: { message_id: messageId, reaction: this.instagram ? 'love' : emoji },
    });
    return { id: `reaction:${messageId}:${Date.now()}` };
  }

  async edit(): Promise<void> {
    throw new UnsupportedOnChannel(this.options.connection.channel, 'edit a sent message');
  }

  async delete(): Promise<void> {
    throw new UnsupportedOnChannel(this.options.connection.channel, 'delete a sent message');
  }

  async markRead(to: string, messageIds: string[]) {
    if (messageIds.length > 0) await this.post(to, { sender_action: 'mark_seen' });
  }

  /** Contacts are addressed by their scoped id: nothing to check. */
  async checkNumber(number: string) {
    return number;
  }

  async profilePicture(id: string) {
    return (await this.profile(id))?.picture ?? null;
  }
}
