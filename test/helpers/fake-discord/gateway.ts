import type { WebSocket } from 'ws';
import { snowflake } from './snowflake.js';

/** What the gateway needs of the fake Discord it belongs to. */
export interface GatewayHost {
  readonly token: string;
  readonly botUser: { id: string };
  readonly applicationId: string;
  gatewayUrl(): string;
  /** Every guild the bot is in. */
  guildIds(): string[];
  /** A guild as GUILD_CREATE carries it. */
  guildJson(guildId: string): Record<string, unknown>;
  /** An IDENTIFY arrived for this shard. */
  identified(shard: [number, number]): void;
  /** Something a test may be waiting for happened. */
  changed(): void;
}

interface GatewayConnection {
  ws: WebSocket;
  shard: [number, number];
  seq: number;
  sessionId: string;
}

/** The shard a guild's events go to, as Discord routes them: (guild id >> 22) % shards. */
export function shardOfGuild(guildId: string, shards: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shards));
}

/**
 * The fake Discord's JSON gateway: HELLO, heartbeats, IDENTIFY answered with READY and a
 * GUILD_CREATE per guild of the shard, no resumes; dispatches go to the guild's shard.
 */
export class FakeGateway {
  private readonly connections = new Set<GatewayConnection>();

  constructor(private readonly host: GatewayHost) {}

  /** Connections open, identified or not. */
  get size(): number {
    return this.connections.size;
  }

  /** Sessions identified so far (one per shard). */
  get identified(): number {
    return [...this.connections].filter((c) => c.sessionId).length;
  }

  accept(ws: WebSocket): void {
    const conn: GatewayConnection = { ws, shard: [0, 1], seq: 0, sessionId: '' };
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 41_250 }, s: null, t: null }));
    ws.on('message', (raw) => {
      const packet = JSON.parse(String(raw)) as { op: number; d: any };
      if (packet.op === 1) ws.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
      else if (packet.op === 2) this.identify(conn, packet.d);
      else if (packet.op === 6) {
        // No resumes here: the bot starts a new session.
        ws.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
      }
    });
    ws.on('close', () => {
      this.connections.delete(conn);
      this.host.changed();
    });
  }

  private identify(conn: GatewayConnection, d: any): void {
    const { token } = this.host;
    if (d?.token !== token && d?.token !== `Bot ${token}`) {
      conn.ws.close(4004, 'Authentication failed.');
      return;
    }
    conn.shard = (d.shard as [number, number] | undefined) ?? [0, 1];
    conn.sessionId = snowflake();
    this.host.identified(conn.shard);
    this.connections.add(conn);
    // As Discord does: READY lists the shard's guilds as unavailable, then a GUILD_CREATE
    // brings each one (roles, the bot's own member); the client is ready once all arrived.
    const guilds = this.host.guildIds().filter((g) => shardOfGuild(g, conn.shard[1]) === conn.shard[0]);
    this.send(conn, 'READY', {
      v: 10,
      user: this.host.botUser,
      guilds: guilds.map((id) => ({ id, unavailable: true })),
      session_id: conn.sessionId,
      resume_gateway_url: this.host.gatewayUrl(),
      shard: conn.shard,
      application: { id: this.host.applicationId, flags: 0 },
    });
    for (const id of guilds) this.send(conn, 'GUILD_CREATE', this.host.guildJson(id));
    this.host.changed();
  }

  /** Send an event to the guild's shard; throws when that shard is not connected. */
  dispatch(t: string, d: unknown, guildId: string): void {
    const conn = this.connectionOf(guildId);
    if (!conn) throw new Error(`fake Discord: no gateway session for the shard of guild ${guildId} (${this.identified} connected)`);
    this.send(conn, t, d);
  }

  /** Send an event to the guild's shard if it is connected (a later READY carries it otherwise). */
  tell(t: string, d: unknown, guildId: string): void {
    const conn = this.connectionOf(guildId);
    if (conn) this.send(conn, t, d);
  }

  /** Close every connection, as when a bot process dies. */
  dropAll(): void {
    for (const c of this.connections) c.ws.terminate();
    this.connections.clear();
  }

  /** The identified session of the guild's shard, if connected. */
  private connectionOf(guildId: string): GatewayConnection | undefined {
    const shards = [...this.connections].filter((c) => c.sessionId);
    const count = shards[0]?.shard[1] ?? 1;
    const shardId = shardOfGuild(guildId, count);
    return shards.find((c) => c.shard[0] === shardId);
  }

  private send(conn: GatewayConnection, t: string, d: unknown): void {
    conn.seq += 1;
    conn.ws.send(JSON.stringify({ op: 0, t, s: conn.seq, d }));
  }
}
