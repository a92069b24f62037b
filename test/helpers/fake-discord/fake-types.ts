/** What the fake Discord records and hands to tests: members, messages, interactions. */

export interface FakeUser {
  id: string;
  name: string;
  /** The member's nickname on the server (Discord's `member.nick`). */
  nick?: string;
  /** Permission bits as a decimal string (Manage Channels is 16). */
  permissions?: string;
  /** Role ids of the member's guild, made by `FakeDiscord.role` (without @everyone, as Discord lists them). */
  roles?: string[];
}

/** A role of a fake guild, as Discord sends it (GUILD_CREATE, resolved.roles). */
export interface FakeRole {
  id: string;
  name: string;
  position: number;
}

export interface FakeFile {
  name: string;
  data: Buffer;
}

export interface FakeButton {
  customId: string;
  label: string;
  style: number;
  disabled: boolean;
}

/** A string select menu under a message (component type 3). */
export interface FakeMenu {
  customId: string;
  placeholder: string;
  options: { label: string; value: string; description?: string }[];
  disabled: boolean;
  /** How many options one pick takes (Discord's default: exactly one). */
  minValues: number;
  maxValues: number;
}

/** An embed as stored: its picture resolved to one of the message's files when it says attachment://name. */
export interface FakeEmbed {
  title?: string;
  description?: string;
  color?: number;
  fields: { name: string; value: string; inline: boolean }[];
  footer?: string;
  /** The image URL as sent. */
  imageUrl?: string;
  /** The message's file an attachment:// image names (undefined when it names none the message has). */
  imageFile?: FakeFile;
}

/** A file a member attaches to a command (an ATTACHMENT option), served by the fake CDN. */
export interface FakeUpload {
  kind: 'upload';
  id: string;
  name: string;
  data: Buffer;
  contentType: string;
  /** Where the fake CDN serves it (signed like Discord's: the query must match). */
  url: string;
}

export type FakeOptionValue = string | number | boolean | FakeUpload;

export interface FakeMessage {
  id: string;
  channelId: string;
  content: string;
  /** The `allowed_mentions` of the request that created or last edited it (undefined: none sent). */
  allowedMentions?: unknown;
  files: FakeFile[];
  buttons: FakeButton[];
  menus: FakeMenu[];
  embeds: FakeEmbed[];
  /** The message's component rows as last sent (echoed back as Discord does). */
  components: unknown[];
  /** How many times it was edited (a PATCH, or an UPDATE_MESSAGE answer to a pick on it). */
  edits: number;
  ephemeral: boolean;
  /** The interaction that produced it, if any. */
  interactionId?: string;
  /** Still the "thinking…" placeholder of a deferred answer. */
  pending: boolean;
  deleted: boolean;
}

export interface InteractionRecord {
  id: string;
  token: string;
  kind: 'command' | 'button' | 'menu' | 'autocomplete';
  user: FakeUser;
  channelId: string;
  sentAt: number;
  /** When the first acknowledgement arrived (ms since sentAt). */
  answeredAfterMs?: number;
  deferred: boolean;
  /** Original answer first, then follow-ups, in order (deleted ones stay, marked). */
  messages: FakeMessage[];
  choices?: { name: string; value: string | number }[];
  /** Acknowledged too late or twice: what Discord would have refused. */
  refused: string[];
  /** The message whose button was clicked (or menu picked). */
  source?: FakeMessage;
  /** The answer edited the source message (UPDATE_MESSAGE, or DEFERRED_UPDATE_MESSAGE then an edit of @original). */
  updatedSource: boolean;
  /** The first answer was a deferral without a message (DEFERRED_UPDATE_MESSAGE, type 6). */
  deferredUpdate: boolean;
}

export interface CommandOptionJson {
  name: string;
  type: number;
  options?: CommandOptionJson[];
}
export interface CommandJson {
  name: string;
  options?: CommandOptionJson[];
}
