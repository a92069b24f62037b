import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';

/**
 * The one shape every slash command has, whether it arrives from Discord, the local
 * console or a test: a parsed invocation in, replies out.
 */
export type OptionValue = string | number | boolean;

/** Who acts: `canManage` is Discord's Manage Channels; `roles` are the member's role ids. */
export interface Member {
  id: string;
  name: string;
  canManage?: boolean;
  roles?: string[];
}

export interface Invocation {
  command: string;
  subcommand?: string;
  options: Record<string, OptionValue>;
  user: Member;
  channelId: string;
}

export interface ReplyFile {
  name: string;
  data: Buffer;
  description?: string;
}

/**
 * A button under a reply. `customId` (at most 100 characters) starts with the name of the
 * command that handles the press, then a colon: "game:<gameId>:<version>:<choice>". It
 * carries everything needed to act, so buttons keep working after a restart.
 */
export interface ReplyButton {
  customId: string;
  label: string;
  style?: 'primary' | 'secondary' | 'success' | 'danger';
}

export interface Reply {
  content: string;
  files?: ReplyFile[];
  /** Only the person who asked sees it (refusals, errors, help). */
  ephemeral?: boolean;
  /** Buttons for the obvious next steps; at most 25 (5 rows of 5). */
  buttons?: ReplyButton[];
}

/** A button press, routed to the command named before the first colon of its customId. */
export interface ButtonPress {
  customId: string;
  user: Member;
  channelId: string;
}

/** An autocomplete request: the option being typed and what is typed so far. */
export interface AutocompleteRequest {
  invocation: Invocation;
  focused: { name: string; value: string };
}

export interface Choice {
  name: string;
  value: string;
}

export interface CommandContext {
  invocation: Invocation;
  reply(reply: Reply): Promise<void>;
  /** Front ends that must answer quickly (Discord: 3 s) acknowledge here before slow work. */
  defer?(ephemeral?: boolean): Promise<void>;
}

export interface ButtonContext {
  press: ButtonPress;
  reply(reply: Reply): Promise<void>;
  defer?(ephemeral?: boolean): Promise<void>;
}

export interface CommandModule {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(ctx: CommandContext): Promise<void>;
  /** Handles presses of buttons whose customId starts with "<name>:". */
  onButton?(ctx: ButtonContext): Promise<void>;
  /** At most 25 choices (Discord's limit). */
  autocomplete?(request: AutocompleteRequest): Promise<Choice[]>;
}

/** A refusal a player should read: bad input, an illegal action. Nothing was changed. */
export class UserError extends Error {}
