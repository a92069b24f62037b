import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { Choice, Reply } from '../contracts/reply.js';
import type { ButtonPress, Invocation } from './invocation.js';
import type { Services } from './services.js';

export type { AttachedFile, ButtonPress, Invocation } from './invocation.js';

/** An autocomplete request: the option being typed and what is typed so far. */
export interface AutocompleteRequest {
  invocation: Invocation;
  focused: { name: string; value: string };
  services: Services;
}

export interface CommandContext {
  invocation: Invocation;
  services: Services;
  reply(reply: Reply): Promise<void>;
  /** Front ends that must answer quickly (Discord: 3 s) acknowledge here before slow work. */
  defer?(ephemeral?: boolean): Promise<void>;
  /**
   * Front ends with threads (Discord): open a public thread of this channel named `name` and
   * send the command's public replies there from then on; resolves with the thread's id, or
   * refuses with a UserError. Called only once every check has passed, so a refused command
   * leaves no thread behind.
   */
  openThread?(name: string): Promise<string>;
}

export interface ButtonContext {
  press: ButtonPress;
  services: Services;
  reply(reply: Reply): Promise<void>;
  defer?(ephemeral?: boolean): Promise<void>;
}

export interface CommandModule {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(ctx: CommandContext): Promise<void>;
  /** Handles presses of buttons (and picks in menus) whose customId starts with "<name>:". */
  onButton?(ctx: ButtonContext): Promise<void>;
  /** At most 25 choices (Discord's limit). */
  autocomplete?(request: AutocompleteRequest): Promise<Choice[]>;
}
