import type { Member, OptionValue } from '../contracts/reply.js';

/**
 * The one shape every slash command has, whether it arrives from Discord, the local
 * console or a test: a parsed invocation in (command.ts adds the services and the replies).
 */
export interface Invocation {
  command: string;
  subcommand?: string;
  options: Record<string, OptionValue>;
  /** Files attached to attachment options, by option name (the option's value is the file's URL). */
  files?: Record<string, AttachedFile>;
  user: Member;
  channelId: string;
}

/** A file a member attached, as Discord describes it before anything is downloaded. */
export interface AttachedFile {
  url: string;
  name: string;
  bytes: number;
}

/**
 * A button press or a menu pick, routed to the command named before the first colon of its
 * customId. A pick carries the values picked (untrusted: the handler checks them).
 */
export interface ButtonPress {
  customId: string;
  user: Member;
  channelId: string;
  values?: string[];
}
