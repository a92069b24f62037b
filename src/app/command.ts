import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';

/**
 * The one shape every slash command has, whether it arrives from Discord, the local
 * console or a test: a parsed invocation in, replies out.
 */
export type OptionValue = string | number | boolean;

export interface Invocation {
  command: string;
  subcommand?: string;
  options: Record<string, OptionValue>;
  user: { id: string; name: string };
  channelId: string;
}

export interface ReplyFile {
  name: string;
  data: Buffer;
  description?: string;
}

export interface Reply {
  content: string;
  files?: ReplyFile[];
  /** Only the person who asked sees it (refusals, errors, help). */
  ephemeral?: boolean;
}

export interface CommandContext {
  invocation: Invocation;
  reply(reply: Reply): Promise<void>;
}

export interface CommandModule {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(ctx: CommandContext): Promise<void>;
}

/** A refusal a player should read: bad input, an illegal action. Nothing was changed. */
export class UserError extends Error {}
