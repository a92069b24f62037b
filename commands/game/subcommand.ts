import type { SlashCommandSubcommandBuilder } from 'discord.js';
import type { CommandContext } from '../../src/dispatch/command.js';

/** One /game subcommand: its options (on a builder already named) and what it does. */
export interface GameSubcommand {
  name: string;
  build(s: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder;
  run(ctx: CommandContext): Promise<void>;
}
