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

/**
 * A card shown with a reply (Discord's embed): a title, a few short fields, the side's colour,
 * and one of the reply's files as its picture. Front ends without cards print it as text.
 */
export interface ReplyEmbed {
  title: string;
  description?: string;
  /** 0xRRGGBB, e.g. the colour of the side whose decision it is. */
  colour?: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  /** The name of one of the reply's files, shown as the card's picture. */
  image?: string;
  footer?: string;
}

/** One option of a menu: `value` (at most 100 characters) is what the pick sends back. */
export interface MenuOption {
  label: string;
  value: string;
  description?: string;
}

/**
 * A menu under a reply (Discord's string select): one pick, or between `minValues` and
 * `maxValues` picks. `customId` routes the pick like a button's (the command before the first
 * colon) and carries what the pick needs to act.
 */
export interface ReplyMenu {
  customId: string;
  placeholder: string;
  /** At most 25. */
  options: MenuOption[];
  /** Several picks at once (default one); at most the number of options. */
  minValues?: number;
  maxValues?: number;
}

export interface Reply {
  content: string;
  files?: ReplyFile[];
  /** Only the person who asked sees it (refusals, errors, help). */
  ephemeral?: boolean;
  /** Buttons for the obvious next steps; at most 25 (5 rows of 5; 20 with a menu). */
  buttons?: ReplyButton[];
  embed?: ReplyEmbed;
  /** A menu above the buttons. */
  menu?: ReplyMenu;
  /**
   * The answer to a button or menu pick that shows the same view again (another round of one
   * battle, a status refreshed, a menu's next page): it takes the place of the message the
   * pick was made on instead of adding one. Files given replace the message's; none keeps them.
   */
  replace?: boolean;
}

/** An autocomplete or menu suggestion. */
export interface Choice {
  name: string;
  value: string;
}
