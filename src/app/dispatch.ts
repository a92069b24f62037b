import { COMMANDS } from '../../commands/index.js';
import { UserError, type CommandContext } from './command.js';

/**
 * Run one invocation through its command. Refusals become ephemeral replies that change
 * nothing; an unexpected error is reported briefly and rethrown for the log.
 */
export async function dispatch(ctx: CommandContext): Promise<void> {
  const command = COMMANDS.get(ctx.invocation.command);
  if (!command) {
    await ctx.reply({ content: `Unknown command /${ctx.invocation.command}. Try ${[...COMMANDS.keys()].map((c) => `/${c}`).join(', ')}.`, ephemeral: true });
    return;
  }
  try {
    await command.execute(ctx);
  } catch (err) {
    if (err instanceof UserError) {
      await ctx.reply({ content: err.message, ephemeral: true });
      return;
    }
    await ctx.reply({ content: 'Something went wrong on our side; nothing was changed. The error has been logged.', ephemeral: true });
    throw err;
  }
}
