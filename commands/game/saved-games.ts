import { z } from 'zod';
import { UserError } from '../../src/contracts/errors.js';
import { fitText, LIMITS } from '../../src/contracts/limits.js';
import { plural } from '../../src/contracts/text.js';
import { parseOptions } from '../../src/dispatch/options.js';
import { importSizeRefusal, readImportSource } from '../../src/session/import-source.js';
import { statusText } from '../../src/session/present.js';
import { choiceButtons } from '../../src/session/replies.js';
import { whereOf } from '../../src/session/where.js';
import { withImage } from './picture.js';
import type { GameSubcommand } from './subcommand.js';

/** A channel's games as records: /game export, import and list. */

const exportOptions = z.object({
  id: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{8}$/, 'a game id is 8 letters and digits, as /game list shows')
    .optional(),
});
const importOptions = z.object({ file: z.string().min(1).optional(), path: z.string().min(1).optional() });

export const exportSubcommand: GameSubcommand = {
  name: 'export',
  build: (s) =>
    s
      .setDescription('The game as a JSON file (the seed only once it is over)')
      .addStringOption((o) =>
        o.setName('id').setDescription('A game id from /game list (default: this channel’s game)').setAutocomplete(true),
      ),
  async run(ctx) {
    const { id } = parseOptions(ctx.invocation, exportOptions);
    const { doc, def, file } = await ctx.services.sessions.exportGame(whereOf(ctx.invocation), id);
    const data = Buffer.from(JSON.stringify(file, null, 2));
    if (data.length > LIMITS.uploadBytes) throw new UserError('This game’s export is larger than Discord’s 10 MiB upload limit.');
    const secret =
      file.game.seed === undefined
        ? ' The game is still running, so the seed and dice state are left out.'
        : ' It includes the seed, so it replays exactly.';
    await ctx.reply({
      content: `Export of ${def.name} game \`${doc.id}\` at version ${doc.version}.${secret}`,
      files: [{ name: `${def.id}-${doc.id}-v${doc.version}.json`, data, description: 'Game export' }],
    });
  },
};

export const importSubcommand: GameSubcommand = {
  name: 'import',
  build: (s) =>
    s
      .setDescription('Load a game from a /game export file into this channel')
      .addAttachmentOption((o) => o.setName('file').setDescription('The JSON file from /game export'))
      .addStringOption((o) => o.setName('path').setDescription('Local console only: a file path')),
  async run(ctx) {
    // `file` arrives as the attachment's URL from Discord (as a path from the console).
    const { file, path } = parseOptions(ctx.invocation, importOptions);
    const source = file ?? path;
    if (!source) throw new UserError('Attach the JSON file made by /game export (file:), or in the console give path:.');
    if (path && !file && !ctx.services.sessions.options.allowLocalImport)
      throw new UserError('path: works only in the local console; attach the file instead.');
    // Discord says how large an attachment is: one too large is refused before it is downloaded.
    const attached = ctx.invocation.files?.file;
    const tooLarge = attached && importSizeRefusal(attached.bytes);
    if (tooLarge) throw new UserError(tooLarge);
    const text = await readImportSource(source, ctx.services.sessions.options.allowLocalImport ?? false, ctx.services.attachmentOrigins);
    const outcome = await ctx.services.sessions.importGame(whereOf(ctx.invocation), ctx.invocation.user, text);
    await ctx.defer?.();
    // The import's line says the seed is public and publishes the commitment to the new dice.
    const content = `Imported as game \`${outcome.doc.id}\` (from \`${String(outcome.doc.settings.importedFrom)}\`), replayed to version ${outcome.doc.version}. ${outcome.events.map((e) => e.text).join(' ')}\n${statusText(outcome)}`;
    await ctx.reply(
      await withImage({ content: fitText(content), buttons: choiceButtons(outcome.doc, outcome.prompt, outcome.def) }, outcome, 'full'),
    );
  },
};

export const listSubcommand: GameSubcommand = {
  name: 'list',
  build: (s) => s.setDescription('This channel’s games'),
  async run(ctx) {
    const { games, elsewhere, unreadable } = await ctx.services.sessions.list(whereOf(ctx.invocation));
    const others = elsewhere ? ` ${plural(elsewhere, 'game')} in other channels of this server: /game list there shows them.` : '';
    if (games.length === 0 && unreadable.length === 0) {
      await ctx.reply({ content: `No games in this channel yet. /game new starts one.${others}`, ephemeral: true });
      return;
    }
    const lines = games.map(
      (d) =>
        `\`${d.id}\` ${ctx.services.games.get(d.game)?.name ?? d.game} · ${d.status} · version ${d.version} · <#${d.channelId}> · ${d.createdAt.slice(0, 10)}`,
    );
    if (unreadable.length) lines.push(`Set aside as damaged: ${unreadable.join(', ')}`);
    if (others) lines.push(others.trim());
    await ctx.reply({ content: fitText(`**Games in this channel** (newest first)\n${lines.join('\n')}`, '(older games not shown)') });
  },
};
