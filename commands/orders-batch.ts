import { SlashCommandBuilder } from 'discord.js';
import { z } from 'zod';
import { UserError } from '../src/contracts/errors.js';
import type { ButtonContext, CommandContext, CommandModule } from '../src/dispatch/command.js';
import { parseOptions } from '../src/dispatch/options.js';
import { BATCH_MAX_CHARS } from '../src/dispatch/order-lines.js';
import { readImportSource } from '../src/session/import-source.js';

/**
 * /orders: a turn's orders at once, one per line as the slash commands are written
 * (`move force:1413 to:1611`), in `text:` (lines separated by ;) or an attached text file.
 * They are checked against the rules, drawn as one picture and carried out in order once the
 * player presses Carry out; in a vote game they are a plan on the ballot.
 */

/** The largest file of orders read; Discord states a file's size, so a larger one is refused before it is fetched. */
const FILE_MAX_BYTES = 64 * 1024;

const data = new SlashCommandBuilder()
  .setName('orders')
  .setDescription('Give many orders at once, checked and drawn before any is carried out')
  .addSubcommand((s) =>
    s
      .setName('give')
      .setDescription('Orders one per line (or separated by ;), as the commands are written: move force:1413 to:1611')
      .addStringOption((o) =>
        o
          .setName('text')
          .setDescription('e.g. move force:1413 to:1611; move force:1514 to:1713; battles: retreat after round 2')
          .setMaxLength(6000),
      )
      .addAttachmentOption((o) => o.setName('file').setDescription('A text file of orders, one per line'))
      .addStringOption((o) => o.setName('path').setDescription('Local console only: a file of orders')),
  )
  .addSubcommand((s) => s.setName('status').setDescription('The orders given as a batch: where they stand, every line'))
  .addSubcommand((s) => s.setName('resume').setDescription('Go on with paused (or interrupted) orders'))
  .addSubcommand((s) => s.setName('stop').setDescription('Drop the rest of the orders (those carried out stand)'));

const giveOptions = z.object({
  text: z.string().min(1).max(6000).optional(),
  file: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
});

async function orderText(ctx: CommandContext): Promise<string> {
  const { text, file, path } = parseOptions(ctx.invocation, giveOptions);
  const given = [text, file ?? path].filter((x) => x !== undefined);
  if (given.length !== 1) throw new UserError('Give the orders in text: or in a file (file:), one of the two.');
  if (text !== undefined) return text;
  if (path && !file && !ctx.services.sessions.options.allowLocalImport)
    throw new UserError('path: works only in the local console; attach the file instead.');
  const attached = ctx.invocation.files?.file;
  if (attached && attached.bytes > FILE_MAX_BYTES)
    throw new UserError(`That file is ${attached.bytes} bytes; a file of orders is at most ${FILE_MAX_BYTES} bytes. Nothing was read.`);
  const read = await readImportSource(
    file ?? path!,
    ctx.services.sessions.options.allowLocalImport ?? false,
    ctx.services.attachmentOrigins,
  );
  if (read.length > BATCH_MAX_CHARS)
    throw new UserError(`That file has ${read.length} characters; a batch takes at most ${BATCH_MAX_CHARS}.`);
  return read;
}

async function execute(ctx: CommandContext): Promise<void> {
  const { channelId, user, subcommand } = ctx.invocation;
  const batches = ctx.services.batches;
  switch (subcommand) {
    case 'give': {
      const text = await orderText(ctx);
      await ctx.defer?.();
      await ctx.reply(await batches.give(channelId, user, text));
      return;
    }
    case 'status':
      await ctx.reply(await batches.status(channelId));
      return;
    case 'resume':
      await ctx.defer?.();
      await ctx.reply(await batches.resumeOrders(channelId, user));
      return;
    case 'stop':
      await ctx.reply(await batches.stop(channelId, user));
      return;
    default:
      throw new UserError('/orders takes give, status, resume or stop.');
  }
}

/** Carry out, Cancel, Go on, Skip, Stop and the answers to a decision: `orders:<gameId>:<batchId>:<op>`. */
async function onButton(ctx: ButtonContext): Promise<void> {
  // Carrying out may take a while (a whole turn): acknowledged first.
  if (!/:(cancel|stop)$/.test(ctx.press.customId)) await ctx.defer?.();
  await ctx.reply(await ctx.services.batches.press(ctx.press.channelId, ctx.press.user, ctx.press.customId));
}

export function ordersBatchCommand(): CommandModule {
  return { data, execute, onButton };
}
