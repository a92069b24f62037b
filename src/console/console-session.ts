import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDispatcher } from '../../commands/index.js';
import { UserError } from '../contracts/errors.js';
import type { Reply, ReplyButton, ReplyMenu } from '../contracts/reply.js';
import type { Dispatcher } from '../dispatch/dispatch.js';
import type { Limits } from '../dispatch/limits.js';
import { closeServices, createServices, type Services } from '../dispatch/services.js';
import { INSTALLED_GAMES } from '../games/installed.js';
import { GameRegistry } from '../games/registry.js';
import { createGameStore } from '../store/game-store.js';
import type { VoteClock } from '../votes/clock.js';
import { parseLine } from './parse-line.js';

export const CONSOLE_HELP = [
  'Moscow wargames console. Type slash commands as in Discord, e.g. /hex id:1019, /game new game:<id>, /game help.',
  'Console only: /press N presses button N of the last reply; /pick N picks option N of the last menu (/pick 1 3 4: several, where the menu takes them); /as NAME [manager] changes who is typing; /help shows this. Ctrl-D quits.',
].join('\n');

export interface ConsoleOptions {
  outDir: string;
  /** Where reply text goes (stdout in the terminal, an array in tests). */
  print: (text: string) => void;
  user?: { id: string; name: string; canManage?: boolean };
  channelId?: string;
  /** SQLite file for games; default `<outDir>/console.sqlite`, so a game survives a restart. */
  dataFile?: string;
  /** Ballot deadlines' clock (tests drive it by hand). */
  voteClock?: VoteClock;
  /** The games it plays; default: the installed games, configured from the environment. */
  games?: GameRegistry;
  /** Rate limits and caps, as in Discord; default none (the console is one person's). */
  limits?: Limits;
  /** The rate limits' clock in ms (tests drive it by hand). */
  limitClock?: () => number;
}

/**
 * The local console: typed slash-command lines in, replies printed and images written.
 * Games go through the same session layer and store as in Discord. Two console-only
 * commands: `/press N` presses button N of the last reply, `/as NAME [manager]` changes who
 * is typing (to try team games and refusals).
 */
export class ConsoleSession {
  private fileCount = 0;
  private buttons: ReplyButton[] = [];
  private menu?: ReplyMenu;
  private user: { id: string; name: string; canManage?: boolean };
  readonly services: Services;
  private readonly dispatcher: Dispatcher;
  readonly written: string[] = [];

  constructor(private readonly opts: ConsoleOptions) {
    mkdirSync(opts.outDir, { recursive: true });
    this.user = opts.user ?? { id: 'console', name: 'console' };
    this.services = createServices({
      store: createGameStore({ dataFile: opts.dataFile ?? join(opts.outDir, 'console.sqlite') }),
      games: opts.games ?? new GameRegistry(INSTALLED_GAMES, process.env),
      // Ballots closing on their deadline print here; open ones from an earlier run resume.
      post: async (_channel, reply) => this.show(reply),
      ...(opts.voteClock ? { clock: opts.voteClock } : {}),
      sessionOptions: { allowLocalImport: true },
      ...(opts.limits ? { limits: opts.limits } : {}),
      ...(opts.limitClock ? { limitClock: opts.limitClock } : {}),
    });
    this.dispatcher = createDispatcher(this.services);
    this.ready = this.services.votes.resume();
  }

  private readonly ready: Promise<number>;

  async run(line: string): Promise<void> {
    await this.ready;
    const text = line.trim();
    if (!text || text.startsWith('#')) return;
    const channelId = this.opts.channelId ?? 'console';
    const reply = async (r: Reply) => this.show(r);
    if (/^\/help\s*$/i.test(text)) return this.opts.print(CONSOLE_HELP);
    if (/^\/press\b/i.test(text)) return this.press(text, channelId);
    if (/^\/pick\b/i.test(text)) return this.pick(text, channelId);
    if (/^\/as\b/i.test(text)) return this.switchUser(text);
    let invocation: ReturnType<typeof parseLine>;
    try {
      invocation = parseLine(this.dispatcher.commands, text, this.user, channelId);
    } catch (err) {
      if (err instanceof UserError) return this.show({ content: err.message, ephemeral: true });
      throw err;
    }
    await this.dispatcher.command({ invocation, reply });
  }

  /** Release the game store (its SQLite file). */
  async close(): Promise<void> {
    await closeServices(this.services);
  }

  private async press(text: string, channelId: string): Promise<void> {
    const match = /^\/press\s+(\d{1,2})\s*$/i.exec(text);
    const n = match ? Number(match[1]) : NaN;
    const button = this.buttons[n - 1];
    if (!button) {
      const offer = this.buttons.length ? `1 to ${this.buttons.length}` : 'none: the last reply had no buttons';
      return this.show({ content: `/press takes a button number from the last reply (${offer}).`, ephemeral: true });
    }
    await this.dispatcher.button({ press: { customId: button.customId, user: this.user, channelId }, reply: async (r) => this.show(r) });
  }

  /** A pick in the last menu, as Discord sends one: the menu's id and the values of the options picked. */
  private async pick(text: string, channelId: string): Promise<void> {
    const match = /^\/pick((?:\s+\d{1,2}){1,25})\s*$/i.exec(text);
    const options =
      match && this.menu
        ? match[1]!
            .trim()
            .split(/\s+/)
            .map((n) => this.menu!.options[Number(n) - 1])
        : [];
    if (!options.length || options.some((o) => !o) || !this.menu) {
      const offer = this.menu ? `1 to ${this.menu.options.length}` : 'none: no reply had a menu yet';
      return this.show({
        content: `/pick takes an option number from the last menu (${offer}), or several where the menu takes them.`,
        ephemeral: true,
      });
    }
    const most = this.menu.maxValues ?? 1;
    if (options.length > most)
      return this.show({ content: `That menu takes at most ${most} option${most === 1 ? '' : 's'}; nothing was picked.`, ephemeral: true });
    await this.dispatcher.button({
      press: { customId: this.menu.customId, values: options.map((o) => o!.value), user: this.user, channelId },
      reply: async (r) => this.show(r),
    });
  }

  private switchUser(text: string): void {
    const match = /^\/as\s+([A-Za-z0-9_-]{1,32})(\s+manager)?\s*$/i.exec(text);
    if (!match)
      return this.show({ content: 'Write /as NAME, or /as NAME manager for someone who can manage the channel.', ephemeral: true });
    const name = match[1]!;
    this.user = { id: name === 'console' ? 'console' : `console-${name.toLowerCase()}`, name, ...(match[2] ? { canManage: true } : {}) };
    this.opts.print(`(console) You are now ${name}${match[2] ? ', who can manage the channel' : ''}.`);
  }

  private show(reply: Reply): void {
    // A reply that takes the place of the message picked on is printed again, marked so.
    const prefix = `${reply.replace ? '(updated) ' : ''}${reply.ephemeral ? '(only you) ' : ''}`;
    this.opts.print(`${prefix}${reply.content}`);
    if (reply.embed) {
      const e = reply.embed;
      const lines = [`[card] ${e.title}`, e.description, ...(e.fields ?? []).map((f) => `${f.name}: ${f.value}`), e.footer];
      this.opts.print(lines.filter((l): l is string => !!l).join('\n'));
    }
    for (const file of reply.files ?? []) {
      this.fileCount += 1;
      const name = `${String(this.fileCount).padStart(3, '0')}-${file.name}`;
      const path = join(this.opts.outDir, name);
      writeFileSync(path, file.data);
      this.written.push(path);
      this.opts.print(`${/\.(webp|png)$/.test(file.name) ? '[image]' : '[file]'} ${path}`);
    }
    if (reply.menu) {
      this.menu = reply.menu;
      this.opts.print(
        `${reply.menu.placeholder}\n${reply.menu.options.map((o, i) => `  <${i + 1}> ${o.label}${o.description ? ` · ${o.description}` : ''}`).join('\n')}   (${(reply.menu.maxValues ?? 1) > 1 ? `/pick N N ...: ${reply.menu.minValues ?? 1} to ${reply.menu.maxValues} options` : '/pick N'})`,
      );
    }
    // The buttons a /press refers to are those of the latest reply that had any.
    if (reply.buttons?.length) {
      this.buttons = reply.buttons;
      this.opts.print(`${reply.buttons.map((b, i) => `[${i + 1}] ${b.label}`).join('  ')}   (/press N)`);
    }
  }
}
