/**
 * The one shape of what the bot says, whether it goes to Discord, the local console or a
 * test: text, files, buttons. Every layer from the games up may build these.
 */
export type OptionValue = string | number | boolean;

/** Who acts: `canManage` is Discord's Manage Channels; `roles` are the member's role ids. */
export interface Member {
  id: string;
  name: string;
  canManage?: boolean;
  roles?: string[];
}

export interface ReplyFile {
  name: string;
  data: Buffer;
  description?: string;
}

/**
 * A button under a reply. `customId` (at most 100 characters) starts with the name of the
 * command that handles the press, then a colon: "game:<gameId>:<version>:<choice>". It
 * carries everything needed to act, so buttons keep working after a restart.
 */
export interface ReplyButton {
  customId: string;
  label: string;
  style?: 'primary' | 'secondary' | 'success' | 'danger';
}

export interface Reply {
  content: string;
  files?: ReplyFile[];
  /** Only the person who asked sees it (refusals, errors, help). */
  ephemeral?: boolean;
  /** Buttons for the obvious next steps; at most 25 (5 rows of 5). */
  buttons?: ReplyButton[];
}

/** An autocomplete or menu suggestion. */
export interface Choice {
  name: string;
  value: string;
}
