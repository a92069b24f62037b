/**
 * Discord's limits in one place, so every front end (and the console, which mimics
 * Discord) cuts replies the same way.
 */
export const LIMITS = {
  /** Largest upload a bot may send without a boosted server. */
  uploadBytes: 10 * 1024 * 1024,
  messageChars: 2000,
  /** Buttons under one message (5 rows of 5), and autocomplete or select choices. */
  choices: 25,
  buttonLabelChars: 80,
  customIdChars: 100,
  choiceNameChars: 100,
} as const;

/** What Discord accepts in a bot's registered slash commands. */
export const DISCORD_COMMAND_LIMITS = { commands: 100, options: 25, choices: 25, descriptionChars: 100 } as const;

/** Cut text to `max` characters at a line break when possible, ending with a pointer to the rest. */
export function fitText(text: string, pointer = '(more in /game log)', max: number = LIMITS.messageChars): string {
  if (text.length <= max) return text;
  const tail = `\n… ${pointer}`;
  const room = max - tail.length;
  const cut = text.lastIndexOf('\n', room);
  return `${text.slice(0, cut > room / 2 ? cut : room)}${tail}`;
}

/** Split text into messages of at most `max` characters, at line breaks where possible. */
export function splitText(text: string, max: number = LIMITS.messageChars): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const cut = rest.lastIndexOf('\n', max);
    const at = cut > 0 ? cut : max;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^\n/, '');
  }
  if (rest.length > 0 || parts.length === 0) parts.push(rest);
  return parts;
}

/** Shorten a label to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
