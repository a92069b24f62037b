import { UserError } from '../contracts/errors.js';
import type { Choice, Reply } from '../contracts/reply.js';
import { whereOf } from '../session/where.js';
import { StoreUnavailableError } from '../store/game-store.js';
import type { AutocompleteRequest, ButtonContext, CommandContext, CommandModule } from './command.js';
import { createsGame } from './limits.js';
import type { Services } from './services.js';

const FAILURE = 'Something went wrong on our side; nothing was changed. The error has been logged.';

/** What a server-side failure happened in, for the log (ids only: no option values, which players typed). */
export interface FailureContext {
  command: string;
  subcommand?: string;
  /** A button's custom id (game id, version, choice). */
  customId?: string;
  channelId: string;
  guildId?: string;
  userId: string;
}

/**
 * Where server-side failures go: the store not answering (`warn`: the player was told to
 * try again) and unexpected errors (`error`: the player was told it was logged).
 */
export type FailureReport = (level: 'warn' | 'error', err: unknown, context: FailureContext) => void;

export interface DispatcherOptions {
  /** Without it an unexpected error is rethrown after the player's answer, for the caller to log. */
  report?: FailureReport;
}

type Without<T, K extends keyof T> = Omit<T, K>;

/**
 * Runs every invocation, button press and autocomplete request through its command, with
 * the services in its context. Refusals become ephemeral replies that change nothing; the
 * store not answering is told to the player and reported; an unexpected error is told
 * briefly and reported (or rethrown, without a report).
 *
 * Before a command runs, the limits in `services.limiter` are checked, cheapest first: the
 * member's pace (token buckets), then for a command that creates a game the caps on active
 * games (a place is held until the command is done, so concurrent ones cannot overshoot).
 * Orders, choice buttons and take-backs meet the free-order cap on their own path, on the game
 * they read once (act-and-reply.ts, commands/game/choice-button.ts, commands/game/undo-end.ts).
 * A refused command changes nothing and takes no token.
 */
export class Dispatcher {
  /** `commands`: the command table, by name, that the entry point built (commands/index.ts); dispatch names no command. */
  constructor(
    readonly services: Services,
    readonly commands: ReadonlyMap<string, CommandModule>,
    private readonly options: DispatcherOptions = {},
  ) {}

  async command(ctx: Without<CommandContext, 'services'>): Promise<void> {
    const command = this.commands.get(ctx.invocation.command);
    if (!command) {
      const known = [...this.commands.keys()].map((c) => `/${c}`).join(', ');
      await ctx.reply({ content: `Unknown command /${ctx.invocation.command}. Try ${known}.`, ephemeral: true });
      return;
    }
    const creates = createsGame(ctx.invocation);
    const tooFast = this.services.limiter.pace(ctx.invocation.user, creates);
    if (tooFast) {
      await ctx.reply({ content: tooFast, ephemeral: true });
      return;
    }
    const { invocation } = ctx;
    const context: FailureContext = {
      command: invocation.command,
      ...(invocation.subcommand ? { subcommand: invocation.subcommand } : {}),
      ...whereOf(invocation),
      userId: invocation.user.id,
    };
    await this.guarded(
      (r) => ctx.reply(r),
      context,
      async () => {
        const release = creates ? await this.services.limiter.reserveGame(whereOf(ctx.invocation), ctx.invocation.user) : undefined;
        try {
          await command.execute({ ...ctx, services: this.services });
        } finally {
          release?.();
        }
      },
    );
  }

  /** Route a button press to the command named before the first colon of its customId. */
  async button(ctx: Without<ButtonContext, 'services'>): Promise<void> {
    const name = ctx.press.customId.split(':', 1)[0] ?? '';
    const command = this.commands.get(name);
    if (!command?.onButton) {
      await ctx.reply({
        content: 'That button no longer does anything; nothing was changed. /game status shows the choices now.',
        ephemeral: true,
      });
      return;
    }
    const tooFast = this.services.limiter.pace(ctx.press.user, false);
    if (tooFast) {
      await ctx.reply({ content: tooFast, ephemeral: true });
      return;
    }
    const { press } = ctx;
    const context: FailureContext = {
      command: name,
      customId: press.customId,
      ...whereOf(press),
      userId: press.user.id,
    };
    await this.guarded(
      (r) => ctx.reply(r),
      context,
      async () => {
        await command.onButton!({ ...ctx, services: this.services });
      },
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

  private async guarded(reply: (r: Reply) => Promise<void>, context: FailureContext, run: () => Promise<void>): Promise<void> {
    const report = this.options.report;
    try {
      await run();
    } catch (err) {
      // The store being down is the player's to hear (try again) and the operator's to know.
      if (err instanceof StoreUnavailableError) report?.('warn', err, context);
      if (err instanceof UserError) {
        await reply({ content: err.message, ephemeral: true });
        return;
      }
      report?.('error', err, context);
      await reply({ content: FAILURE, ephemeral: true });
      if (!report) throw err;
    }
  }
}
