import { type APIApplicationCommandOption, ApplicationCommandOptionType } from 'discord.js';
import { UserError } from '../contracts/errors.js';
import type { OptionValue } from '../contracts/reply.js';
import type { CommandModule, Invocation } from '../dispatch/command.js';
import { tokenize } from '../dispatch/tokenize.js';

/**
 * Turn a typed line such as `/hex id:1019 game:battle-for-moscow` into the same
 * invocation Discord would deliver, checked against the command's own builder so that the
 * console accepts exactly what Discord accepts.
 */
export function parseLine(
  commands: ReadonlyMap<string, CommandModule>,
  line: string,
  user: Invocation['user'],
  channelId: string,
): Invocation {
  const tokens = tokenize(line.trim());
  const head = tokens.shift();
  if (!head?.startsWith('/')) throw new UserError('Commands start with a slash, e.g. /hex id:1019');
  const name = head.slice(1).toLowerCase();
  const command = commands.get(name);
  if (!command) throw new UserError(`Unknown command /${name}. Commands: ${[...commands.keys()].map((c) => `/${c}`).join(', ')}`);

  let options = (command.data.toJSON().options ?? []) as APIApplicationCommandOption[];
  let subcommand: string | undefined;
  const subs = options.filter((o) => o.type === ApplicationCommandOptionType.Subcommand);
  if (subs.length > 0) {
    const sub = tokens.shift();
    const found = subs.find((s) => s.name === sub);
    if (!found) throw new UserError(`/${name} needs one of: ${subs.map((s) => s.name).join(', ')}`);
    subcommand = found.name;
    options = ('options' in found ? found.options : undefined) ?? [];
  }

  const values: Record<string, OptionValue> = {};
  for (const token of tokens) {
    const colon = token.indexOf(':');
    if (colon <= 0) throw new UserError(`Options are written name:value; "${token}" is not.`);
    const key = token.slice(0, colon);
    const raw = token.slice(colon + 1);
    const spec = options.find((o) => o.name === key);
    if (!spec)
      throw new UserError(
        `/${name}${subcommand ? ` ${subcommand}` : ''} has no option "${key}". Options: ${options.map((o) => o.name).join(', ') || 'none'}`,
      );
    if (key in values) throw new UserError(`Option "${key}" is given twice.`);
    values[key] = convert(spec, raw);
  }
  for (const spec of options) {
    if ('required' in spec && spec.required && !(spec.name in values)) throw new UserError(`Option "${spec.name}" is required.`);
  }
  return { command: name, subcommand, options: values, user, channelId };
}

function convert(spec: APIApplicationCommandOption, raw: string): OptionValue {
  switch (spec.type) {
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number: {
      const n = Number(raw);
      if (raw === '' || !Number.isFinite(n) || (spec.type === ApplicationCommandOptionType.Integer && !Number.isInteger(n))) {
        throw new UserError(
          `Option "${spec.name}" takes a ${spec.type === ApplicationCommandOptionType.Integer ? 'whole number' : 'number'}, not "${raw}".`,
        );
      }
      return n;
    }
    case ApplicationCommandOptionType.Boolean:
      if (raw === 'true' || raw === 'false') return raw === 'true';
      throw new UserError(`Option "${spec.name}" takes true or false, not "${raw}".`);
    case ApplicationCommandOptionType.String: {
      if ('choices' in spec && spec.choices?.length && !spec.choices.some((c) => c.value === raw)) {
        throw new UserError(`Option "${spec.name}" takes one of: ${spec.choices.map((c) => c.value).join(', ')}.`);
      }
      return raw;
    }
    default:
      return raw;
  }
}
