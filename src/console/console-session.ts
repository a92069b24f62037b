import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reply } from '../app/command.js';
import { dispatch } from '../app/dispatch.js';
import { UserError } from '../app/command.js';
import { parseLine } from './parse-line.js';

export interface ConsoleOptions {
  outDir: string;
  /** Where reply text goes (stdout in the terminal, an array in tests). */
  print: (text: string) => void;
  user?: { id: string; name: string };
  channelId?: string;
}

/** The local console: typed slash-command lines in, replies printed and images written. */
export class ConsoleSession {
  private imageCount = 0;
  readonly written: string[] = [];

  constructor(private readonly opts: ConsoleOptions) {
    mkdirSync(opts.outDir, { recursive: true });
  }

  async run(line: string): Promise<void> {
    const text = line.trim();
    if (!text || text.startsWith('#')) return;
    let invocation;
    try {
      invocation = parseLine(text, this.opts.user ?? { id: 'console', name: 'console' }, this.opts.channelId ?? 'console');
    } catch (err) {
      if (err instanceof UserError) return this.show({ content: err.message, ephemeral: true });
      throw err;
    }
    await dispatch({ invocation, reply: async (r) => this.show(r) });
  }

  private show(reply: Reply): void {
    const prefix = reply.ephemeral ? '(only you) ' : '';
    this.opts.print(`${prefix}${reply.content}`);
    for (const file of reply.files ?? []) {
      this.imageCount += 1;
      const name = `${String(this.imageCount).padStart(3, '0')}-${file.name}`;
      const path = join(this.opts.outDir, name);
      writeFileSync(path, file.data);
      this.written.push(path);
      this.opts.print(`[image] ${path}`);
    }
  }
}
