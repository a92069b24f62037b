import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type {
  CommandJson,
  FakeFile,
  FakeMessage,
  FakeOptionValue,
  FakeRole,
  FakeUpload,
  FakeUser,
  InteractionRecord,
} from './fake-types.js';
import { describeFormErrors } from './form-errors.js';
import { FakeGateway, shardOfGuild } from './gateway.js';
import { mentionProblem } from './mentions.js';
import {
  attachmentId,
  buttonsOf,
  EPHEMERAL,
  embedsOf,
  guildJson,
  imageFileOf,
  memberJson,
  menusOf,
  messageJson,
  parsePayload,
  readBody,
  roleJson,
  userJson,
} from './message-wire.js';
import { checkCallback, checkCommands, checkMessage, checkThread, type Refusal } from './payload-rules.js';
import { snowflake } from './snowflake.js';

export type * from './fake-types.js';
export { mentionProblem } from './mentions.js';

/**
 * A fake Discord on 127.0.0.1 for end-to-end tests: the REST API (under `apiUrl`, given to
 * discord.js as `rest.api`), a JSON gateway whose URL `/gateway/bot` answers, and a CDN
 * serving the files members attach (under `cdnOrigin`). It sends interactions to the bot as
 * INTERACTION_CREATE and records every answer: interaction callbacks, follow-ups, edits,
 * channel messages and their files. Like Discord, it refuses a first answer later than 3 s
 * after the interaction and a second acknowledgement.
 *
 * Bodies: every callback, follow-up, edit, channel message, thread and command list is held
 * to Discord's documented limits (payload-rules.ts) and refused as Discord refuses it (HTTP
 * 400, code 50035 "Invalid Form Body", errors by field path). Refusals are recorded in
 * `invalidBodies` (and on the interaction, so a test waiting for its answer fails at once);
 * `stop()` fails when there was one.
 *
 * Mentions: every message the bot sends or edits must ping nobody (`allowed_mentions` with
 * nothing to parse and nobody listed). The fake records each message's `allowed_mentions`
 * and every message that would ping; `stop()` fails when there was one, so every test that
 * drives the bot through the fake asserts it without a line of its own.
 */

const OPTION_STRING = 3;
const OPTION_INTEGER = 4;
const OPTION_BOOLEAN = 5;
const OPTION_USER = 6;
const OPTION_ROLE = 8;
const OPTION_MENTIONABLE = 9;
const OPTION_NUMBER = 10;
const OPTION_ATTACHMENT = 11;
const SUBCOMMAND = 1;
const ANSWER_WINDOW_MS = 3000;

export class FakeDiscord extends EventEmitter {
  readonly token: string;
  readonly applicationId = snowflake();
  readonly botUser = { id: snowflake(), username: 'Referee', discriminator: '0', global_name: null, avatar: null, bot: true };
  readonly guildId = snowflake();
  readonly interactions: InteractionRecord[] = [];
  readonly channelMessages = new Map<string, FakeMessage[]>();
  readonly threads: { id: string; parentId: string; name: string }[] = [];
  /** Every thread ever opened, deleted ones included. */
  threadsOpened = 0;
  /** Commands deployed per scope ("global" or a guild id). */
  readonly deployed = new Map<string, CommandJson[]>();
  /** Requests to routes the fake does not know: a test can assert there were none. */
  readonly unknownRoutes: string[] = [];
  /** Every IDENTIFY received, with its shard. */
  readonly identifies: [number, number][] = [];
  /** Messages the bot sent or edited that could ping someone: route, problem and text. */
  readonly mentionProblems: string[] = [];
  /** How many messages had their `allowed_mentions` checked. */
  mentionChecks = 0;
  /** Bodies refused as Discord refuses them (see payload-rules.ts): route and why. `stop()` fails when there was one. */
  readonly invalidBodies: string[] = [];
  /** Paths the fake CDN was asked for (and whether it served them). */
  readonly cdnRequests: { path: string; status: number }[] = [];
  private readonly uploads = new Map<string, FakeUpload>();
  private commandTypes = new Map<string, CommandJson>();
  /** Channels in guilds other than the default one (to reach other shards). */
  private readonly channelGuilds = new Map<string, string>();
  /** Every guild the bot is in, with its roles (the first is @everyone, whose id is the guild's). */
  private readonly guildRoles = new Map<string, FakeRole[]>();
  /** Members seen so far (every user who interacted), for resolving user options. */
  private readonly knownUsers = new Map<string, FakeUser>();
  private readonly byToken = new Map<string, InteractionRecord>();
  private readonly messages = new Map<string, FakeMessage>();
  private readonly gateway: FakeGateway;
  private server?: Server;
  private wss?: WebSocketServer;
  private port = 0;
  private shardCount = 1;

  constructor(options: { token?: string; shards?: number } = {}) {
    super();
    this.token = options.token ?? `fake-token.${snowflake()}`;
    this.shardCount = options.shards ?? 1;
    this.gateway = new FakeGateway({
      token: this.token,
      botUser: this.botUser,
      applicationId: this.applicationId,
      gatewayUrl: () => this.gatewayUrl,
      guildIds: () => [...this.guildRoles.keys()],
      guildJson: (guildId) => guildJson(guildId, this.guildRoles.get(guildId) ?? [], this.botUser),
      identified: (shard) => this.identifies.push(shard),
      changed: () => this.emit('event'),
    });
    this.setMaxListeners(0);
    this.addGuild(this.guildId);
  }

  get apiUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}/gateway`;
  }

  /** The fake CDN's origin, as Discord's is https://cdn.discordapp.com. */
  get cdnOrigin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: String(err), code: 0 }));
      });
    });
    this.wss = new WebSocketServer({ server: this.server, path: '/gateway' });
    this.wss.on('connection', (ws) => this.gateway.accept(ws));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Shut down; fails (after shutting down) when the bot sent a message that could ping someone. */
  async stop(): Promise<void> {
    this.gateway.dropAll();
    this.wss?.close();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections?.();
    this.assertNoMentions();
    this.assertNoInvalidBodies();
  }

  /** Throws when Discord would have refused any body the bot sent so far. */
  assertNoInvalidBodies(): void {
    if (this.invalidBodies.length === 0) return;
    throw new Error(`fake Discord: refused ${this.invalidBodies.length} body(ies) as Discord would:\n${this.invalidBodies.join('\n')}`);
  }

  /** Throws when any message the bot sent or edited so far could ping someone. */
  assertNoMentions(): void {
    if (this.mentionProblems.length === 0) return;
    throw new Error(
      `fake Discord: ${this.mentionProblems.length} message(s) from the bot could ping someone (allowed_mentions must be { parse: [] }):\n${this.mentionProblems.join('\n')}`,
    );
  }

  /** A file a member attaches: pass it as an option value of `command`. */
  upload(name: string, data: Buffer, contentType = 'application/json'): FakeUpload {
    const id = snowflake();
    const signature = `ex=${Math.floor(Date.now() / 1000 + 86_400).toString(16)}&is=${Math.floor(Date.now() / 1000).toString(16)}&hm=${snowflake()}`;
    const upload: FakeUpload = {
      kind: 'upload',
      id,
      name,
      data,
      contentType,
      url: `${this.cdnOrigin}/attachments/${snowflake()}/${id}/${encodeURIComponent(name)}?${signature}`,
    };
    // The CDN keeps its own copy: a test that spoils the link it hands out gets Discord's 404.
    this.uploads.set(id, { ...upload });
    return upload;
  }

  /**
   * A channel in a guild the bot joins now; returns both ids. Like Discord, the guild's shard
   * gets a GUILD_CREATE for it (or the guild is in its READY, when it connects later).
   */
  channelInNewGuild(): { guildId: string; channelId: string } {
    const guildId = snowflake();
    const channelId = snowflake();
    this.channelGuilds.set(channelId, guildId);
    this.addGuild(guildId);
    this.gateway.tell('GUILD_CREATE', guildJson(guildId, this.guildRoles.get(guildId) ?? [], this.botUser), guildId);
    return { guildId, channelId };
  }

  /** A new role of a guild (default: the main one), told to the bot as Discord does (GUILD_ROLE_CREATE). */
  role(name: string, guildId = this.guildId): FakeRole {
    const roles = this.guildRoles.get(guildId);
    if (!roles) throw new Error(`fake Discord: no guild ${guildId}`);
    const role: FakeRole = { id: snowflake(), name, position: roles.length };
    roles.push(role);
    this.gateway.tell('GUILD_ROLE_CREATE', { guild_id: guildId, role: roleJson(role) }, guildId);
    return role;
  }

  private addGuild(guildId: string): void {
    this.guildRoles.set(guildId, [{ id: guildId, name: '@everyone', position: 0 }]);
  }

  /** Another channel of a guild made by `channelInNewGuild`. */
  channelInGuild(guildId: string): string {
    const channelId = snowflake();
    this.channelGuilds.set(channelId, guildId);
    return channelId;
  }

  /** The shard a channel's interactions go to, as Discord routes them: (guild id >> 22) % shards. */
  shardOf(channelId: string, shards: number): number {
    return shardOfGuild(this.guildOf(channelId), shards);
  }

  private guildOf(channelId: string): string {
    return this.channelGuilds.get(channelId) ?? this.guildId;
  }

  /** Option types for building interactions, as the bot would deploy them. */
  useCommands(commands: CommandJson[]): void {
    for (const c of commands) this.commandTypes.set(c.name, c);
  }

  /** Gateway sessions identified so far (one per shard). */
  get connectedShards(): number {
    return this.gateway.size;
  }

  async waitForShards(count = 1, timeoutMs = 20_000): Promise<void> {
    await this.waitFor(() => this.gateway.identified >= count, timeoutMs, `${count} gateway session(s)`);
  }

  /** Close every gateway connection, as when a bot process dies. */
  dropConnections(): void {
    this.gateway.dropAll();
  }

  // ---- interactions -------------------------------------------------------------------

  /** A user runs a slash command and waits for the bot's first answer. */
  async ask(
    user: FakeUser,
    channelId: string,
    name: string,
    subcommand: string | undefined,
    options: Record<string, FakeOptionValue> = {},
  ): Promise<FakeMessage> {
    const [first] = await this.answers(this.command(user, channelId, name, subcommand, options));
    return first!;
  }

  /** A user runs a slash command; options are typed from the deployed command definitions. */
  command(
    user: FakeUser,
    channelId: string,
    name: string,
    subcommand: string | undefined,
    options: Record<string, FakeOptionValue> = {},
    focused?: string,
  ): InteractionRecord {
    const def = this.commandTypes.get(name);
    const optionDefs = subcommand ? def?.options?.find((o) => o.name === subcommand)?.options : def?.options;
    const attachments: Record<string, unknown> = {};
    const users: Record<string, unknown> = {};
    const members: Record<string, unknown> = {};
    const roles: Record<string, unknown> = {};
    const guildId = this.guildOf(channelId);
    const typed = Object.entries(options).map(([optName, value]) => {
      if (typeof value === 'object') {
        // As Discord sends an attachment: its id as the value, the file itself under `resolved`.
        attachments[value.id] = {
          id: value.id,
          filename: value.name,
          size: value.data.length,
          url: value.url,
          proxy_url: value.url,
          content_type: value.contentType,
          ephemeral: true,
        };
        return { name: optName, type: OPTION_ATTACHMENT, value: value.id };
      }
      const type = optionDefs?.find((o) => o.name === optName)?.type ?? inferType(value);
      // As Discord sends a user, role or mentionable: its id as the value, the user, member or role under `resolved`.
      if ((type === OPTION_USER || type === OPTION_ROLE || type === OPTION_MENTIONABLE) && focused !== optName) {
        const id = String(value);
        const role = type !== OPTION_USER ? this.guildRoles.get(guildId)?.find((r) => r.id === id) : undefined;
        const mentioned = type !== OPTION_ROLE ? this.knownUsers.get(id) : undefined;
        if (role) roles[id] = roleJson(role);
        else if (mentioned) {
          users[id] = userJson(mentioned);
          members[id] = { ...memberJson(mentioned), user: undefined, permissions: mentioned.permissions ?? '0' };
        } else throw new Error(`fake Discord: option ${optName} names no ${type === OPTION_ROLE ? 'role' : 'member'} of the guild (${id})`);
      }
      return { name: optName, type, value, ...(focused === optName ? { focused: true } : {}) };
    });
    const resolved = {
      ...(Object.keys(attachments).length ? { attachments } : {}),
      ...(Object.keys(users).length ? { users, members } : {}),
      ...(Object.keys(roles).length ? { roles } : {}),
    };
    const data = {
      id: snowflake(),
      name,
      type: 1,
      guild_id: this.guildOf(channelId),
      options: subcommand ? [{ name: subcommand, type: SUBCOMMAND, options: typed }] : typed,
      ...(Object.keys(resolved).length ? { resolved } : {}),
    };
    return this.dispatchInteraction(
      focused !== undefined ? 4 : 2,
      user,
      channelId,
      data,
      undefined,
      focused !== undefined ? 'autocomplete' : 'command',
    );
  }

  /** A user clicks a button under a message. */
  click(user: FakeUser, message: FakeMessage, customId: string): InteractionRecord {
    const record = this.dispatchInteraction(
      3,
      user,
      message.channelId,
      { custom_id: customId, component_type: 2 },
      messageJson(message, this.botUser),
      'button',
    );
    record.source = message;
    return record;
  }

  /** A user picks `values` in the menu `customId` under a message (any values: Discord's client sends only listed ones). */
  pick(user: FakeUser, message: FakeMessage, customId: string, values: string[]): InteractionRecord {
    const record = this.dispatchInteraction(
      3,
      user,
      message.channelId,
      { custom_id: customId, component_type: 3, values },
      messageJson(message, this.botUser),
      'menu',
    );
    record.source = message;
    return record;
  }

  /** Wait until the interaction's answer edited the message it was made on; resolves with that message. */
  async updated(record: InteractionRecord, timeoutMs = 30_000): Promise<FakeMessage> {
    await this.waitFor(() => record.updatedSource || record.refused.length > 0, timeoutMs, `an update of the message under ${record.id}`);
    if (record.refused.length) throw new Error(`Discord refused the answer: ${record.refused.join('; ')}`);
    return record.source!;
  }

  /** A user types in an autocompleted option; resolves with the offered choices. */
  async autocomplete(
    user: FakeUser,
    channelId: string,
    name: string,
    subcommand: string | undefined,
    options: Record<string, FakeOptionValue>,
    focused: string,
  ): Promise<{ name: string; value: string | number }[]> {
    const record = this.command(user, channelId, name, subcommand, options, focused);
    await this.waitFor(() => record.choices !== undefined || record.refused.length > 0, 20_000, `autocomplete for /${name} ${focused}`);
    return record.choices ?? [];
  }

  /** Wait until the interaction has `count` visible (not pending, not deleted) messages. */
  async answers(record: InteractionRecord, count = 1, timeoutMs = 30_000): Promise<FakeMessage[]> {
    await this.waitFor(
      () => visible(record).length >= count || record.refused.length > 0,
      timeoutMs,
      `${count} answer(s) to interaction ${record.kind} ${record.id}`,
    );
    if (record.refused.length) throw new Error(`Discord refused the answer: ${record.refused.join('; ')}`);
    return visible(record);
  }

  messagesIn(channelId: string): FakeMessage[] {
    return (this.channelMessages.get(channelId) ?? []).filter((m) => !m.deleted && !m.ephemeral);
  }

  /** Resolve when `test` holds; checked after every recorded event. A time limit, not a speed assertion. */
  waitFor(test: () => boolean, timeoutMs = 20_000, what = 'condition'): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!test()) return;
        clearTimeout(timer);
        this.off('event', check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.off('event', check);
        reject(new Error(`fake Discord: timed out waiting for ${what}`));
      }, timeoutMs);
      this.on('event', check);
    });
  }

  private dispatchInteraction(
    type: number,
    user: FakeUser,
    channelId: string,
    data: unknown,
    message: unknown,
    kind: InteractionRecord['kind'],
  ): InteractionRecord {
    const record: InteractionRecord = {
      id: snowflake(),
      token: `itoken-${snowflake()}`,
      kind,
      user,
      channelId,
      sentAt: Date.now(),
      deferred: false,
      messages: [],
      refused: [],
      updatedSource: false,
      deferredUpdate: false,
    };
    this.interactions.push(record);
    this.byToken.set(record.token, record);
    this.knownUsers.set(user.id, user);
    const payload = {
      id: record.id,
      application_id: this.applicationId,
      type,
      token: record.token,
      version: 1,
      data,
      guild_id: this.guildOf(channelId),
      channel_id: channelId,
      channel: { id: channelId, type: 0, guild_id: this.guildOf(channelId), name: `channel-${channelId.slice(-4)}` },
      member: { ...memberJson(user), permissions: user.permissions ?? '0' },
      app_permissions: '0',
      locale: 'en-US',
      guild_locale: 'en-US',
      entitlements: [],
      authorizing_integration_owners: { '0': this.guildOf(channelId) },
      context: 0,
      ...(message ? { message } : {}),
    };
    this.gateway.dispatch('INTERACTION_CREATE', payload, this.guildOf(channelId));
    return record;
  }

  // ---- REST ---------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = decodeURIComponent(url.pathname).replace(/^\/api(\/v\d+)?/, '');
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const none = () => {
      res.writeHead(204);
      res.end();
    };
    if (method === 'GET' && url.pathname.startsWith('/attachments/')) return this.serveAttachment(url, res);
    const interactionRoute = /^\/(interactions|webhooks)\//.test(path);
    if (!interactionRoute && req.headers.authorization !== `Bot ${this.token}`) return json(401, { message: '401: Unauthorized', code: 0 });

    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/gateway/bot') {
      return json(200, {
        url: this.gatewayUrl,
        shards: this.shardCount,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 16 },
      });
    }
    if (method === 'GET' && path === '/applications/@me')
      return json(200, { id: this.applicationId, name: 'Referee', flags: 0, bot: this.botUser });
    if ((m = path.match(/^\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands$/)) && method === 'PUT') {
      const commands = JSON.parse(body.toString('utf8')) as CommandJson[];
      if (this.refuse('command registration', checkCommands(commands), json)) return;
      this.deployed.set(m[2] ?? 'global', commands);
      this.useCommands(commands);
      this.emit('event');
      return json(
        200,
        commands.map((c) => ({ ...c, id: snowflake(), application_id: m![1], version: snowflake() })),
      );
    }
    if ((m = path.match(/^\/interactions\/(\d+)\/([^/]+)\/callback$/)) && method === 'POST') {
      const record = this.byToken.get(m[2]!);
      if (!record) return json(404, { message: 'Unknown interaction', code: 10062 });
      const elapsed = Date.now() - record.sentAt;
      if (record.answeredAfterMs !== undefined) {
        record.refused.push('acknowledged twice');
        this.emit('event');
        return json(400, { message: 'Interaction has already been acknowledged.', code: 40060 });
      }
      if (elapsed > ANSWER_WINDOW_MS) {
        record.refused.push(`first answer after ${elapsed} ms`);
        this.emit('event');
        return json(404, { message: 'Unknown interaction', code: 10062 });
      }
      const { payload, files } = await parsePayload(req, body);
      // A refused answer acknowledges nothing: the interaction stays open.
      if (this.refuse(`interaction callback type ${payload.type}`, checkCallback(payload, files), json, record)) return;
      record.answeredAfterMs = elapsed;
      const type = payload.type as number;
      const data = (payload.data ?? {}) as Record<string, unknown>;
      // A message (4), or an update of the clicked one (7); a deferral (5, 6) or choices (8) carry no text.
      if (type === 4 || type === 7) this.checkMentions(`interaction callback type ${type}`, data);
      let message: FakeMessage | undefined;
      if (type === 8) record.choices = (data.choices as { name: string; value: string }[]) ?? [];
      else if (type === 4 || type === 5) {
        record.deferred = type === 5;
        message = this.addMessage(record.channelId, type === 5 ? { flags: data.flags } : data, files, record.id, type === 5);
        record.messages.push(message);
      } else if (type === 6) {
        // Only a pick on a message may be deferred without a message of its own.
        if (!record.source) {
          record.refused.push('DEFERRED_UPDATE_MESSAGE answers a component interaction only');
          this.emit('event');
          return json(400, { message: 'Interaction callback type 6 is for component interactions', code: 50035 });
        }
        record.deferred = true;
        record.deferredUpdate = true;
      } else if (type === 7) {
        if (!record.source) {
          record.refused.push('UPDATE_MESSAGE answers a component interaction only');
          this.emit('event');
          return json(400, { message: 'Interaction callback type 7 is for component interactions', code: 50035 });
        }
        this.updateMessage(record.source, data, files);
        record.updatedSource = true;
      }
      this.emit('event');
      if (url.searchParams.get('with_response') === 'true') {
        return json(200, {
          interaction: { id: record.id, type: 2 },
          resource: message ? { type, message: messageJson(message, this.botUser) } : { type },
        });
      }
      return none();
    }
    if ((m = path.match(/^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/))) {
      const record = this.byToken.get(m[2]!);
      if (!record) return json(404, { message: 'Unknown Webhook', code: 10015 });
      // @original of a pick answered by UPDATE_MESSAGE or DEFERRED_UPDATE_MESSAGE is the message picked on.
      const original = record.source && (record.deferredUpdate || record.updatedSource) ? record.source : record.messages[0];
      const target = m[3] === '@original' ? original : m[3] ? this.messages.get(m[3]) : undefined;
      if (method === 'POST' && !m[3]) {
        const { payload, files } = await parsePayload(req, body);
        if (this.refuse('follow-up', checkMessage(payload, files, { edit: false, interaction: true }), json, record)) return;
        this.checkMentions('follow-up', payload);
        const message = this.addMessage(record.channelId, payload, files, record.id, false);
        record.messages.push(message);
        this.emit('event');
        return json(200, messageJson(message, this.botUser));
      }
      if (!target) return json(404, { message: 'Unknown Message', code: 10008 });
      if (method === 'PATCH') {
        const { payload, files } = await parsePayload(req, body);
        const check = checkMessage(payload, files, { edit: true, interaction: true });
        if (this.refuse('edit of an interaction message', check, json, record)) return;
        this.checkMentions('edit of an interaction message', payload);
        this.updateMessage(target, payload, files);
        if (target === record.source) record.updatedSource = true;
        this.emit('event');
        return json(200, messageJson(target, this.botUser));
      }
      if (method === 'DELETE') {
        target.deleted = true;
        this.emit('event');
        return none();
      }
      if (method === 'GET') return json(200, messageJson(target, this.botUser));
    }
    if ((m = path.match(/^\/channels\/(\d+)\/messages$/)) && method === 'POST') {
      const { payload, files } = await parsePayload(req, body);
      if (this.refuse('channel message', checkMessage(payload, files, { edit: false, interaction: false }), json)) return;
      this.checkMentions('channel message', payload);
      const message = this.addMessage(m[1]!, payload, files, undefined, false);
      this.emit('event');
      return json(200, messageJson(message, this.botUser));
    }
    if ((m = path.match(/^\/channels\/(\d+)\/messages\/(\d+)$/)) && method === 'PATCH') {
      const target = this.messages.get(m[2]!);
      if (!target || target.deleted) return json(404, { message: 'Unknown Message', code: 10008 });
      const { payload, files } = await parsePayload(req, body);
      if (this.refuse('edit of a channel message', checkMessage(payload, files, { edit: true, interaction: false }), json)) return;
      this.checkMentions('edit of a channel message', payload);
      this.updateMessage(target, payload, files);
      this.emit('event');
      return json(200, messageJson(target, this.botUser));
    }
    if ((m = path.match(/^\/channels\/(\d+)\/threads$/)) && method === 'POST') {
      const payload = JSON.parse(body.toString('utf8') || '{}') as { name?: string };
      if (this.refuse('thread', checkThread(payload), json)) return;
      const thread = { id: snowflake(), parentId: m[1]!, name: payload.name ?? 'thread' };
      this.threads.push(thread);
      this.threadsOpened += 1;
      if (this.channelGuilds.has(thread.parentId)) this.channelGuilds.set(thread.id, this.guildOf(thread.parentId));
      this.emit('event');
      return json(201, {
        id: thread.id,
        type: 11,
        guild_id: this.guildOf(thread.id),
        parent_id: thread.parentId,
        name: thread.name,
        owner_id: this.botUser.id,
        thread_metadata: { archived: false, auto_archive_duration: 10080, locked: false, archive_timestamp: new Date().toISOString() },
      });
    }
    if ((m = path.match(/^\/channels\/(\d+)$/)) && method === 'DELETE') {
      const index = this.threads.findIndex((t) => t.id === m![1]);
      if (index < 0) return json(404, { message: 'Unknown Channel', code: 10003 });
      const [thread] = this.threads.splice(index, 1);
      this.emit('event');
      return json(200, { id: thread!.id, type: 11, parent_id: thread!.parentId, name: thread!.name });
    }
    this.unknownRoutes.push(`${method} ${path}`);
    this.emit('event');
    return json(404, { message: '404: Not Found', code: 0 });
  }

  /**
   * Answer a refused body as Discord does and record it (on the interaction too, so a test
   * waiting for its answer fails at once with the reason). True when it was refused.
   */
  private refuse(
    route: string,
    refusal: Refusal | undefined,
    json: (status: number, value: unknown) => void,
    record?: InteractionRecord,
  ): boolean {
    if (!refusal) return false;
    const why = 'errors' in refusal.body ? describeFormErrors(refusal.body).join('; ') : `${refusal.body.code} ${refusal.body.message}`;
    this.invalidBodies.push(`${route}: ${why}`);
    record?.refused.push(`${route}: ${why}`);
    this.emit('event');
    json(refusal.status, refusal.body);
    return true;
  }

  /** Record a message body's `allowed_mentions`, and a problem when it could ping anyone. */
  private checkMentions(route: string, data: Record<string, unknown>): void {
    this.mentionChecks += 1;
    const problem = mentionProblem(data.allowed_mentions);
    if (problem) this.mentionProblems.push(`${route}: ${problem}: ${JSON.stringify(String(data.content ?? '').slice(0, 80))}`);
  }

  /** The CDN: a file a member attached, at its signed URL (a wrong or missing signature is a 404, as on Discord). */
  private serveAttachment(url: URL, res: ServerResponse): void {
    const id = url.pathname.split('/')[3] ?? '';
    const upload = this.uploads.get(id);
    const signed = upload && `${url.pathname}${url.search}` === new URL(upload.url).pathname + new URL(upload.url).search;
    this.cdnRequests.push({ path: url.pathname, status: signed ? 200 : 404 });
    this.emit('event');
    if (!upload || !signed) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('This content is no longer available.');
      return;
    }
    res.writeHead(200, { 'content-type': upload.contentType, 'content-length': String(upload.data.length) });
    res.end(upload.data);
  }

  private addMessage(
    channelId: string,
    data: Record<string, unknown>,
    files: FakeFile[],
    interactionId: string | undefined,
    pending: boolean,
  ): FakeMessage {
    const message: FakeMessage = {
      id: snowflake(),
      channelId,
      content: String(data.content ?? ''),
      ...('allowed_mentions' in data ? { allowedMentions: data.allowed_mentions } : {}),
      files,
      buttons: buttonsOf(data.components),
      menus: menusOf(data.components),
      embeds: [],
      components: Array.isArray(data.components) ? data.components : [],
      edits: 0,
      ephemeral: (Number(data.flags ?? 0) & EPHEMERAL) !== 0,
      interactionId,
      pending,
      deleted: false,
    };
    message.embeds = embedsOf(data.embeds, message.files);
    this.messages.set(message.id, message);
    const list = this.channelMessages.get(channelId) ?? [];
    list.push(message);
    this.channelMessages.set(channelId, list);
    return message;
  }

  /**
   * An edit, as Discord applies one: fields sent replace the message's, fields left out stay.
   * `attachments` lists the files to keep (by id, as messageJson numbers them) and describes
   * the new ones; without it, new files are added to those kept. Embeds are resolved against
   * the files the message has after the edit.
   */
  private updateMessage(target: FakeMessage, data: Record<string, unknown>, files: FakeFile[]): void {
    if (data.content !== undefined) target.content = String(data.content ?? '');
    if ('allowed_mentions' in data) target.allowedMentions = data.allowed_mentions;
    if (data.components !== undefined) {
      target.buttons = buttonsOf(data.components);
      target.menus = menusOf(data.components);
      target.components = Array.isArray(data.components) ? data.components : [];
    }
    if (Array.isArray(data.attachments)) {
      // Entries naming an attachment the message has keep it; the others describe this edit's uploads (files[n]).
      const ids = new Set((data.attachments as { id?: unknown }[]).map((a) => String(a.id)));
      const kept = target.files.filter((_, i) => ids.has(attachmentId(target, i)));
      target.files = [...kept, ...files];
    } else if (files.length) target.files = [...target.files, ...files];
    if (data.embeds !== undefined) target.embeds = embedsOf(data.embeds, target.files);
    else target.embeds = target.embeds.map((e) => ({ ...e, imageFile: imageFileOf(e.imageUrl, target.files) }));
    target.edits += 1;
    target.pending = false;
  }
}

function visible(record: InteractionRecord): FakeMessage[] {
  return record.messages.filter((m) => !m.pending && !m.deleted);
}

function inferType(value: string | number | boolean): number {
  if (typeof value === 'boolean') return OPTION_BOOLEAN;
  if (typeof value === 'number') return Number.isInteger(value) ? OPTION_INTEGER : OPTION_NUMBER;
  return OPTION_STRING;
}
