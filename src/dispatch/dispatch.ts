import { buildCommands } from '../../commands/index.js';
import { UserError } from '../contracts/errors.js';
import type { Choice, Reply } from '../contracts/reply.js';
import type { AutocompleteRequest, ButtonContext, CommandContext, CommandModule } from './command.js';
import type { Services } from './services.js';

const FAILURE = 'Something went wrong on our side; nothing was changed. The error has been logged.';

type Without<T, K extends keyof T> = Omit<T, K>;

/**
 * Runs every invocation, button press and autocomplete request through its command, with
 * the services in its context. Refusals become ephemeral replies that change nothing; an
 * unexpected error is reported briefly and rethrown for the log.
 */
export class Dispatcher {
  readonly commands: ReadonlyMap<string, CommandModule>;

  constructor(readonly services: Services) {
    this.commands = buildCommands(services.games);
  }

  async command(ctx: Without<CommandContext, 'services'>): Promise<void> {
    const command = this.commands.get(ctx.invocation.command);
    if (!command) {
      const known = [...this.commands.keys()].map((c) => `/${c}`).join(', ');
      await ctx.reply({ content: `Unknown command /${ctx.invocation.command}. Try ${known}.`, ephemeral: true });
      return;
    }
    await guarded(
      (r) => ctx.reply(r),
      () => command.execute({ ...ctx, services: this.services }),
    );
  }

  /** Route a button press to the command named before the first colon of its customId. */
  async button(ctx: Without<ButtonContext, 'services'>): Promise<void> {
    const name = ctx.press.customId.split(':', 1)[0] ?? '';
    const command = this.commands.get(name);
    if (!command?.onButton) {
      await ctx.reply({ content: 'That button no longer does anything; nothing was changed.', ephemeral: true });
      return;
    }
    await guarded(
      (r) => ctx.reply(r),
      () => command.onButton!({ ...ctx, services: this.services }),
    );
  }

  /** Suggestions for the option being typed; never throws (Discord shows no choices instead). */
  async autocomplete(request: Without<AutocompleteRequest, 'services'>): Promise<Choice[]> {
    const command = this.commands.get(request.invocation.command);
    if (!command?.autocomplete) return [];
    try {
      return (await command.autocomplete({ ...request, services: this.services })).slice(0, 25);
    } catch {
      return [];
    }
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
