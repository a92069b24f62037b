import type { SlashCommandBuilder, SlashCommandSubcommandBuilder } from 'discord.js';
import { DISCORD_COMMAND_LIMITS } from '../src/contracts/limits.js';
import type { OrderOption } from '../src/games/orders.js';

/**
 * Options the games declare, as Discord options: merged when several games declare one name
 * for one (sub)command, checked against Discord's limits with the command named (discord.js's
 * builders would fail later without saying which game broke them), then added to a builder.
 */

export interface MergedOption extends OrderOption {
  /** Discord marks an option required only when every game using the (sub)command requires it. */
  requiredByAll: boolean;
}

/** The union of the options several games declare for one (sub)command: one name, one type. */
export function mergeOptions(where: string, declared: { game: string; options: readonly OrderOption[] }[]): MergedOption[] {
  const merged = new Map<string, MergedOption>();
  for (const { game, options } of declared) {
    for (const o of options) {
      const seen = merged.get(o.name);
      if (!seen) {
        const requiredByAll = declared.every((d) => d.options.some((x) => x.name === o.name && x.required));
        merged.set(o.name, { ...o, ...(o.choices ? { choices: [...o.choices] } : {}), requiredByAll });
        continue;
      }
      if (seen.type !== o.type) throw new Error(`Option ${o.name} of ${where} is a ${seen.type} in one game and a ${o.type} in ${game}.`);
      seen.autocomplete ||= o.autocomplete;
      seen.minLength = Math.min(seen.minLength ?? 0, o.minLength ?? 0) || undefined;
      seen.maxLength = seen.maxLength === undefined || o.maxLength === undefined ? undefined : Math.max(seen.maxLength, o.maxLength);
      seen.minValue = seen.minValue === undefined || o.minValue === undefined ? undefined : Math.min(seen.minValue, o.minValue);
      seen.maxValue = seen.maxValue === undefined || o.maxValue === undefined ? undefined : Math.max(seen.maxValue, o.maxValue);
      if (seen.choices || o.choices) {
        const all = [...(seen.choices ?? []), ...(o.choices ?? [])];
        seen.choices = all.filter((c, i) => all.findIndex((x) => x.value === c.value) === i);
      }
    }
  }
  // Discord lists required options first.
  return [...merged.values()].sort((a, b) => Number(b.requiredByAll) - Number(a.requiredByAll));
}

/** Refuse, naming the command and its games, what Discord would refuse. */
export function checkOptionLimits(where: string, games: readonly string[], options: readonly MergedOption[], already = 0): void {
  const L = DISCORD_COMMAND_LIMITS;
  const count = already + options.length;
  if (count > L.options) throw new Error(`${where} would have ${count} options (games ${games.join(', ')}): Discord allows ${L.options}.`);
  for (const o of options) {
    if (o.description.length > L.descriptionChars)
      throw new Error(`${where} ${o.name}: a description of ${o.description.length} characters; Discord allows ${L.descriptionChars}.`);
    if ((o.choices?.length ?? 0) > L.choices)
      throw new Error(`${where} ${o.name}: ${o.choices!.length} choices (games ${games.join(', ')}); Discord allows ${L.choices}.`);
  }
}

/** Add the options to a (sub)command builder, with their types and limits. */
export function addOrderOptions(builder: SlashCommandBuilder | SlashCommandSubcommandBuilder, options: readonly MergedOption[]): void {
  for (const o of options) {
    if (o.type === 'string') {
      builder.addStringOption((x) => {
        x.setName(o.name).setDescription(o.description).setRequired(o.requiredByAll);
        if (o.choices && !o.autocomplete) x.addChoices(...o.choices);
        if (o.autocomplete) x.setAutocomplete(true);
        if (o.minLength !== undefined) x.setMinLength(o.minLength);
        if (o.maxLength !== undefined) x.setMaxLength(o.maxLength);
        return x;
      });
    } else if (o.type === 'integer') {
      builder.addIntegerOption((x) => {
        x.setName(o.name).setDescription(o.description).setRequired(o.requiredByAll);
        if (o.choices && !o.autocomplete) x.addChoices(...o.choices.map((c) => ({ name: c.name, value: Number(c.value) })));
        if (o.autocomplete) x.setAutocomplete(true);
        if (o.minValue !== undefined) x.setMinValue(o.minValue);
        if (o.maxValue !== undefined) x.setMaxValue(o.maxValue);
        return x;
      });
    } else {
      builder.addBooleanOption((x) => x.setName(o.name).setDescription(o.description).setRequired(o.requiredByAll));
    }
  }
}
