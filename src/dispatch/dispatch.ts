import { COMMANDS } from '../../commands/index.js';
import { UserError } from '../contracts/errors.js';
import type { Choice, Reply } from '../contracts/reply.js';
import type { AutocompleteRequest, ButtonContext, CommandContext } from './command.js';

const FAILURE = 'Something went wrong on our side; nothing was changed. The error has been logged.';

/**
 * Run one invocation through its command. Refusals become ephemeral replies that change
 * nothing; an unexpected error is reported briefly and rethrown for the log.
 */
export async function dispatch(ctx: CommandContext): Promise<void> {
  const command = COMMANDS.get(ctx.invocation.command);
  if (!command) {
    await ctx.reply({
      content: `Unknown command /${ctx.invocation.command}. Try ${[...COMMANDS.keys()].map((c) => `/${c}`).join(', ')}.`,
      ephemeral: true,
    });
    return;
  }
  await guarded(
    (r) => ctx.reply(r),
    () => command.execute(ctx),
  );
}

/** Route a button press to the command named before the first colon of its customId. */
export async function dispatchButton(ctx: ButtonContext): Promise<void> {
  const name = ctx.press.customId.split(':', 1)[0] ?? '';
  const command = COMMANDS.get(name);
  if (!command?.onButton) {
    await ctx.reply({ content: 'That button no longer does anything; nothing was changed.', ephemeral: true });
    return;
  }
  await guarded(
    (r) => ctx.reply(r),
    () => command.onButton!(ctx),
  );
}

/** Suggestions for the option being typed; never throws (Discord shows no choices instead). */
export async function dispatchAutocomplete(request: AutocompleteRequest): Promise<Choice[]> {
  const command = COMMANDS.get(request.invocation.command);
  if (!command?.autocomplete) return [];
  try {
    return (await command.autocomplete(request)).slice(0, 25);
  } catch {
    return [];
  }
}

async function guarded(reply: (r: Reply) => Promise<void>, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (err instanceof UserError) {
      await reply({ content: err.message, ephemeral: true });
      return;
    }
    await reply({ content: FAILURE, ephemeral: true });
    throw err;
  }
}
